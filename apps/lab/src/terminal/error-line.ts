/**
 * An error as one line for the user, where a stack trace would drown the other results (a
 * failed point of a sweep, a failed preset of `reproduce --all`): its class, unless plain
 * `Error`, and its message with line breaks folded.
 */
export function errorLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = error.message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join("; ");
  return error.name === "Error" ? message : `${error.name}: ${message}`;
}
