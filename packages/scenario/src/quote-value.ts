/** The most characters of a value an error message quotes. */
export const MAX_QUOTED_CHARACTERS = 200;

/**
 * A value as an error message shows it: JSON-like (`"fast"`, `12`, `{"k":4}`), numbers JSON
 * cannot write as they are (`NaN`, `Infinity`), and at most MAX_QUOTED_CHARACTERS of it, with
 * the length of what was cut (`"xxxx…" (10485760 characters)`). Rendering stops once the
 * budget is spent, so a 10 MB string or a list of a million flows costs nothing to quote.
 */
export function quoteValue(value: unknown): string {
  const out: string[] = [];
  let room = MAX_QUOTED_CHARACTERS;
  const put = (text: string): boolean => {
    out.push(text.slice(0, Math.max(0, room)));
    room -= text.length;
    return room >= 0;
  };
  const render = (item: unknown): boolean => {
    if (typeof item === "string") return put(JSON.stringify(item.slice(0, room + 1)));
    if (typeof item === "number") return put(Number.isFinite(item) ? JSON.stringify(item) : String(item));
    if (item === null || typeof item !== "object") return put(String(item));
    const list = Array.isArray(item);
    const entries: Array<[string | undefined, unknown]> = list
      ? item.map((inner): [undefined, unknown] => [undefined, inner])
      : Object.entries(item);
    if (!put(list ? "[" : "{")) return false;
    for (const [i, [key, inner]] of entries.entries()) {
      if (i > 0 && !put(",")) return false;
      if (key !== undefined && !put(`${JSON.stringify(key.slice(0, room + 1))}:`)) return false;
      if (!render(inner)) return false;
    }
    return put(list ? "]" : "}");
  };
  if (render(value)) return out.join("");
  return `${out.join("")}…${describeSize(value)}`;
}

/** How big a value that did not fit is: its characters, items or fields. */
function describeSize(value: unknown): string {
  if (typeof value === "string") return ` (${value.length} characters)`;
  if (Array.isArray(value)) return ` (${value.length} items)`;
  if (value !== null && typeof value === "object") return ` (${Object.keys(value).length} fields)`;
  return "";
}
