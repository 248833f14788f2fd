/**
 * Flow slowdown (`result.slowdown`): a flow alone on the empty network completes in exactly
 * its ideal time, so its slowdown is 1. Each run replays three messages far enough apart
 * that each is alone: 2048 B (1 packet: payload 2068 - 20 = 2048 B), 20480 B (10 packets)
 * and 2048000 B (1000 packets). The completion times they must take are worked out by hand
 * below from the model's rules (links: header after overhead + delay, last byte one
 * serialization later; switches: forwarding starts 40 ns after the header, or later if the
 * transfer would outrun the last byte), so the test checks the formula against the
 * simulation, not against itself.
 */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario } from "../src/index.js";

const SIZES = [2048, 20480, 2_048_000];

/** The three messages from `source` to `destination` at 0, 10 us and 50 us (each done before the next). */
const trace = (source: string, destination: string) => ({
  kind: "trace",
  entries: SIZES.map((bytes, i) => ({ timeUs: [0, 10, 50][i]!, source, destination, bytes })),
});

/** Completion times in us of 1, 10 and 1000 packets: first + (n - 1) x spacing, both in ns. */
const expectedUs = (firstNs: number, spacingNs: number) =>
  [1, 10, 1000].map((n) => (firstNs + (n - 1) * spacingNs) / 1000);

function check(result: ReturnType<typeof runScenario>, firstNs: number, spacingNs: number) {
  const [one, ten, thousand] = expectedUs(firstNs, spacingNs);
  const completions = result.completions.trace!;
  expect(completions.count).toBe(3);
  // Sorted: the 1-packet, 10-packet and 1000-packet flows' times are min, p50 and max.
  expect(completions.p50Us).toBeCloseTo(ten!, 9);
  expect(completions.maxUs).toBeCloseTo(thousand!, 9);
  expect(completions.meanUs).toBeCloseTo((one! + ten! + thousand!) / 3, 9);
  const slowdown = result.slowdown!;
  expect(slowdown.all).toEqual({ count: 3, mean: 1, p50: 1, p95: 1, p99: 1, max: 1 });
  // Default buckets (upper edges 10 KB, 100 KB, 1 MB, 10 MB): 2048 B, 20480 B, 2048000 B.
  const one1 = { count: 1, mean: 1, p50: 1, p95: 1, p99: 1, max: 1 };
  expect(slowdown.buckets).toEqual([
    { fromBytes: 0, toBytes: 10_000, sizeP50Bytes: 2048, ...one1 },
    { fromBytes: 10_000, toBytes: 100_000, sizeP50Bytes: 20480, ...one1 },
    { fromBytes: 1_000_000, toBytes: 10_000_000, sizeP50Bytes: 2_048_000, ...one1 },
  ]);
}

