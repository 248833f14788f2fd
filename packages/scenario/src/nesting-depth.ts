import { MAX_DEPTH } from "./scenario-limits.js";

/**
 * The path of the first object or list nested deeper than MAX_DEPTH in `input`, or
 * undefined. Iterative, so a file nested 100,000 levels deep (which JSON.parse accepts)
 * is refused here instead of overflowing the stack of whatever walks it next.
 */
export function tooDeep(input: unknown): PropertyKey[] | undefined {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_DEPTH) return path;
    const list = Array.isArray(value);
    for (const [key, inner] of Object.entries(value))
      stack.push({ value: inner, path: [...path, list ? Number(key) : key] });
  }
  return undefined;
}
