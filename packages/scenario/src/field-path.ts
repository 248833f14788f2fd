/** A field path as error messages write it: `flows[3].source`, `switch.flowControl.xoffBytes`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : text === "" ? String(key) : `.${String(key)}`;
  return text;
}
