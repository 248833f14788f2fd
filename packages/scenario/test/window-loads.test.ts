/**
 * WindowLoads and predictScaling (docs/spec/parallel.md sec. 7): each part's events per
 * window, summed by the parts of other splits of the fabric, added up over the parts, and the
 * speed-up they predict, checked against sums made here from partitionTopology itself.
 */
import { partitionTopology, spineLeaf } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import { predictScaling } from "../src/scaling-prediction.js";
import { WindowLoads } from "../src/window-loads.js";

describe("WindowLoads", () => {
  const topology = spineLeaf({ leaves: 4, spines: 2, hostsPerLeaf: 3 });
  const nodes = topology.nodes.length;
  const deviceOf = (node: number) => node + 1;
  const two = partitionTopology(topology, 2);
  const window = two.windowPs!;
  const devicesOf = (part: number) => two.partOf.flatMap((p, node) => (p === part ? [deviceOf(node)] : []));
  // Window 0: device d runs d events; window 1: only the run itself (device 0), 5 events.
  const counts = (window: number) => {
    const events = new Float64Array(nodes + 1);
    for (let device = 1; device <= nodes; device++) events[device] = device;
    events[0] = window === 0 ? 0 : 5;
    return events;
  };

  function recorded(): WindowLoads {
    const first = new WindowLoads(topology, deviceOf, window, devicesOf(0), true);
    const second = new WindowLoads(topology, deviceOf, window, devicesOf(1), false);
    for (const part of [first, second]) {
      part.record(counts(0));
      part.record(counts(1)); // cumulative counts: nothing new but device 0's
    }
    first.absorb(second);
    return first;
  }

  it("sums each window's events by the parts of every split the fabric allows, the run's own in every part", () => {
    const loads = recorded();
    expect(loads.splits).toEqual([2, 4]); // 4 leaves: no 8 or 16 parts by leaves
    const all = (nodes * (nodes + 1)) / 2;
    expect(loads.totals).toEqual([all, 5]);
    loads.splits.forEach((parts, split) => {
      const partOf = partitionTopology(topology, parts).partOf;
      const expected = new Array<number>(parts).fill(0);
      partOf.forEach((part, node) => {
        expected[part]! += deviceOf(node);
      });
      expect(loads.loads[split]).toEqual([...expected, ...new Array<number>(parts).fill(5)]);
    });
  });

  it("predicts each split's speed-up from its busiest part per window", () => {
    const loads = recorded();
    const events = loads.totals[0]! + loads.totals[1]!;
    const busiest = (split: number, parts: number) =>
      Math.max(...loads.loads[split]!.slice(0, parts)) + Math.max(...loads.loads[split]!.slice(parts));
    // 1 us per event; the windows took exactly the model's time for 2 threads: no overhead.
    const runMs = events / 1000;
    const windowsMs = busiest(0, 2) / 1000;
    const scaling = predictScaling(loads, 2, runMs, windowsMs);
    expect(scaling.perEventUs).toBe(1);
    expect(scaling.windowOverheadUs).toBe(0);
    expect(scaling.measured.modelMs).toBeCloseTo(windowsMs, 1);
    expect(scaling.predicted.map((p) => p.threads)).toEqual([2, 4]);
    expect(scaling.predicted[1]!.speedup).toBeCloseTo(events / busiest(1, 4), 2);
    expect(scaling.predicted[1]!.imbalance).toBeCloseTo((4 * busiest(1, 4)) / events, 3);
    // Measured windows 1 ms slower than the model: 0.5 ms a window, charged to every split.
    const slower = predictScaling(loads, 2, runMs, windowsMs + 1);
    expect(slower.windowOverheadUs).toBe(500);
    expect(slower.predicted[1]!.speedup).toBeCloseTo(events / (busiest(1, 4) + 1000), 2);
  });
});
