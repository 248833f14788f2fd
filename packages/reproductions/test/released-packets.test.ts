/**
 * Packets are recycled once consumed (core `Packet`, `ReleasedPackets`). With "poison" a
 * released packet is spoiled instead of reused: every preset's short runs give their golden
 * fingerprints so, which they could not if anything (a switch, a marking policy, an adapter
 * part, a meter) read a packet after handing it back. (The example scenarios' runs: the
 * lab's released-packets test.)
 */
import { parseScenario, runScenario } from "@losslab/scenario";
import { GOLDEN_SEED, readGolden, shortened } from "@losslab/test-kit/preset-golden";
import { describe, expect, it } from "vitest";
import { presets } from "../src/presets/index.js";

const poisoned = (input: Parameters<typeof parseScenario>[0]) =>
  runScenario(parseScenario(input), { releasedPackets: "poison" }).fingerprint;

describe.each(presets.filter((preset) => preset.long !== true))("$name with released packets poisoned", (preset) => {
  it("gives the fingerprints of its golden short runs", () => {
    const golden = readGolden(preset.name).short.runs.map((run) => run.fingerprint);
    expect(preset.scenarios(GOLDEN_SEED).map((input) => poisoned(shortened(input)))).toEqual(golden);
  });
});

// The long dragonfly presets are left out above; three of their runs (every routing that
// changes VLs per hop, at a saturating load) stand for them: a switch remembers each
// packet's input VL until its input frees it, which must never read a released packet.
describe("dragonfly runs with released packets poisoned", () => {
  it("give the fingerprints of their golden records", { timeout: 120_000 }, () => {
    const preset = presets.find((p) => p.name === "dragonfly-shift")!;
    const runs = readGolden(preset.name).short.runs;
    const scenarios = preset.scenarios(GOLDEN_SEED);
    for (const index of [8, 17, 26]) {
      expect(poisoned(shortened(scenarios[index]!))).toBe(runs[index]!.fingerprint);
    }
  });
});
