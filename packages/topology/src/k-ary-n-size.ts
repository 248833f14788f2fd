import { checkCount } from "./check-count.js";
import { TopologyError } from "./topology-error.js";

/** Largest host count the k-ary builders make (a 4-ary 8-tree has 65 536 hosts). */
const MAX_HOSTS = 1 << 16;

/**
 * Checks the `k` (an integer >= 2) and `n` (an integer >= 1) options of builder `builder`
 * and returns the host count `k^n`, at most 65 536. Throws a `TopologyError` naming the
 * option otherwise.
 */
export function kAryNHosts(builder: string, k: number, n: number): number {
  checkCount(builder, "k", k, 2);
  checkCount(builder, "n", n, 1);
  const hosts = k ** n;
  if (hosts > MAX_HOSTS) {
    throw new TopologyError(`${builder}: k^n must be at most ${MAX_HOSTS} hosts, got ${k}^${n} = ${hosts}`, "n");
  }
  return hosts;
}
