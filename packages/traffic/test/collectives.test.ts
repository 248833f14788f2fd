/** The collectives' flow sets (counts, sizes, dependencies) for small n, their placement, and their completion records. */
import { us } from "@losslab/engine";
import { runGenerators, type TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import {
  allToAllSchedule,
  type CollectiveRecord,
  type CollectiveSchedule,
  createGenerator,
  halvingDoublingSchedule,
  pipelineSchedule,
  ringAllreduce,
  ringSchedule,
} from "../src/index.js";

/** Bytes each rank sends, in rank order. */
function sentPerRank(schedule: CollectiveSchedule, ranks: number): number[] {
  const sent = new Array<number>(ranks).fill(0);
  for (const flow of schedule.flows) sent[flow.source]! += flow.bytes;
  return sent;
}

describe("ring all-reduce", () => {
  it("2(n-1) steps of n flows, rank r to r+1, chunks of S/n; each waits for the flow into its source the step before", () => {
    const n = 4;
    const schedule = ringSchedule(n, 4000, "traffic");
    expect(schedule.steps).toBe(6);
    expect(schedule.flows).toHaveLength(24);
    schedule.flows.forEach((flow, index) => {
      const step = Math.floor(index / n);
      const rank = index % n;
      expect(flow).toMatchObject({ source: rank, destination: (rank + 1) % n, bytes: 1000, step });
      if (step === 0) expect(flow.after).toEqual([]);
      else {
        const before = schedule.flows[flow.after[0]!]!;
        expect(flow.after).toHaveLength(1);
        expect([before.step, before.destination]).toEqual([step - 1, rank]);
      }
    });
    // 2(n-1)/n S per rank.
    expect(sentPerRank(schedule, n)).toEqual([6000, 6000, 6000, 6000]);
  });

  it("cuts S into n chunks that add up to S when n does not divide it", () => {
    const schedule = ringSchedule(3, 1001, "traffic");
    // Step 0 sends every chunk once: the three chunks.
    const chunks = schedule.flows.slice(0, 3).map((flow) => flow.bytes);
    expect(chunks.reduce((a, b) => a + b)).toBe(1001);
    expect(Math.max(...chunks) - Math.min(...chunks)).toBeLessThanOrEqual(1);
    expect(() => ringSchedule(8, 7, "traffic[2]")).toThrow("traffic[2].bytes: 7 bytes cannot be cut into 8 chunks");
  });
});

describe("halving-doubling all-reduce", () => {
  it("n = 4: partners at distance 2 then 1 (S/2, S/4), then 1 then 2 (S/4, S/2)", () => {
    const schedule = halvingDoublingSchedule(4, 4000, "traffic");
    expect(schedule.steps).toBe(4);
    expect(schedule.flows).toHaveLength(16);
    const byStep = [0, 1, 2, 3].map((step) => schedule.flows.filter((flow) => flow.step === step));
    expect(byStep.map((flows) => flows.map((flow) => [flow.source, flow.destination]))).toEqual([
      [
        [0, 2],
        [1, 3],
        [2, 0],
        [3, 1],
      ],
      [
        [0, 1],
        [1, 0],
        [2, 3],
        [3, 2],
      ],
      [
        [0, 1],
        [1, 0],
        [2, 3],
        [3, 2],
      ],
      [
        [0, 2],
        [1, 3],
        [2, 0],
        [3, 1],
      ],
    ]);
    expect(byStep.map((flows) => flows.map((flow) => flow.bytes))).toEqual([
      [2000, 2000, 2000, 2000],
      [1000, 1000, 1000, 1000],
      [1000, 1000, 1000, 1000],
      [2000, 2000, 2000, 2000],
    ]);
    // Each send after the first step waits for what its rank received in the step before.
    for (const flow of schedule.flows.filter((f) => f.step > 0)) {
      const before = schedule.flows[flow.after[0]!]!;
      expect([flow.after.length, before.step, before.destination]).toEqual([1, flow.step - 1, flow.source]);
    }
    expect(sentPerRank(schedule, 4)).toEqual([6000, 6000, 6000, 6000]);
  });

  it("n = 6: ranks 4 and 5 fold into 0 and 1 first and get the result last", () => {
    const schedule = halvingDoublingSchedule(6, 4000, "traffic");
    expect(schedule.steps).toBe(6);
    const first = schedule.flows.filter((flow) => flow.step === 0);
    const last = schedule.flows.filter((flow) => flow.step === 5);
    expect(first.map((flow) => [flow.source, flow.destination, flow.bytes])).toEqual([
      [4, 0, 4000],
      [5, 1, 4000],
    ]);
    expect(last.map((flow) => [flow.source, flow.destination, flow.bytes])).toEqual([
      [0, 4, 4000],
      [1, 5, 4000],
    ]);
    // Rank 0's first exchange waits for the fold; rank 2's waits for nothing.
    const step1 = schedule.flows.filter((flow) => flow.step === 1);
    expect(step1.find((flow) => flow.source === 0)?.after).toEqual([0]);
    expect(step1.find((flow) => flow.source === 2)?.after).toEqual([]);
    expect(schedule.flows).toHaveLength(2 + 16 + 2);
  });
});

describe("all-to-all", () => {
  it("direct: n(n-1) flows at once, chunk j to rank j", () => {
    const schedule = allToAllSchedule(4, 4000, false, "traffic");
    expect(schedule.flows).toHaveLength(12);
    expect(schedule.steps).toBe(3);
    expect(schedule.flows.every((flow) => flow.after.length === 0 && flow.bytes === 1000)).toBe(true);
    const pairs = new Set(schedule.flows.map((flow) => `${flow.source}->${flow.destination}`));
    expect(pairs.size).toBe(12);
  });

  it("staggered: step i sends to rank + i once the rank's step i-1 send is delivered", () => {
    const schedule = allToAllSchedule(4, 4000, true, "traffic");
    schedule.flows.forEach((flow) => {
      expect(flow.destination).toBe((flow.source + flow.step + 1) % 4);
      if (flow.step === 0) expect(flow.after).toEqual([]);
      else {
        const before = schedule.flows[flow.after[0]!]!;
        expect([before.source, before.step]).toEqual([flow.source, flow.step - 1]);
      }
    });
  });
});

describe("pipeline", () => {
  it("chunks travel rank 0 -> n-1; a hop waits for the piece's previous hop and its own previous piece", () => {
    const schedule = pipelineSchedule(3, 3000, 3, "traffic");
    expect(schedule.steps).toBe(3);
    expect(schedule.flows.map((flow) => [flow.source, flow.destination, flow.bytes, flow.step, flow.after])).toEqual([
      [0, 1, 1000, 0, []],
      [1, 2, 1000, 0, [0]],
      [0, 1, 1000, 1, [0]],
      [1, 2, 1000, 1, [2, 1]],
      [0, 1, 1000, 2, [2]],
      [1, 2, 1000, 2, [4, 3]],
    ]);
  });
});

describe("placement, running and records", () => {
  const network = Array.from({ length: 8 }, (_, i) => `H${i}`);

  it("places ranks by offset and stride, or on the hosts given; refuses what does not fit", () => {
    const firstStarts = (spec: object) =>
      runGenerators(createGenerator({ kind: "ring-allreduce", bytes: 4000, ...spec } as never), {
        hosts: network,
        endTime: us(10),
      }).sink.calls.map((call) => (call.call === "start" ? call.source : ""));
    expect(firstStarts({})).toEqual(network);
    expect(firstStarts({ stride: 2, offset: 1 })).toEqual(["H1", "H3", "H5", "H7"]);
    expect(firstStarts({ stride: 3, ranks: 2 })).toEqual(["H0", "H3"]);
    expect(firstStarts({ hosts: ["H7", "H2", "H4"] })).toEqual(["H7", "H2", "H4"]);
    expect(() => firstStarts({ stride: 2, ranks: 5 })).toThrow(
      "traffic.ranks: 5 ranks at offset 0 and stride 2 need 9 hosts; the network has 8 (at most 4 ranks fit)",
    );
    expect(() => firstStarts({ hosts: ["H0", "H1"], ranks: 3 })).toThrow(
      "traffic.ranks: 3 ranks but traffic.hosts lists 2",
    );
    expect(() => firstStarts({ hosts: ["H0", "H0"] })).toThrow('traffic.hosts[1]: "H0" is listed twice');
  });

  it("reports each iteration: start, end, step ends and rank ends; the next iteration computeUs later", () => {
    const records: CollectiveRecord[] = [];
    // Every flow is delivered 10 us after it starts, except rank 1's sends: 30 us.
    const script = (_engine: unknown, sink: TrafficRecorder) => {
      const engine = _engine as import("@losslab/engine").Engine;
      let seen = 0;
      const tick = (): void => {
        for (const call of sink.calls.slice(seen)) {
          if (call.call === "start")
            engine.at(call.time + us(call.source === "H1" ? 30 : 10), () => sink.complete(call.id));
        }
        seen = sink.calls.length;
        if (engine.now < us(900)) engine.at(engine.now + us(1), tick);
      };
      engine.at(0, tick);
    };
    runGenerators(ringAllreduce({ bytes: 3000, ranks: 3, iterations: 2, computeUs: 50, stepUs: 2, startUs: 5 }), {
      hosts: network,
      endTime: us(1000),
      script: script as never,
      onCollective: (record) => records.push(record),
    });
    expect(records).toHaveLength(2);
    const [first, second] = records as [CollectiveRecord, CollectiveRecord];
    expect(first).toMatchObject({ name: "ring-allreduce", kind: "ring-allreduce", iteration: 0, bytes: 3000 });
    expect(first.hosts).toEqual(["H0", "H1", "H2"]);
    expect(first.start).toBe(us(5));
    // 4 steps. Step 0 ends at 5 + 30 (rank 1's send); a chain alternates ranks, and every
    // chain of 4 steps crosses rank 1 once or twice; the slowest passes it twice: steps
    // 30, 10, 10, 30 with 2 us of compute before each of the 3 later steps: 86 us.
    expect(first.stepEnds).toHaveLength(4);
    expect(first.end).toBe(us(5 + 80 + 6));
    expect(first.end).toBe(Math.max(...first.stepEnds));
    expect(first.rankEnds).toHaveLength(3);
    expect(Math.max(...first.rankEnds)).toBe(first.end);
    expect(second.iteration).toBe(1);
    expect(second.start).toBe(first.end + us(50));
  });
});
