import { MAX_HOSTS, MAX_STAGES } from "@losslab/kinds";
import { checkCount, nodeCount } from "./check-count.js";
import { TopologyError } from "./topology-error.js";

/**
 * Checks the `k` (an integer >= 2) and `n` (an integer >= 1) options of builder `builder`
 * and returns the host count `k^n`, at most MAX_HOSTS (65 536). Throws a `TopologyError`
 * naming the option otherwise.
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

/** The parameters of the k-ary n-tree and n-fly kinds (k^n, at most MAX_HOSTS, is checked by the scenario). */
export const kAryNParameters = {
  k: nodeCount(2, "k: the switch radix (hosts per first-stage switch)"),
  n: { type: "integer", min: 1, max: MAX_STAGES, description: "n: switch stages, for k^n hosts H0.." },
} as const;
