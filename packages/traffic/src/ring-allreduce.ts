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

const ringParameters = collectiveParameters("ring-allreduce");

/**
 * The ring all-reduce's flows (Patarasuk and Yuan, JPDC 2009, sec. 3; NCCL's ring): the
 * buffer of S bytes is cut into n chunks; in step s of 2(n - 1) (n - 1 of reduce-scatter,
 * then n - 1 of all-gather) rank r sends chunk (r - s) mod n to rank r + 1, once it has
 * received what rank r - 1 sent it in step s - 1 (the chunk it reduces, or forwards). Each
 * rank sends 2(n - 1)/n S bytes in all. Flow s x n + r is rank r's send of step s.
 */
export function ringSchedule(ranks: number, bytes: number, path: string): CollectiveSchedule {
  checkPieces(bytes, ranks, path, "chunks");
  const steps = 2 * (ranks - 1);
  const flows: ScheduledFlow[] = [];
  for (let step = 0; step < steps; step++) {
    for (let rank = 0; rank < ranks; rank++) {
      const previous = (rank + ranks - 1) % ranks;
      flows.push({
        source: rank,
        destination: (rank + 1) % ranks,
        bytes: chunkBytes(bytes, ranks, (((rank - step) % ranks) + ranks) % ranks),
        step,
        after: step === 0 ? [] : [(step - 1) * ranks + previous],
      });
    }
  }
  return { steps, flows };
}

/** A ring all-reduce of `bytes` over its ranks (see `ringSchedule`). */
export function ringAllreduce(options: unknown, path = "traffic"): TrafficGenerator {
  return collective("ring-allreduce", ringParameters, options, path, (ranks, { bytes }, at) =>
    ringSchedule(ranks, bytes, at),
  );
}

/** Registry entry (create-generator.ts). */
export const ringAllreduceDefinition = defineGenerator({
  kind: "ring-allreduce",
  description:
    "ring all-reduce of `bytes` over n ranks: 2(n-1) steps, in each every rank sends a chunk of S/n to the next once it has the previous step's (Patarasuk and Yuan 2009)",
  parameters: ringParameters,
  create: (values, { path }) => ringAllreduce(values, path),
});

/** Scenario spec of the ring all-reduce. */
export type RingAllreduceSpec = SpecOf<typeof ringAllreduceDefinition>;
