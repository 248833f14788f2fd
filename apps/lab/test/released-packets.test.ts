/**
 * Packets are recycled once consumed (core `Packet`, `ReleasedPackets`). With "poison" a
 * released packet is spoiled instead of reused: every preset's short runs and every example
 * give their golden fingerprints so, which they could not if anything (a switch, a marking
 * policy, an adapter part, a meter) read a packet after handing it back.
 */
import { parseScenario, runScenario } from "@losslab/scenario";
import { describe, expect, it } from "vitest";
import { presets } from "../src/presets/index.js";
import { exampleRecord, exampleScenarios, GOLDEN_SEED, readGolden, shortened } from "./golden-kit.js";

const poisoned = (input: Parameters<typeof parseScenario>[0]) =>
  runScenario(parseScenario(input), { releasedPackets: "poison" }).fingerprint;

describe.each(presets.filter((preset) => preset.long !== true))("$name with released packets poisoned", (preset) => {
  it("gives the fingerprints of its golden short runs", () => {
    const golden = readGolden(preset.name).short.runs.map((run) => run.fingerprint);
    expect(preset.scenarios(GOLDEN_SEED).map((input) => poisoned(shortened(input)))).toEqual(golden);
  });
});

describe.each(exampleScenarios())("examples/%s with released packets poisoned", (file) => {
  it("gives the fingerprint of its golden record", async () => {
    const golden = readGolden(`examples/${file}`) as unknown as { fingerprint: string };
    expect((await exampleRecord(file, { releasedPackets: "poison" })).fingerprint).toBe(golden.fingerprint);
  });
});
