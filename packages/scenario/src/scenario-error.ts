/** A scenario that cannot run: the message names the field, the value and what is allowed. */
export class ScenarioError extends Error {
  override name = "ScenarioError";
}
