/**
 * WindowLoads and predictScaling (docs/spec/parallel.md sec. 7): each part's events of a
 * window, written by the parts of other splits of the fabric, added up by part 0 into each
 * split's busiest part, and the speed-up that predicts, checked against sums made here from
 * partitionTopology itself.
 */
import { partitionTopology, spineLeaf } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { predictScaling } from "../src/scaling-prediction.js";
import { WindowLoads } from "../src/window-loads.js";
import { WindowTimes } from "../src/window-times.js";

describe("WindowLoads", () => {
  const topology = spineLeaf({ leaves: 4, spines: 2, hostsPerLeaf: 3 });
  const nodes = topology.nodes.length;
  const deviceOf = (node: number) => node + 1;
  const two = partitionTopology(topology, 2);
  const devicesOf = (part: number) => two.partOf.flatMap((p, node) => (p === part ? [deviceOf(node)] : []));
  // Cumulative counts by device: in window 0 device d runs d events; in window 1 only the run itself (device 0), 5.
  const counts = (window: number) => {
    const events = new Float64Array(nodes + 1);
    for (let device = 1; device <= nodes; device++) events[device] = device;
    events[0] = window === 0 ? 0 : 5;
    return events;
  };

  /** Two parts (the 2-split) write two windows; part 0 reads them. */
  function recorded(): WindowLoads {
    const memory = WindowLoads.memory(2);
    const [first, second] = [0, 1].map(
      (part) => new WindowLoads(memory, 2, part, topology, deviceOf, two.windowPs!, devicesOf(part)),
    );
    for (const window of [0, 1]) {
      first!.write(window, counts(window));
      second!.write(window, counts(window));
      first!.read(window);
    }
    return first!;
  }

  /** Events of each part of an n-split in window 0. */
  const byPart = (parts: number) => {
    const loads = new Array<number>(parts).fill(0);
    partitionTopology(topology, parts).partOf.forEach((part, node) => {
      loads[part]! += deviceOf(node);
    });
    return loads;
  };

  it("keeps, per split the fabric allows, the sum over windows of the busiest part's events, the run's own in every part", () => {
    const loads = recorded();
    expect(loads.splits).toEqual([2, 4]); // 4 leaves: no 8 or 16 parts by leaves
    expect(loads.windows).toBe(2);
    expect(loads.total).toBe((nodes * (nodes + 1)) / 2 + 5);
    expect(loads.busiest).toEqual([Math.max(...byPart(2)) + 5, Math.max(...byPart(4)) + 5]);
  });

  it("predicts each split's speed-up from its busiest part per window", () => {
    const loads = recorded();
    const events = loads.total;
    // 1 us per event; the windows took exactly the model's time for 2 threads: no overhead.
    const runMs = events / 1000;
    const windowsMs = loads.busiest[0]! / 1000;
    const scaling = predictScaling(loads, 2, runMs, events, windowsMs);
    expect(scaling.perEventUs).toBe(1);
    expect(scaling.windowOverheadUs).toBe(0);
    expect(scaling.measured.modelMs).toBeCloseTo(windowsMs, 1);
    // Measured: all the events at one thread's speed over the windows' wall time.
    expect(scaling.measured.speedup).toBe(Number((events / loads.busiest[0]!).toPrecision(3)));
    expect(scaling.predicted.map((p) => p.threads)).toEqual([2, 4]);
    expect(scaling.predicted[1]!.speedup).toBeCloseTo(events / loads.busiest[1]!, 2);
    expect(scaling.predicted[1]!.imbalance).toBeCloseTo((4 * loads.busiest[1]!) / events, 3);
    // Windows 1 ms slower than the model: 0.5 ms a window, charged to every split.
    const slower = predictScaling(loads, 2, runMs, events, windowsMs + 1);
    expect(slower.windowOverheadUs).toBe(500);
    expect(slower.predicted[1]!.speedup).toBeCloseTo(events / (loads.busiest[1]! + 1000), 2);
    // Windows far too short for their cost (10 ns links): a slow-down, said in three digits, never 0.
    const crawling = predictScaling(loads, 2, runMs, events, windowsMs + 1e6);
    const speedup = events / (loads.busiest[1]! + 1e9);
    expect(speedup).toBeLessThan(0.005);
    expect(crawling.predicted[1]!.speedup).toBe(Number(speedup.toPrecision(3)));
    expect(crawling.measured.speedup).toBeLessThan(0.005);
  });
});

describe("WindowTimes", () => {
  it("keeps each window's times up to 1000, then bins of 2, 4, ... windows, summed", () => {
    const times = new WindowTimes();
    for (let window = 0; window < 1000; window++) times.add(1, 2);
    expect(times.windowsPerBin).toBe(1);
    expect(times.runMs).toHaveLength(1000);
    times.add(1, 2);
    expect(times.windowsPerBin).toBe(2);
    expect(times.runMs).toHaveLength(501);
    expect(times.runMs[0]).toBe(2);
    expect(times.waitMs[0]).toBe(4);
    expect(times.runMs[500]).toBe(1); // the new bin, half full
    expect(times.runMs.reduce((a, b) => a + b)).toBe(1001);
  });
});
