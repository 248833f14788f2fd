/**
 * The contract for bad input (issue 21): every field has a range whose bound is accepted and
 * whose next value is refused with the field and the limit; the rules across fields refuse
 * what the switch models would refuse when the fabric is built, and accept what they accept.
 */
import { DEFAULT_PAUSE_REACTION_DELAY } from "@losslab/core";
import { pauseHeadroom } from "@losslab/switch";
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import {
  checkScenario,
  MAX_BANDWIDTH,
  MAX_BUFFER_BYTES,
  MAX_DURATION_MS,
  MAX_FLOWS,
  MAX_HOSTS,
  MAX_IPD,
  MAX_PACKET_BYTES,
  MAX_STAGES,
  MAX_TEXT_LENGTH,
  MAX_TIME_MS,
  MAX_TIME_NS,
  MAX_TIME_US,
  MIN_BANDWIDTH,
  MIN_RATE_FRACTION,
  parseScenario,
  runScenario,
  ScenarioError,
} from "../src/index.js";

type Input = Record<string, unknown>;

const santos = (): Input => ({
  durationMs: 1,
  topology: { kind: "two-switch", local: 2, remote: 1 },
  flows: { pattern: "santos", staggerUs: 10 },
});
const explicit = (): Input => ({
  durationMs: 1,
  topology: { kind: "single-switch", hosts: 4 },
  flows: [{ source: "H0", destination: "H1" }],
});
const ethernet = (): Input => ({
  durationMs: 1,
  topology: { kind: "single-switch", hosts: 3, bandwidth: 1.25e9, delayNs: 500 },
  switch: {
    kind: "cioq",
    inputBufferBytes: 150_000,
    flowControl: { kind: "pause", xoffBytes: 110_000, xonBytes: 44_000 },
  },
  packets: { dataBytes: 1522, headerBytes: 22 },
  adapter: { acks: false },
  flows: [{ source: "H1", destination: "H0" }],
});

/** `input` with `value` at the dotted `path` (array indices as numbers), objects created on the way. */
function withValue(input: Input, path: string, value: unknown): Input {
  const copy = structuredClone(input);
  const keys = path.split(".");
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Input;
  }
  node[keys[keys.length - 1]!] = value;
  return copy;
}

/** The message of the ScenarioError that parsing `input` throws. */
const refusal = (input: unknown, check: (input: unknown) => unknown = parseScenario): string =>
  errorOf(ScenarioError, () => check(input)).message;

describe("every field has a range", () => {
  // [base, field, the base, the largest value accepted, the smallest refused above it]
  const bounds: Array<[string, string, () => Input, unknown, unknown]> = [
    ["santos", "durationMs", santos, MAX_DURATION_MS, MAX_DURATION_MS + 1],
    ["santos", "topology.local", santos, 1000, MAX_HOSTS + 1],
    ["santos", "topology.bandwidth", santos, MAX_BANDWIDTH, MAX_BANDWIDTH * 2],
    ["santos", "topology.delayNs", santos, MAX_TIME_NS, MAX_TIME_NS * 2],
    ["santos", "flows.staggerUs", santos, 1000, MAX_TIME_US * 2],
    ["santos", "packets.dataBytes", santos, MAX_PACKET_BYTES, MAX_PACKET_BYTES + 1],
    [
      "santos",
      "switch.inputBufferBytes",
      () => ({ ...santos(), switch: { kind: "fifo" } }),
      MAX_BUFFER_BYTES,
      MAX_BUFFER_BYTES + 1,
    ],
    ["santos", "name", santos, "n".repeat(MAX_TEXT_LENGTH), "n".repeat(MAX_TEXT_LENGTH + 1)],
    ["explicit", "topology.hosts", explicit, 64, MAX_HOSTS + 1],
    ["explicit", "flows.0.startUs", explicit, MAX_TIME_US, MAX_TIME_US + 1],
    ["explicit", "flows.0.rate", explicit, MIN_RATE_FRACTION, MIN_RATE_FRACTION / 2],
    ["explicit", "metrics.windowMs", explicit, MAX_TIME_MS, MAX_TIME_MS + 1],
    ["explicit", "metrics.binUs", explicit, 1e-6, 1e-7],
    [
      "explicit",
      "controller",
      explicit,
      { kind: "hybrid", response: "lipd", maxIpd: MAX_IPD },
      { kind: "hybrid", response: "lipd", maxIpd: MAX_IPD + 1 },
    ],
  ];

  it.each(bounds)("%s: %s accepts its bound and refuses past it", (_, path, base, accepted, refused) => {
    expect(() => parseScenario(withValue(base(), path, accepted))).not.toThrow();
    const message = refusal(withValue(base(), path, refused));
    const field = path.replace(/\.(\d+)/g, "[$1]").replace(/^controller$/, "controller.maxIpd");
    expect(message).toContain(`${field}: `);
  });

  it("refuses non-finite numbers (YAML's .inf and .nan) and says which", () => {
    expect(refusal(withValue(santos(), "topology.delayNs", Number.POSITIVE_INFINITY))).toMatch(
      /topology\.delayNs: .*\(got Infinity\)/,
    );
    expect(refusal(withValue(santos(), "durationMs", Number.NaN))).toMatch(/durationMs: .*\(got NaN\)/);
  });

  it("bounds lists: flows, and the stages of a k-ary tree", () => {
    const flows = Array.from({ length: MAX_FLOWS + 1 }, () => ({ source: "H0", destination: "H1" }));
    expect(refusal({ ...explicit(), flows })).toMatch(new RegExp(`^invalid scenario:\\n  flows: .*${MAX_FLOWS}`));
    const tree = { ...explicit(), topology: { kind: "k-ary-n-tree", k: 2, n: MAX_STAGES + 1 } };
    expect(refusal(tree)).toContain(`topology.n: Too big: expected number to be <=${MAX_STAGES}`);
  });

  it("keeps links fast enough that a rate-limited packet's gap stays on the clock", () => {
    expect(refusal(withValue(santos(), "topology.bandwidth", MIN_BANDWIDTH / 2))).toContain("topology.bandwidth");
    expect(refusal({ ...santos(), durationMs: undefined, cycleNs: 1e-300, durationCycles: 10 })).toContain("cycleNs");
  });
});

