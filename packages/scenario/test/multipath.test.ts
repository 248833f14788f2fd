/**
 * Multipath end to end (issue 43, docs/spec/uec.md sec. 4): the stride(4) permutation of
 * 500 KB flows on a k = 4 fat tree of shared-buffer switches with PFC. Per-flow ECMP hashes
 * two flows of an edge switch onto one uplink half the time (8 edge switches: a collision
 * somewhere is near certain, 1 - 2^-8), leaving an uplink idle while another carries two
 * flows; spraying sends every flow over every uplink, so each carries about the same bytes,
 * the tail finishes sooner, and packets arrive out of order. Runs are deterministic, lossless
 * (PFC; a drop would throw) and without `multipath` byte-identical to `multipath: ecmp`.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, type ScenarioResult } from "../src/index.js";

const BANDWIDTH = 3.125e9; // 25 Gb/s
const DURATION_MS = 1;
const FLOW_BYTES = 500_000;

const stride = Array.from({ length: 16 }, (_, x) => ({
  id: `f${x}`,
  source: `H${x}`,
  destination: `H${(x + 4) % 16}`,
  bytes: FLOW_BYTES,
}));

function scenario(extra: object, seed = 1) {
  return {
    seed,
    durationMs: DURATION_MS,
    topology: { kind: "fat-tree", k: 4, bandwidth: BANDWIDTH, delayNs: 1000 },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 7988736,
      alphas: [1000000],
      pfcThreshold: "dynamic",
      pfcAlpha: 0.125,
      inputBufferBytes: 8088704,
      flowControl: { kind: "pause", xoffBytes: 7988736, xonBytes: 7985664 },
    },
    packets: { dataBytes: 1048, headerBytes: 48, ackBytes: 64, wireOverheadBytes: 20 },
    traffic: [{ kind: "flow-graph", name: "permutation", flows: stride }],
    ...extra,
  };
}

const run = (extra: object, seed = 1) => runScenario(parseScenario(scenario(extra, seed)));

/** Bytes each uplink (edge -> aggregation, aggregation -> core) carried over the run. */
function uplinkBytes(result: ScenarioResult): number[] {
  const uplinks = Object.entries(result.summary.links).filter(([name]) => /edge\d->pod\d-agg|agg\d->core/.test(name));
  const all = Object.keys(result.summary.links).filter((name) => /edge\d->pod\d-agg|agg\d->core/.test(name));
  expect(all.length).toBe(32); // 8 edges and 8 aggregation switches, 2 uplinks each
  return uplinks.map(([, utilisation]) => utilisation * BANDWIDTH * DURATION_MS * 1e-3);
}

const tail = (result: ScenarioResult) => result.completions.permutation!.maxUs;

