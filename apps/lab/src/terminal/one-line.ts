/**
 * An error message on one line, as the CLI prints user errors: a ScenarioError's
 * "invalid scenario:\n  a: ...\n  b: ..." becomes "invalid scenario: a: ...; b: ...".
 */
export function oneLine(message: string): string {
  const [first = "", ...rest] = message
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (rest.length === 0) return first;
  return first.endsWith(":") ? `${first} ${rest.join("; ")}` : [first, ...rest].join("; ");
}
