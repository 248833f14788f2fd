/** onOff: santos-2002 sec. 6.3.2's dynamic flows (exponential ON and OFF periods per pair). */
import { ms, type Time, us } from "@losslab/engine";
import { runGenerators, type SinkCall } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { createGenerator, onOff } from "../src/index.js";

const pairs = [
  { source: "B1", destination: "BC" },
  { source: "B2", destination: "BC" },
  { source: "A1", destination: "BC", group: "remote-dynamic" },
  { source: "A2", destination: "BC" },
];

/** Per pair (by the flows' source), the ON and OFF durations; throws unless the calls alternate properly. */
function periods(calls: readonly SinkCall[]): Map<string, { on: number[]; off: number[]; starts: Time[] }> {
  const sourceOf = new Map<number, string>();
  const byPair = new Map<string, SinkCall[]>();
  for (const call of calls) {
    if (call.call === "message") throw new Error("on-off sent a message");
    if (call.call === "start") {
      if (sourceOf.has(call.id)) throw new Error(`flow id ${call.id} reused`);
      sourceOf.set(call.id, call.source);
    }
    const source = call.call === "start" ? call.source : (sourceOf.get(call.id) as string);
    const list = byPair.get(source) ?? [];
    list.push(call);
    byPair.set(source, list);
  }
  const result = new Map<string, { on: number[]; off: number[]; starts: Time[] }>();
  for (const [source, list] of byPair) {
    const on: number[] = [];
    const off: number[] = [];
    const starts: Time[] = [];
    list.forEach((call, index) => {
      // Alternation: start, stop, start, ... and each stop ends the flow just started.
      if (call.call !== (index % 2 === 0 ? "start" : "stop"))
        throw new Error(`${source}: call ${index} is a ${call.call}`);
      const previous = list[index - 1];
      if (call.call === "start") starts.push(call.time);
      if (previous === undefined) return;
      if (call.call === "stop") {
        if (call.id !== (previous as { id: number }).id)
          throw new Error(`${source}: stop ${call.id} after start ${(previous as { id: number }).id}`);
        on.push(call.time - previous.time);
      } else off.push(call.time - previous.time);
    });
    result.set(source, { on, off, starts });
  }
  return result;
}

