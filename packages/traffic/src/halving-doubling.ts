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

const halvingParameters = collectiveParameters("halving-doubling-allreduce");

/**
 * The recursive halving-doubling all-reduce (Rabenseifner's algorithm; Thakur, Rabenseifner
 * and Gropp, IJHPCA 2005, sec. 4.5): over p = 2^k ranks, reduce-scatter by recursive halving
 * (step j: rank r exchanges with r XOR p/2^(j+1) the half of what it holds that the partner
 * keeps: S/2, S/4, ..., S/p), then all-gather by recursive doubling (the same partners in
 * reverse, S/p, ..., S/2): 2 log2 p steps, 2(p - 1)/p S bytes sent per rank, as in a ring.
 * Each send waits for what the rank received in the step before.
 *
 * n not a power of two: the same paper's sec. 4.5 fold. With p the largest power of two
 * below n, ranks p..n-1 first send their whole buffer (S) to ranks 0..n-p-1, which reduce
 * it; ranks 0..p-1 run the algorithm above; then ranks 0..n-p-1 send the result (S) back.
 * Two steps more, and the folded ranks' links carry S each way.
 */
export function halvingDoublingSchedule(ranks: number, bytes: number, path: string): CollectiveSchedule {
  const p = 2 ** Math.floor(Math.log2(ranks));
  const extra = ranks - p;
  checkPieces(bytes, p, path, "chunks");
  const log = Math.log2(p);
  const flows: ScheduledFlow[] = [];
  /** Per rank, the index of the flow it received last (the one its next send waits for). */
  const received = new Array<number | undefined>(ranks).fill(undefined);
  let step = 0;
  const send = (source: number, destination: number, size: number, sent: readonly (number | undefined)[]) => {
    const before = sent[source];
    flows.push({ source, destination, bytes: size, step, after: before === undefined ? [] : [before] });
    return flows.length - 1;
  };
  if (extra > 0) {
    for (let rank = p; rank < ranks; rank++) received[rank - p] = send(rank, rank - p, bytes, received);
    step++;
  }
  // Chunks [low, low + count) of S cut into p: what each rank holds (reduce-scatter) or has gathered.
  const low = new Array<number>(p).fill(0);
  let count = p;
  const span = (from: number, size: number) => {
    let total = 0;
    for (let chunk = from; chunk < from + size; chunk++) total += chunkBytes(bytes, p, chunk);
    return total;
  };
  for (let j = 0; j < log; j++, step++) {
    const distance = p >> (j + 1);
    const before = [...received];
    count /= 2;
    for (let rank = 0; rank < p; rank++) {
      const partner = rank ^ distance;
      // The partner keeps the half on its side of the split: the upper half if its bit is set.
      const partnerLow = low[rank]! + (partner & distance ? count : 0);
      received[partner] = send(rank, partner, span(partnerLow, count), before);
    }
    for (let rank = 0; rank < p; rank++) if (rank & distance) low[rank]! += count;
  }
  for (let j = log - 1; j >= 0; j--, step++) {
    const distance = p >> (j + 1);
    const before = [...received];
    for (let rank = 0; rank < p; rank++)
      received[rank ^ distance] = send(rank, rank ^ distance, span(low[rank]!, count), before);
    for (let rank = 0; rank < p; rank++) low[rank] = Math.min(low[rank]!, low[rank ^ distance]!);
    count *= 2;
  }
  if (extra > 0) {
    for (let rank = p; rank < ranks; rank++) send(rank - p, rank, bytes, received);
    step++;
  }
  return { steps: step, flows };
}

/** A recursive halving-doubling all-reduce of `bytes` over its ranks (see `halvingDoublingSchedule`). */
export function halvingDoublingAllreduce(options: unknown, path = "traffic"): TrafficGenerator {
  return collective("halving-doubling-allreduce", halvingParameters, options, path, (ranks, { bytes }, at) =>
    halvingDoublingSchedule(ranks, bytes, at),
  );
}

/** Registry entry (create-generator.ts). */
export const halvingDoublingDefinition = defineGenerator({
  kind: "halving-doubling-allreduce",
  description:
    "recursive halving-doubling all-reduce of `bytes`: 2 log2 n steps with partners at distance n/2, ..., 1, ..., n/2; other n fold the extra ranks in and out (Thakur et al. 2005, sec. 4.5)",
  parameters: halvingParameters,
  create: (values, { path }) => halvingDoublingAllreduce(values, path),
});

/** Scenario spec of the halving-doubling all-reduce. */
export type HalvingDoublingAllreduceSpec = SpecOf<typeof halvingDoublingDefinition>;