describe("multipath on a k = 4 fat tree", () => {
  const ecmp = run({ multipath: { kind: "ecmp" } });
  const oblivious = run({ multipath: { kind: "oblivious" } });
  // 4096 entropies: a switch's hash splits them over its 2 uplinks within about 1 % (binomial,
  // sd 0.5 / sqrt(4096)); uet-htsim's default 64 splits within about 6 % (sd 0.5 / 8) per flow and switch.
  const fine = run({ multipath: { kind: "oblivious", entropies: 4096 } });

  it("every flow completes, nothing is dropped (PFC), and every packet is delivered", () => {
    for (const result of [ecmp, oblivious, fine]) {
      expect(result.completions.permutation!.count).toBe(16);
      expect(result.delivered).toBe((16 * FLOW_BYTES) / 1000);
    }
  });

  it("ECMP collides: an uplink idles while another carries two flows; spraying loads every uplink evenly", () => {
    const single = uplinkBytes(ecmp);
    expect(Math.min(...single)).toBe(0);
    expect(Math.max(...single)).toBeGreaterThanOrEqual(2 * FLOW_BYTES);
    // Each uplink carries two flows split over two members: FLOW_BYTES in all (plus headers and
    // ACKs), give or take the hash's split of the entropies and the draws (1000 packets: sd 1.6 %).
    const sprayed = uplinkBytes(fine);
    expect(Math.min(...sprayed)).toBeGreaterThan(FLOW_BYTES);
    expect(Math.max(...sprayed) / Math.min(...sprayed)).toBeLessThan(1.25);
    expect(Math.min(...uplinkBytes(oblivious))).toBeGreaterThan(0.5 * FLOW_BYTES);
  });

  it("spraying finishes the tail sooner than ECMP", () => {
    expect(tail(oblivious)).toBeLessThan(tail(ecmp));
    expect(tail(fine)).toBeLessThan(tail(ecmp));
  });

  it("packets arrive out of order with spraying, never with ECMP", () => {
    expect(ecmp.reorder!.all.maxPackets).toBe(0);
    expect(ecmp.reorder!.all.meanBytes).toBe(0);
    expect(oblivious.reorder!.all.maxPackets).toBeGreaterThan(0);
    expect(oblivious.reorder!.all.meanBytes).toBeGreaterThan(0);
    expect(Object.keys(oblivious.reorder!.flows)).toHaveLength(16);
    expect(oblivious.reorder!.all.arrivals).toBe(oblivious.delivered);
  });

  it("is deterministic: the same seed gives the same trajectory, another seed another", () => {
    expect(run({ multipath: { kind: "oblivious" } }).fingerprint).toBe(oblivious.fingerprint);
    expect(run({ multipath: { kind: "oblivious" } }, 2).fingerprint).not.toBe(oblivious.fingerprint);
  });

  it("without `multipath` a run is the one `ecmp` gives, and reports no reorder buffers", () => {
    const plain = run({});
    expect(plain.fingerprint).toBe(ecmp.fingerprint);
    expect(plain.reorder).toBeUndefined();
  });

  it("round-robin and REPS spray too: every uplink carries traffic, in order only by chance", () => {
    for (const kind of ["round-robin", "reps"]) {
      const result = run({ multipath: { kind } });
      expect(result.completions.permutation!.count).toBe(16);
      expect(Math.min(...uplinkBytes(result))).toBeGreaterThan(0.5 * FLOW_BYTES);
      expect(result.reorder!.all.maxPackets).toBeGreaterThan(0);
    }
  });

  it("switch adaptive routing takes the emptier uplink: every uplink used, the tail sooner than ECMP's", () => {
    const adaptive = run({ multipath: { kind: "ecmp" }, adaptiveRouting: "queue" });
    expect(adaptive.completions.permutation!.count).toBe(16);
    expect(Math.min(...uplinkBytes(adaptive))).toBeGreaterThan(0);
    expect(tail(adaptive)).toBeLessThan(tail(ecmp));
    const pauseAware = run({ multipath: { kind: "ecmp" }, adaptiveRouting: "queue-pause" });
    expect(pauseAware.completions.permutation!.count).toBe(16);
  });

  it("refuses an unknown multipath kind or adaptive routing naming the field", () => {
    expect(() => parseScenario(scenario({ multipath: { kind: "spray" } }))).toThrow(/multipath/);
    expect(() => parseScenario(scenario({ adaptiveRouting: "random" }))).toThrow(/adaptiveRouting/);
  });
});

describe("multipath under PFC", () => {
  // 8 hosts of pods 1 and 2 send 200 KB each to H0, into 300 KB shared buffers: the receiver's
  // ToR pauses its uplinks and the pauses spread; sprayed or not, nothing may be lost.
  const incast = [4, 5, 6, 7, 8, 9, 10, 11].map((x) => ({
    id: `f${x}`,
    source: `H${x}`,
    destination: "H0",
    bytes: 200_000,
  }));
  const small = {
    kind: "shared-buffer",
    sharedBufferBytes: 300_000,
    alphas: [1],
    pfcThreshold: "dynamic",
    pfcAlpha: 0.125,
    inputBufferBytes: 400_000,
    flowControl: { kind: "pause", xoffBytes: 300_000, xonBytes: 297_000 },
  };
  // The receiver's link carries 1600 frames of 1048 + 20 B: an incast's tail is its drain time.
  const drainUs = ((1600 * 1068) / BANDWIDTH) * 1e6;

  for (const extra of [
    { multipath: { kind: "ecmp" } },
    { multipath: { kind: "oblivious" } },
    { multipath: { kind: "reps" } },
    { multipath: { kind: "ecmp" }, adaptiveRouting: "queue-pause" },
  ]) {
    it(`${JSON.stringify(extra)}: links pause, every packet arrives, the tail is the drain time`, () => {
      const result = runScenario(
        parseScenario({
          ...scenario(extra),
          switch: small,
          traffic: [{ kind: "flow-graph", name: "incast", flows: incast }],
        }),
      );
      expect(result.pause!.frames).toBeGreaterThan(0);
      expect(result.delivered).toBe(1600);
      expect(result.completions.incast!.count).toBe(8);
      expect(result.completions.incast!.maxUs).toBeLessThanOrEqual(1.05 * drainUs);
    });
  }
});
