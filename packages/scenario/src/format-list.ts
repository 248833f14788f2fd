/** A list of names for an error message: all of it when short, else the first 20 and the count. */
export function formatList(items: Iterable<string>): string {
  const list = [...items];
  if (list.length <= 24) return list.join(", ");
  return `${list.slice(0, 20).join(", ")}, ... (${list.length} in all)`;
}
