import type { SpecOf } from "@losslab/kinds";
import {
  type CollectiveSchedule,
  checkPieces,
  chunkBytes,
  collective,
  collectiveParameters,
  type ScheduledFlow,
} from "./collective.js";
import { defineGenerator } from "./generator-definition.js";
import type { TrafficGenerator } from "./traffic-sink.js";

const allToAllParameters = {
  ...collectiveParameters("all-to-all"),
  schedule: {
    type: "choice",
    values: ["direct", "staggered"],
    default: "direct",
    description:
      "direct: every rank sends to every other at once; staggered: in step i rank r sends to r + i, once its step i - 1 send is delivered",
  },
} as const;

/**
 * All-to-all (personalised exchange): each rank's buffer of S bytes is cut into n chunks and
 * chunk j goes to rank j, so (n - 1)/n S bytes leave every rank. `direct` starts all n(n - 1)
 * flows at once (the NIC shares its link among them); `staggered` is the pairwise exchange of
 * Thakur et al. (IJHPCA 2005, sec. 3.3): in step i = 1..n-1 rank r sends to (r + i) mod n,
 * once its send of step i - 1 is delivered (each step a permutation, n - 1 of them). The flow
 * of rank r to r + i is in step i - 1 either way: flow (i - 1) x n + r.
 */
export function allToAllSchedule(ranks: number, bytes: number, staggered: boolean, path: string): CollectiveSchedule {
  checkPieces(bytes, ranks, path, "chunks");
  const flows: ScheduledFlow[] = [];
  for (let offset = 1; offset < ranks; offset++) {
    for (let rank = 0; rank < ranks; rank++) {
      const destination = (rank + offset) % ranks;
      flows.push({
        source: rank,
        destination,
        bytes: chunkBytes(bytes, ranks, destination),
        step: offset - 1,
        after: staggered && offset > 1 ? [(offset - 2) * ranks + rank] : [],
      });
    }
  }
  return { steps: ranks - 1, flows };
}

/** An all-to-all of `bytes` per rank (see `allToAllSchedule`). */
export function allToAll(options: unknown, path = "traffic"): TrafficGenerator {
  return collective("all-to-all", allToAllParameters, options, path, (ranks, { bytes, schedule }, at) =>
    allToAllSchedule(ranks, bytes, schedule === "staggered", at),
  );
}

/** Registry entry (create-generator.ts). */
export const allToAllDefinition = defineGenerator({
  kind: "all-to-all",
  description:
    "all-to-all: each rank sends chunk j of its `bytes` to rank j, all at once (direct) or one peer per step, rank + i in step i (staggered; Thakur et al. 2005, sec. 3.3)",
  parameters: allToAllParameters,
  create: (values, { path }) => allToAll(values, path),
});

/** Scenario spec of the all-to-all. */
export type AllToAllSpec = SpecOf<typeof allToAllDefinition>;