describe("onOff", () => {
  const meanOnUs = 20;
  const meanOffUs = 60;
  const { sink } = runGenerators(onOff({ pairs, meanOnUs, meanOffUs, initialPhase: "on" }), { endTime: ms(120) });

  it("starts a flow at each ON start and stops it at the OFF start, alternately, per pair", () => {
    const byPair = periods(sink.calls);
    // The checker itself catches a broken sequence.
    const start = { call: "start", time: 0, id: 0, source: "B1", destination: "BC", group: "g" } as const;
    expect(() => periods([start, { ...start, id: 1 }])).toThrow("B1: call 1 is a start");
    expect(() => periods([start, { call: "stop", time: 1, id: 0 }, { ...start, id: 0 }])).toThrow("flow id 0 reused");
    expect([...byPair.keys()].sort()).toEqual(["A1", "A2", "B1", "B2"]);
    for (const { on } of byPair.values()) expect(on.length).toBeGreaterThan(1000);
    const starts = sink.calls.filter((call) => call.call === "start");
    expect(starts.filter((call) => call.time === 0)).toHaveLength(4); // initialPhase "on"
    expect(new Set(starts.map((call) => `${call.source}->${call.destination}:${call.group}`))).toEqual(
      new Set(["B1->BC:dynamic", "B2->BC:dynamic", "A1->BC:remote-dynamic", "A2->BC:dynamic"]),
    );
  });

  it("draws ON and OFF periods with the given means (within 3 standard errors, seed 1)", () => {
    const byPair = [...periods(sink.calls).values()];
    const on = meanAndError(byPair.flatMap((pair) => pair.on));
    const off = meanAndError(byPair.flatMap((pair) => pair.off));
    expect(Math.abs(on.mean - us(meanOnUs))).toBeLessThanOrEqual(3 * on.error);
    expect(Math.abs(off.mean - us(meanOffUs))).toBeLessThanOrEqual(3 * off.error);
    // Exponential: the standard deviation equals the mean (the error is mean / sqrt(n)).
    const n = byPair.flatMap((pair) => pair.on).length;
    expect(on.error * Math.sqrt(n)).toBeGreaterThan(0.9 * us(meanOnUs));
    expect(on.error * Math.sqrt(n)).toBeLessThan(1.1 * us(meanOnUs));
  });

  it("schedules nothing at or after the end and leaves a flow ON at the end running", () => {
    expect(sink.calls.every((call) => call.time < ms(120))).toBe(true);
    for (const list of [...periods(sink.calls).values()]) expect([0, 1]).toContain(list.starts.length - list.on.length);
  });

  it("with initialPhase random, a pair begins ON with probability meanOn / (meanOn + meanOff)", () => {
    const hosts = Array.from({ length: 25 }, (_, i) => `H${i}`);
    const all = hosts.flatMap((source) =>
      hosts.filter((d) => d !== source).map((destination) => ({ source, destination })),
    );
    const { sink: started } = runGenerators(onOff({ pairs: all, meanOnUs: 10, meanOffUs: 30 }), { hosts, endTime: 1 });
    const onAtZero = started.calls.filter((call) => call.call === "start" && call.time === 0).length;
    const n = all.length;
    const p = 10 / 40;
    expect(n).toBe(600);
    expect(Math.abs(onAtZero - n * p)).toBeLessThanOrEqual(3 * Math.sqrt(n * p * (1 - p)));
  });

  it("with initialPhase off, the first flows arrive after an OFF period", () => {
    const { sink: off } = runGenerators(onOff({ pairs, meanOnUs: 10, initialPhase: "off" }), { endTime: ms(1) });
    expect(off.calls[0]?.call).toBe("start");
    expect(off.calls.some((call) => call.time === 0)).toBe(false);
  });

  it("defaults meanOffUs to meanOnUs (santos-2002: equal means)", () => {
    const { sink: equal } = runGenerators(onOff({ pairs, meanOnUs: 20, initialPhase: "on" }), { endTime: ms(100) });
    const byPair = [...periods(equal.calls).values()];
    const off = meanAndError(byPair.flatMap((pair) => pair.off));
    expect(Math.abs(off.mean - us(20))).toBeLessThanOrEqual(3 * off.error);
  });

  it("begins at startUs and, at stopUs, stops the flows that are ON and starts no more", () => {
    const { sink: windowed } = runGenerators(
      onOff({ pairs, meanOnUs: 5, initialPhase: "on", startUs: 100, stopUs: 400 }),
      {
        endTime: ms(1),
      },
    );
    expect(Math.min(...windowed.calls.map((call) => call.time))).toBe(us(100));
    expect(Math.max(...windowed.calls.map((call) => call.time))).toBe(us(400));
    for (const pair of periods(windowed.calls).values()) expect(pair.starts.length).toBe(pair.on.length); // all stopped
    expect(windowed.calls.filter((call) => call.time === us(400)).every((call) => call.call === "stop")).toBe(true);
  });

  it("is built by the registry from a scenario spec", () => {
    const spec = { kind: "on-off", pairs, meanOnUs: 20, meanOffUs: 60, initialPhase: "on" } as const;
    const fromRegistry = runGenerators(createGenerator(spec), { endTime: ms(5) }).sink.calls;
    const direct = runGenerators(onOff({ pairs, meanOnUs: 20, meanOffUs: 60, initialPhase: "on" }), { endTime: ms(5) })
      .sink.calls;
    expect(fromRegistry).toEqual(direct);
    expect(createGenerator(spec)).toMatchObject({ kind: "on-off", name: "on-off" });
  });
});

/** Mean and standard error of the mean (sample standard deviation / sqrt(n)). */
function meanAndError(values: readonly number[]): { mean: number; error: number } {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  return { mean, error: Math.sqrt(variance / n) };
}
