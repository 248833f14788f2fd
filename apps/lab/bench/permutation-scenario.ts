/**
 * The paper-scale benchmark of the hot-path issue: a permutation of 2 MB flows on a k-ary
 * n-tree of CIOQ switches with VOQ inputs (iSLIP, speedup 2) at 100 Gb/s, 9000 B frames,
 * PAUSE with XOFF 270 000 / XON 180 000 B, 1 ms simulated. Every host sends one flow to
 * a distinct other host, the permutation drawn from a seeded stream (Fisher-Yates, no
 * fixed points), replayed as a CSV trace so the same connection matrix can be fed to a
 * peer simulator (and a peer's matrix to losslab: connection-matrix.ts, `readFlowMatrix`).
 */
import { RandomStream } from "@losslab/engine";
import type { ScenarioInput } from "@losslab/scenario";
import { type MatrixFlow, matrixTraceCsv } from "@losslab/traffic";

export const FLOW_BYTES = 2_000_000;

/** Destination of each source host: a permutation of 0..hosts-1 without fixed points. */
export function permutation(hosts: number, seed: number): number[] {
  const rng = new RandomStream("permutation", `${seed}/permutation`);
  for (;;) {
    const order = Array.from({ length: hosts }, (_, index) => index);
    for (let index = hosts - 1; index > 0; index--) {
      const other = Math.floor(rng.next() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    if (order.every((destination, source) => destination !== source)) return order;
  }
}

/** The flows of the permutation: every one starts at 0. */
export function permutationFlows(destinations: readonly number[]): MatrixFlow[] {
  return destinations.map((destination, source) => ({ source, destination, startPs: 0, bytes: FLOW_BYTES }));
}

/**
 * The scenario on the 4-ary `stages`-tree (3: 64 hosts, 4: 256, 5: 1024), with the seeded
 * permutation or the given `flows` (hosts 0..4^stages - 1).
 */
export function permutationScenario(
  stages: number,
  seed = 1,
  durationMs = 1,
  flows: readonly MatrixFlow[] = permutationFlows(permutation(4 ** stages, seed)),
): ScenarioInput {
  const hosts = 4 ** stages;
  return {
    name: `permutation of ${FLOW_BYTES} B flows, 4-ary ${stages}-tree (${hosts} hosts)`,
    seed,
    durationMs,
    topology: { kind: "k-ary-n-tree", k: 4, n: stages, bandwidth: 12.5e9, delayNs: 500 },
    switch: {
      kind: "cioq",
      inputQueues: "voq",
      speedup: 2,
      inputBufferBytes: 400_000,
      outputBufferBytes: 400_000,
      flowControl: { kind: "pause", xoffBytes: 270_000, xonBytes: 180_000 },
    },
    packets: { dataBytes: 9000, headerBytes: 64, ackBytes: 64 },
    flows: [],
    traffic: [{ kind: "trace", csv: matrixTraceCsv(flows, "perm") }],
  } as ScenarioInput;
}
