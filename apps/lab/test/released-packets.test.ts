/**
 * Packets are recycled once consumed (core `Packet`, `ReleasedPackets`). With "poison" a
 * released packet is spoiled instead of reused: every example scenario gives its golden
 * fingerprint so, which it could not if anything (a switch, a marking policy, an adapter
 * part, a meter) read a packet after handing it back. (The presets' runs: the reproductions
 * package's released-packets test.)
 */
import { describe, expect, it } from "vitest";
import { exampleRecord, exampleScenarios, readExampleGolden } from "./example-records.js";

describe.each(exampleScenarios())("examples/%s with released packets poisoned", (file) => {
  it("gives the fingerprint of its golden record", async () => {
    const golden = readExampleGolden(file);
    expect((await exampleRecord(file, { releasedPackets: "poison" })).fingerprint).toBe(golden.fingerprint);
  });
});
