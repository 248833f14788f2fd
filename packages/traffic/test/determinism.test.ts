/** Determinism and stream independence: every random choice comes from a named engine RNG stream. */
import { Engine, ms, us } from "@losslab/engine";
import { runGenerators, santosHosts, TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import {
  bernoulli,
  hotSpot,
  type MessageGeneratorOptions,
  onOff,
  poisson,
  type TrafficGenerator,
  traceReplay,
} from "../src/index.js";

const uniformOptions: MessageGeneratorOptions = {
  load: 0.3,
  size: { kind: "uniform", minBytes: 2048, maxBytes: 20000 },
  destinations: { kind: "uniform" },
  group: "uniform",
};

function mix(): TrafficGenerator[] {
  return [
    onOff({
      pairs: [
        { source: "B1", destination: "BC" },
        { source: "A1", destination: "BC" },
      ],
      meanOnUs: 50,
    }),
    bernoulli(uniformOptions),
    poisson({ load: 0.2, size: { kind: "fixed", bytes: 2048 }, destinations: { kind: "permutation" } }),
    hotSpot({
      sources: ["A2", "B2"],
      destination: "BV",
      messages: 20,
      load: 1,
      size: { kind: "fixed", bytes: 2048 },
      trigger: { atUs: 300 },
    }),
    traceReplay({ entries: [{ timeUs: 7, source: "AV", destination: "BV", bytes: 5000 }] }),
  ];
}

describe("determinism", () => {
  it("gives the same sink calls for the same seed, and others for another seed", () => {
    const first = runGenerators(mix(), { endTime: ms(1), seed: 7 }).sink.calls;
    expect(first.length).toBeGreaterThan(200);
    expect(runGenerators(mix(), { endTime: ms(1), seed: 7 }).sink.calls).toEqual(first);
    expect(runGenerators(mix(), { endTime: ms(1), seed: 8 }).sink.calls).not.toEqual(first);
  });

  it("runs one generator object in two engines side by side without interference", () => {
    const generator = bernoulli(uniformOptions);
    const engines = [new Engine({ seed: 3 }), new Engine({ seed: 3 })];
    const sinks = engines.map((engine) => new TrafficRecorder(engine));
    for (const [i, engine] of engines.entries()) {
      const sink = sinks[i] as TrafficRecorder;
      generator.start({ engine, sink, hosts: santosHosts, linkBandwidth: () => 1e9, endTime: ms(1) });
    }
    // Interleave the two runs in 10 us steps.
    for (let t = us(10); t <= ms(1); t += us(10)) for (const engine of engines) engine.run({ until: t });
    expect(sinks[0]?.calls.length).toBeGreaterThan(50);
    expect(sinks[1]?.calls).toEqual(sinks[0]?.calls);
  });

  it("adding a generator with another name never changes what another generator does", () => {
    const alone = runGenerators(bernoulli(uniformOptions), { endTime: ms(1) }).sink.messages;
    const together = runGenerators(
      [...mix().slice(0, 1), bernoulli(uniformOptions), poisson({ ...uniformOptions, name: "other", group: "other" })],
      {
        endTime: ms(1),
      },
    ).sink.messages.filter((m) => m.group === "uniform");
    expect(together).toEqual(alone);
  });

  it("keeps where, when and how much independent: changing one leaves the others' draws alone", () => {
    const base = runGenerators(bernoulli(uniformOptions), { endTime: ms(1) }).sink.messages;
    // A fixed size with the same mean (so the same slot length) draws nothing: same times, same destinations.
    const resized = runGenerators(bernoulli({ ...uniformOptions, size: { kind: "fixed", bytes: 11024 } }), {
      endTime: ms(1),
    }).sink.messages;
    expect(resized.map((m) => [m.source, m.time, m.destination])).toEqual(
      base.map((m) => [m.source, m.time, m.destination]),
    );
    expect(new Set(resized.map((m) => m.bytes))).toEqual(new Set([11024]));
    const redirected = runGenerators(
      bernoulli({ ...uniformOptions, destinations: { kind: "fixed", destination: "BC" }, sources: ["B1"] }),
      {
        endTime: ms(1),
      },
    ).sink.messages;
    const b1 = base.filter((m) => m.source === "B1");
    expect(redirected.map((m) => [m.time, m.bytes])).toEqual(b1.map((m) => [m.time, m.bytes]));
  });

  it("gives each ON/OFF pair its own stream: adding or reordering pairs changes no other pair", () => {
    const b1 = { source: "B1", destination: "BC" };
    const others = [
      { source: "A1", destination: "BC" },
      { source: "A2", destination: "BC" },
    ];
    const alone = runGenerators(onOff({ pairs: [b1], meanOnUs: 20 }), { endTime: ms(2) }).sink.calls.map((c) => c.time);
    const many = runGenerators(onOff({ pairs: [...others, b1], meanOnUs: 20 }), { endTime: ms(2) }).sink;
    const ids = new Set(many.calls.flatMap((c) => (c.call === "start" && c.source === "B1" ? [c.id] : [])));
    const b1Calls = many.calls.filter((c) =>
      c.call === "start" ? c.source === "B1" : c.call === "stop" && ids.has(c.id),
    );
    expect(b1Calls.map((c) => c.time)).toEqual(alone);
  });

  it("draws from the documented stream names", () => {
    // on-off: traffic/<name>/<source>-><destination>: the initial phase, then the periods.
    const pair = { source: "B1", destination: "BC" };
    const calls = runGenerators(onOff({ pairs: [pair], meanOnUs: 20, meanOffUs: 40 }), { endTime: ms(1), seed: 5 }).sink
      .calls;
    const stream = new Engine({ seed: 5 }).rng.stream("traffic/on-off/B1->BC");
    let on = stream.next() < 20 / 60;
    let time = on ? 0 : stream.exponential(us(40));
    const expected: number[] = [];
    if (!on) on = true;
    while (Math.round(time) < ms(1)) {
      expected.push(Math.round(time));
      time += stream.exponential(on ? us(20) : us(40));
      on = !on;
    }
    expect(calls.map((c) => c.time)).toEqual(expected);

    // bernoulli: traffic/<name>/<source>/destinations, one pick among the other hosts per message.
    const messages = runGenerators(bernoulli({ ...uniformOptions, sources: ["A1"] }), { endTime: ms(1), seed: 5 }).sink
      .messages;
    const where = new Engine({ seed: 5 }).rng.stream("traffic/bernoulli/A1/destinations");
    const others = santosHosts.filter((host) => host !== "A1");
    expect(messages.map((m) => m.destination)).toEqual(messages.map(() => where.pick(others)));
    const sizes = new Engine({ seed: 5 }).rng.stream("traffic/bernoulli/A1/sizes");
    expect(messages.map((m) => m.bytes)).toEqual(messages.map(() => sizes.uniformInt(2048, 20000)));
  });
});
