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

const pipelineParameters = {
  ...collectiveParameters("pipeline"),
  chunks: {
    type: "integer",
    min: 1,
    max: 100_000,
    default: 8,
    description: "pieces the `bytes` travel in (micro-batches): each moves on as soon as it has arrived",
  },
} as const;

/**
 * A pipeline of point-to-point sends (pipeline parallelism's activations, a chained
 * broadcast): `bytes` cut into `chunks` pieces travel from rank 0 through rank 1, 2, ... to
 * rank n - 1. Rank r forwards piece c once it has received it from rank r - 1 and its own
 * send of piece c - 1 is delivered (one piece at a time on each hop, in order). Step c is
 * piece c: it ends when the piece reaches the last rank. Flow c x (n - 1) + r is piece c's
 * hop from rank r.
 */
export function pipelineSchedule(ranks: number, bytes: number, chunks: number, path: string): CollectiveSchedule {
  checkPieces(bytes, chunks, path, "pieces");
  const hops = ranks - 1;
  const flows: ScheduledFlow[] = [];
  for (let chunk = 0; chunk < chunks; chunk++) {
    for (let rank = 0; rank < hops; rank++) {
      const after: number[] = [];
      if (rank > 0) after.push(chunk * hops + rank - 1);
      if (chunk > 0) after.push((chunk - 1) * hops + rank);
      flows.push({ source: rank, destination: rank + 1, bytes: chunkBytes(bytes, chunks, chunk), step: chunk, after });
    }
  }
  return { steps: chunks, flows };
}

/** A pipeline of `bytes` in `chunks` pieces along its ranks (see `pipelineSchedule`). */
export function pipeline(options: unknown, path = "traffic"): TrafficGenerator {
  return collective("pipeline", pipelineParameters, options, path, (ranks, { bytes, chunks }, at) =>
    pipelineSchedule(ranks, bytes, chunks, at),
  );
}

/** Registry entry (create-generator.ts). */
export const pipelineDefinition = defineGenerator({
  kind: "pipeline",
  description:
    "a pipeline of point-to-point sends: `bytes` in `chunks` pieces from rank 0 to rank n-1, each rank forwarding a piece once it has it",
  parameters: pipelineParameters,
  create: (values, { path }) => pipeline(values, path),
});

/** Scenario spec of the pipeline. */
export type PipelineSpec = SpecOf<typeof pipelineDefinition>;