describe("slowdown of a flow alone", () => {
  it("is exactly 1 on a single switch: 2 links of 1e9 B/s and 10 ns, 40 ns forwarding", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 3,
        topology: { kind: "single-switch", hosts: 2 },
        traffic: [trace("H0", "H1")],
      }),
    );
    // A 2068 B packet takes 2068 ns per link. First packet: 10 (link) + 40 (switch) + 10
    // (link) + 2068 (its last byte) = 2128 ns; the others follow every 2068 ns.
    check(result, 2128, 2068);
  });

  it("is exactly 1 where a frame's time is not a whole number of ps (3e9 B/s)", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 2, bandwidth: 3e9 },
        traffic: [trace("H0", "H1")],
      }),
    );
    // 2068 B at 3e9 B/s is 689333.3 ps, which every link rounds to 689333 ps per frame, as
    // the ideal does: first 10 + 40 + 10 ns + 689333 ps = 749333 ps.
    check(result, 749.333, 689.333);
  });

  it("is exactly 1 across a two-level tree with 20 B of wire overhead per frame", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 3,
        topology: { kind: "spine-leaf", leaves: 2, spines: 2, hostsPerLeaf: 2 },
        packets: { wireOverheadBytes: 20 },
        traffic: [trace("H0.0", "H1.1")],
      }),
    );
    // Host, leaf, spine, leaf, host: 4 links, 3 switches. Each link adds 20 ns of overhead
    // ahead of the header and 10 ns of flight: 4 x 30 + 3 x 40 + 2068 = 2308 ns; a frame
    // holds a link 20 + 2068 = 2088 ns.
    check(result, 2308, 2088);
  });

  it("waits for the last byte where the next link is faster (input-buffered: 1e9 B/s in, 2e9 out)", () => {
    const result = runScenario(parseScenario(twoSpeeds(1e9, 2e9, { kind: "input-buffered" })));
    // At S the transfer out (2068 B at 2e9: 1034 ns) may not end before the last byte is in
    // (2068 ns after the header): it starts 1034 ns after the header (> 40 ns). First:
    // 10 + 1034 + 10 + 1034 = 2088 ns; the slow first link spaces the packets 2068 ns.
    check(result, 2088, 2068);
  });

  it("counts a CIOQ crossbar at speedup x the output rate (2 x 2e9 B/s)", () => {
    const result = runScenario(
      parseScenario(twoSpeeds(1e9, 2e9, { kind: "cioq", outputBufferBytes: 8272, speedup: 2 })),
    );
    // The crossbar moves 2068 B in 517 ns and starts 2068 - 517 = 1551 ns after the header;
    // the link starts with the transfer: 10 + 1551 + 10 + 1034 = 2605 ns.
    check(result, 2605, 2068);
  });

  it("takes the slower link's pace where the next link is slower (2e9 B/s in, 1e9 out)", () => {
    const result = runScenario(parseScenario(twoSpeeds(2e9, 1e9, { kind: "input-buffered" })));
    // Forwarding starts 40 ns after the header: 10 + 40 + 10 + 2068 = 2128 ns, then every 2068 ns.
    check(result, 2128, 2068);
  });
});

describe("result.slowdown", () => {
  it("is absent when no flow has a known size (greedy flows)", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 2 },
        flows: [{ source: "H0", destination: "H1" }],
      }),
    );
    expect(result.slowdown).toBeUndefined();
  });

  it("uses the scenario's size buckets", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 3,
        topology: { kind: "single-switch", hosts: 2 },
        traffic: [trace("H0", "H1")],
        metrics: { slowdownEdgesBytes: [2048, 1e6] },
      }),
    );
    // Upper edges inclusive: 2048 B in the first bucket, 20480 B in (2048, 1e6], 2048000 B above.
    expect(result.slowdown!.buckets.map((b) => [b.fromBytes, b.toBytes, b.count])).toEqual([
      [0, 2048, 1],
      [2048, 1e6, 1],
      [1e6, null, 1],
    ]);
  });

  it("refuses edges that do not increase, naming the field", () => {
    expect(() =>
      parseScenario({
        durationMs: 1,
        topology: { kind: "single-switch", hosts: 2 },
        metrics: { slowdownEdgesBytes: [1e4, 1e4] },
      }),
    ).toThrow(/metrics\.slowdownEdgesBytes: must increase; got \[10000, 10000\]/);
  });
});

/** H0 -(first B/s)-> S -(second B/s)-> H1, 10 ns links, the switch given. */
function twoSpeeds(first: number, second: number, sw: Record<string, unknown>) {
  return {
    durationMs: 3,
    topology: {
      kind: "custom",
      nodes: [
        { id: "H0", kind: "host", ports: 1 },
        { id: "H1", kind: "host", ports: 1 },
        { id: "S", kind: "switch", ports: 2 },
      ],
      links: [
        { a: { node: "H0", port: 0 }, b: { node: "S", port: 0 }, bandwidth: first },
        { a: { node: "S", port: 1 }, b: { node: "H1", port: 0 }, bandwidth: second },
      ],
    },
    switch: sw,
    traffic: [trace("H0", "H1")],
  };
}