describe("rules across fields", () => {
  it("counts the hosts of a topology before building it: k^n, leaves x hostsPerLeaf", () => {
    const tree = { ...explicit(), topology: { kind: "k-ary-n-tree", k: 2, n: 16 } };
    expect(() => parseScenario(tree)).not.toThrow();
    const fly = { ...explicit(), topology: { kind: "k-ary-n-fly", k: 4, n: 9 } };
    expect(refusal(fly)).toContain(`topology: k^n makes 262144 hosts; a fabric has at most ${MAX_HOSTS} hosts`);
    const leaves = { ...explicit(), topology: { kind: "spine-leaf", leaves: 1000, spines: 1, hostsPerLeaf: 1000 } };
    expect(refusal(leaves)).toContain("topology: leaves x hostsPerLeaf makes 1000000 hosts");
  });

  it("needs a buffer that holds one packet in whole credit blocks, as the switch models do", () => {
    const fits = withValue(explicit(), "switch", { kind: "voq", inputBufferBytes: 33 * 64 });
    expect(() => checkScenario(fits)).not.toThrow();
    const short = withValue(explicit(), "switch", { kind: "voq", inputBufferBytes: 33 * 64 - 1 });
    expect(refusal(short)).toContain(
      "switch.inputBufferBytes: the input buffer cannot hold one packet: 2111 B is 32 credit blocks of switch.creditBytes 64 B; one packet of packets.dataBytes 2068 B needs 33",
    );
    const output = withValue(explicit(), "switch", { kind: "cioq", inputBufferBytes: 4096, outputBufferBytes: 2000 });
    expect(refusal(output)).toContain("switch.outputBufferBytes: the output buffer cannot hold one packet");
    const blocks = withValue(explicit(), "switch", { kind: "fifo", inputBufferBytes: 4096, creditBytes: 8192 });
    expect(refusal(blocks)).toContain("switch.inputBufferBytes: the input buffer cannot hold one packet");
  });

  it("needs PAUSE headroom above XOFF exactly as the switches check it when the fabric is wired", () => {
    // The highest XOFF the rule allows in a 150,000 B buffer (whole 64 B blocks: 149,952 B).
    const xoff = (value: number) => withValue(ethernet(), "switch.flowControl.xoffBytes", value);
    let [low, high] = [110_000, 149_952];
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (accepted(xoff(middle))) low = middle;
      else high = middle;
    }
    const needed = pauseHeadroom({
      bandwidth: 1.25e9,
      delay: 500_000,
      reverseDelay: 500_000,
      maxPacketBytes: 1522,
      reactionDelay: DEFAULT_PAUSE_REACTION_DELAY,
    });
    expect(low).toBe(149_952 - needed);
    expect(() => checkScenario(xoff(low))).not.toThrow();
    expect(refusal(xoff(low + 1))).toMatch(
      /switch\.flowControl\.xoffBytes: leaves \d+ B of the 149952 B input buffer above XOFF, but \d+ B can still arrive/,
    );
    // The switch model refuses the same XOFF (a scenario built in code skips the parser): its
    // OptionError (flowControl.xoffBytes) becomes a ScenarioError naming the field it came from.
    const built = parseScenario(xoff(low));
    const past = {
      ...built,
      switch: { ...built.switch, flowControl: { kind: "pause" as const, xoffBytes: low + 1, xonBytes: 44_000 } },
    };
    expect(refusal(past, (scenario) => runScenario(scenario as typeof built))).toMatch(
      /^switch\.flowControl\.xoffBytes: S input \d+: flowControl\.xoffBytes leaves \d+ B .*; got \d+$/,
    );
    expect(refusal(withValue(ethernet(), "switch.flowControl.xonBytes", 120_000))).toContain(
      "switch.flowControl.xonBytes: must be at most xoffBytes (110000)",
    );
    expect(refusal(withValue(ethernet(), "topology.delayNs", 1e7))).toContain("switch.flowControl.xoffBytes: leaves");
  });

  it("keeps multiplied times on the clock: the santos pattern's last start, durationCycles x cycleNs", () => {
    expect(refusal(withValue(santos(), "flows.staggerUs", 6e8))).toContain(
      `flows.staggerUs: the last of 3 flows would start at 1200000000 us; times are at most ${MAX_TIME_US} us`,
    );
    const cycles = { ...santos(), durationMs: undefined, cycleNs: 1, durationCycles: 1e12 };
    expect(refusal(cycles)).toContain(
      `durationCycles: durationCycles x cycleNs is 1000000 ms; a run lasts from 1 ps to ${MAX_DURATION_MS} ms`,
    );
  });

  it("puts every flow on a VL the switches have, with one weight per VL", () => {
    const vl = withValue(explicit(), "flows.0.vl", 1);
    expect(refusal(vl)).toContain("flows[0].vl: must be below switch.vls (1)");
    const weights = withValue(explicit(), "switch", { kind: "input-buffered", vls: 2, vlWeights: [1, 2, 3] });
    expect(refusal(weights)).toContain("switch.vlWeights: must list one weight per VL (switch.vls 2) (got [1,2,3])");
  });
});

function accepted(input: unknown): boolean {
  try {
    parseScenario(input);
    return true;
  } catch {
    return false;
  }
}
