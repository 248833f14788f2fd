/** The group-shift destination pattern: Kim et al.'s Dragonfly worst case (ISCA 2008 sec. 4). */
import { us } from "@losslab/engine";
import { KindError } from "@losslab/kinds";
import { runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { bernoulli, type DestinationPatternSpec } from "../src/index.js";

const hosts = Array.from({ length: 12 }, (_, i) => `H${i}`);
const groupOf = (host: string) => Math.floor(Number(host.slice(1)) / 4);

function messages(destinations: DestinationPatternSpec, seed = 1) {
  return runGenerators(bernoulli({ load: 1, size: { kind: "fixed", bytes: 1000 }, destinations }), {
    hosts,
    endTime: us(2000),
    seed,
  }).sink.messages;
}

describe("group-shift destinations", () => {
  it("every host of group i sends to group i + 1 (mod groups), to each of its hosts", () => {
    const sent = messages({ kind: "group-shift", groupSize: 4 });
    expect(sent.length).toBe(12 * 2000);
    for (const { source, destination } of sent) expect(groupOf(destination)).toBe((groupOf(source) + 1) % 3);
    // Every host of the next group is drawn, near a quarter each (2000 draws: 500 +- 4.5 sigma).
    for (const source of hosts) {
      const counts = new Map<string, number>();
      for (const m of sent.filter((m) => m.source === source))
        counts.set(m.destination, (counts.get(m.destination) ?? 0) + 1);
      expect(counts.size).toBe(4);
      for (const count of counts.values())
        expect(Math.abs(count - 500)).toBeLessThan(4.5 * Math.sqrt(2000 * 0.25 * 0.75));
    }
  });

  it("shift 2 sends group i to group i + 2", () => {
    for (const { source, destination } of messages({ kind: "group-shift", groupSize: 4, shift: 2 })) {
      expect(groupOf(destination)).toBe((groupOf(source) + 2) % 3);
    }
  });

  it("is deterministic per seed and differs across seeds", () => {
    const pick = (seed: number) => messages({ kind: "group-shift", groupSize: 4 }, seed).map((m) => m.destination);
    expect(pick(1)).toEqual(pick(1));
    expect(pick(2)).not.toEqual(pick(1));
  });

  it.each([
    [5, "groupSize", "must divide the 12 hosts"],
    [12, "groupSize", "at least 2 groups"],
  ])("refuses groupSize %i naming %s", (groupSize, field, text) => {
    expect(() => messages({ kind: "group-shift", groupSize })).toThrow(KindError);
    expect(() => messages({ kind: "group-shift", groupSize })).toThrow(new RegExp(`${field}.*${text}`));
  });

  it("refuses a shift that maps every group onto itself", () => {
    expect(() => messages({ kind: "group-shift", groupSize: 4, shift: 3 })).toThrow(
      /shift must not be a multiple of the 3 groups/,
    );
  });
});
