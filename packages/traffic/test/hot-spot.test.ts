/** hotSpot: ferrer-2012 Table 3 / sec. 5.1 (idle until a trigger, then N messages each to one host). */
import { Engine, PS_PER_S, us } from "@losslab/engine";
import { GBPS } from "@losslab/test-kit/santos-link";
import { runGenerators, TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { bernoulli, createGenerator, type HotSpotOptions, hotSpot } from "../src/index.js";

const base: HotSpotOptions = {
  sources: ["A1", "A2", "B1"],
  destination: "BC",
  messages: 50,
  load: 0.5,
  size: { kind: "fixed", bytes: 2048 },
  trigger: { atUs: 100 },
  process: "periodic",
};
const interval = (2048 * PS_PER_S) / (0.5 * GBPS); // 4.096 us

function perSource(messages: { source: string; time: number }[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const m of messages) map.set(m.source, [...(map.get(m.source) ?? []), m.time]);
  return map;
}

describe("hotSpot", () => {
  it("fires at the trigger time and sends exactly N messages per source to the hot spot, then stops", () => {
    const { sink } = runGenerators(hotSpot(base), { endTime: us(2000) });
    const times = perSource(sink.messages);
    expect([...times.keys()].sort()).toEqual(["A1", "A2", "B1"]);
    for (const list of times.values()) {
      expect(list).toHaveLength(50);
      expect(list[0]).toBe(us(100));
      expect(list.at(-1)).toBe(us(100) + Math.round(49 * interval));
    }
    expect(new Set(sink.messages.map((m) => m.destination))).toEqual(new Set(["BC"]));
    expect(new Set(sink.messages.map((m) => m.group))).toEqual(new Set(["hot"]));
    expect(sink.calls.filter((call) => call.call !== "message")).toEqual([]);
  });

  it("defaults to Bernoulli injection in slots counted from the trigger, still exactly N per source", () => {
    const { process: _process, ...bernoulliSpot } = base;
    const { sink } = runGenerators(hotSpot({ ...bernoulliSpot, trigger: { atUs: 3 } }), { endTime: us(3000) });
    const slot = (2048 * PS_PER_S) / GBPS;
    for (const list of perSource(sink.messages).values()) {
      expect(list).toHaveLength(50);
      expect(list.every((time) => time >= us(3) && (time - us(3)) % slot === 0)).toBe(true);
    }
    // At load 0.5 the 50 messages span about 100 slots, not 50 (periodic at load 1 would).
    const last = Math.max(...sink.messages.map((m) => m.time));
    expect(last).toBeGreaterThan(us(3) + 70 * slot);
  });

  it("fires when the sink has delivered the trigger count, not before", () => {
    const spec: HotSpotOptions = { ...base, trigger: { deliveredPackets: 50 } };
    const { sink } = runGenerators(hotSpot(spec), {
      endTime: us(1000),
      // 7 packets delivered every microsecond: the count reaches 50 at 8 us (56 delivered).
      script: (engine, recording) => {
        for (let t = 1; t <= 20; t++) engine.at(us(t), () => recording.deliver(7));
      },
    });
    const times = perSource(sink.messages);
    for (const list of times.values()) {
      expect(list[0]).toBe(us(8));
      expect(list).toHaveLength(50);
    }
  });

  it("registers one onDelivered callback with the count (ferrer-2012: 50,000 packets)", () => {
    const engine = new Engine();
    const sink = new TrafficRecorder(engine);
    const counts: number[] = [];
    const spy = Object.assign(Object.create(sink), {
      onDelivered: (count: number, callback: () => void) => {
        counts.push(count);
        sink.onDelivered(count, callback);
      },
    });
    hotSpot({ ...base, trigger: { deliveredPackets: 50_000 } }).start({
      engine,
      sink: spy,
      hosts: ["A1", "A2", "B1", "BC"],
      linkBandwidth: () => GBPS,
      endTime: us(100),
    });
    expect(counts).toEqual([50_000]);
    engine.run({ until: us(100) });
    expect(sink.messages).toEqual([]); // never delivered: never fires
  });

  it("fires once even if a sink calls back twice", () => {
    const engine = new Engine();
    const sink = new TrafficRecorder(engine);
    const twice: typeof sink = Object.assign(Object.create(sink), {
      onDelivered: (count: number, callback: () => void) => {
        sink.onDelivered(count, callback);
        sink.onDelivered(count, callback);
      },
    });
    hotSpot({ ...base, trigger: { deliveredPackets: 1 } }).start({
      engine,
      sink: twice,
      hosts: ["A1", "A2", "B1", "BC"],
      linkBandwidth: () => GBPS,
      endTime: us(1000),
    });
    engine.at(us(1), () => sink.deliver(1));
    engine.run({ until: us(1000) });
    expect(sink.messages).toHaveLength(150);
  });

  it("runs beside uniform traffic that drives the delivered count (traffic pattern I in small)", () => {
    const hosts = Array.from({ length: 8 }, (_, i) => `H${i}`);
    const uniform = bernoulli({
      name: "cold",
      sources: hosts.slice(0, 7),
      load: 0.1125,
      size: { kind: "fixed", bytes: 256 },
      destinations: { kind: "uniform" },
    });
    const hot = hotSpot({
      sources: ["H7"],
      destination: "H0",
      messages: 100,
      load: 0.9,
      size: { kind: "fixed", bytes: 256 },
      trigger: { deliveredPackets: 200 },
      process: "periodic", // the first hot message is sent at the trigger instant
    });
    const { sink } = runGenerators([uniform, hot], {
      hosts,
      endTime: us(1000),
      // Every message is one packet, delivered 1 us after it was sent.
      script: (engine, recording) => {
        const original = recording.sendMessage.bind(recording);
        recording.sendMessage = (message) => {
          original(message);
          engine.after(us(1), () => recording.deliver(1));
        };
      },
    });
    const cold = sink.messages.filter((m) => m.group === "cold");
    const hotMessages = sink.messages.filter((m) => m.group === "hot");
    expect(hotMessages).toHaveLength(100);
    const trigger = hotMessages[0]?.time as number;
    // The 200th cold message was delivered 1 us after it was sent, and the hot spot began then.
    expect(trigger).toBeGreaterThanOrEqual((cold[199]?.time as number) + us(1));
    expect(cold.filter((m) => m.time < trigger - us(1)).length).toBeLessThan(200);
  });

  it("stops at the end of the simulation if that comes before the last message", () => {
    const { sink } = runGenerators(hotSpot(base), { endTime: us(100) + 10 * interval });
    for (const list of perSource(sink.messages).values()) expect(list).toHaveLength(10);
    expect(runGenerators(hotSpot({ ...base, trigger: { atUs: 5000 } }), { endTime: us(1000) }).sink.messages).toEqual(
      [],
    );
  });

  it("is built by the registry", () => {
    const generator = createGenerator({ kind: "hot-spot", ...base, name: "hs" });
    expect(generator).toMatchObject({ kind: "hot-spot", name: "hs" });
    expect(runGenerators(generator, { endTime: us(2000) }).sink.messages).toHaveLength(150);
  });
});
