/** A host list for an error message: all of it when short, else the first 20 and the count. */
export function formatHosts(hosts: readonly string[]): string {
  if (hosts.length <= 24) return hosts.join(", ");
  return `${hosts.slice(0, 20).join(", ")}, ... (${hosts.length} hosts)`;
}
