/** A scenario that cannot run: the message names the field, the value and what is allowed. */
export class ScenarioError extends Error {
  override name = "ScenarioError";
}

/** Re-throws a package's parameter error as a ScenarioError that names the scenario field. */
export function asScenarioError<T>(field: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    const message = (error as Error).message;
    throw new ScenarioError(message.startsWith(field) ? message : `${field}: ${message}`);
  }
}
