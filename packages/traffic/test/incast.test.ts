/** The incast generator: events, fan-in, receivers and senders, arrivals, and mixing with background traffic. */
import { ms, us } from "@losslab/engine";
import { type MessageCall, runGenerators } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { createGenerator, type IncastOptions, incast, KindError, poisson } from "../src/index.js";

const hosts = Array.from({ length: 10 }, (_, i) => `H${i}`);

/** The messages grouped by event (their common time), in order. */
function events(messages: readonly MessageCall[]): MessageCall[][] {
  const byTime = new Map<number, MessageCall[]>();
  for (const m of messages) byTime.set(m.time, [...(byTime.get(m.time) ?? []), m]);
  return [...byTime.values()];
}

function runIncast(options: IncastOptions, endTime = ms(10), seed = 1) {
  return runGenerators(incast(options), { hosts, endTime, seed }).sink.messages;
}

describe("incast", () => {
  it("sends fanIn messages of `bytes` from distinct senders to one receiver not among them, every intervalUs", () => {
    const messages = runIncast({ fanIn: 4, bytes: 64_000, intervalUs: 100, startUs: 50, stopUs: 1050 });
    const byEvent = events(messages);
    // Events at 50, 150, ..., 950 us: (1050 - 50) / 100 = 10, the window half-open.
    expect(byEvent.map((event) => (event[0] as MessageCall).time)).toEqual(
      Array.from({ length: 10 }, (_, k) => us(50 + 100 * k)),
    );
    for (const event of byEvent) {
      expect(event).toHaveLength(4);
      const receivers = new Set(event.map((m) => m.destination));
      expect(receivers.size).toBe(1);
      const senders = new Set(event.map((m) => m.source));
      expect(senders.size).toBe(4);
      expect(senders.has(event[0]?.destination as string)).toBe(false);
      expect(event.every((m) => m.bytes === 64_000 && m.group === "incast")).toBe(true);
    }
  });

  it("draws receivers uniformly, and each host is a sender in fanIn / hosts of the events", () => {
    // 10,000 events (10 ms at 1 us). Per host, receiver in Binomial(10000, 1/10) events (sd 30)
    // and, by symmetry, a sender in Binomial(10000, 3/10) (sd 45.8): within 4 sd.
    const messages = runIncast({ fanIn: 3, bytes: 1000, intervalUs: 1 });
    const byEvent = events(messages);
    expect(byEvent).toHaveLength(10_000);
    for (const host of hosts) {
      const received = byEvent.filter((event) => event[0]?.destination === host).length;
      expect(Math.abs(received - 1000)).toBeLessThanOrEqual(4 * Math.sqrt(10_000 * 0.1 * 0.9));
      const sent = messages.filter((m) => m.source === host).length;
      expect(Math.abs(sent - 3000)).toBeLessThanOrEqual(4 * Math.sqrt(10_000 * 0.3 * 0.7));
    }
  });

  it("draws senders as a uniform subset: every pair of senders equally likely", () => {
    // Fixed receiver H0, fanIn 2 of the 9 others: each of the 36 pairs in 1/36 of 10,000 events
    // (278, sd 16.4).
    const byEvent = events(runIncast({ fanIn: 2, bytes: 1000, intervalUs: 1, receiver: "H0" }));
    const pairs = new Map<string, number>();
    for (const event of byEvent) {
      const key = event
        .map((m) => m.source)
        .sort()
        .join("+");
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    expect(pairs.size).toBe(36);
    const p = 1 / 36;
    for (const count of pairs.values()) {
      expect(Math.abs(count - 10_000 * p)).toBeLessThanOrEqual(4 * Math.sqrt(10_000 * p * (1 - p)));
    }
    expect(byEvent.every((event) => event.every((m) => m.destination === "H0" && m.source !== "H0"))).toBe(true);
  });

  it("takes every other host when fanIn is hosts - 1, and keeps to `hosts`", () => {
    const all = events(runIncast({ fanIn: 9, bytes: 1000, intervalUs: 100 }, us(1000)));
    for (const event of all) {
      expect(new Set(event.map((m) => m.source)).size).toBe(9);
    }
    const subset = ["H2", "H5", "H7"];
    const some = runIncast({ fanIn: 2, bytes: 1000, intervalUs: 10, hosts: subset }, us(1000));
    expect(some).toHaveLength(2 * 100);
    expect(some.every((m) => subset.includes(m.source) && subset.includes(m.destination))).toBe(true);
    // A fixed receiver outside `hosts`: every listed host may send.
    const outside = runIncast({ fanIn: 3, bytes: 1000, intervalUs: 10, hosts: subset, receiver: "H0" }, us(100));
    expect(outside.every((m) => m.destination === "H0" && subset.includes(m.source))).toBe(true);
    expect(outside).toHaveLength(3 * 10);
  });

  it("with poisson arrivals, has a Poisson number of events and exponential gaps", () => {
    // 100 ms at a mean of 10 us: 10,000 events expected (sd 100); half the gaps under 10 ln 2 us.
    const byEvent = events(
      runIncast({ fanIn: 2, bytes: 1000, intervalUs: 10, arrivals: "poisson", group: "query" }, ms(100)),
    );
    expect(Math.abs(byEvent.length - 10_000)).toBeLessThanOrEqual(4 * 100);
    const times = byEvent.map((event) => (event[0] as MessageCall).time);
    const gaps = times.slice(1).map((time, i) => time - (times[i] as number));
    const short = gaps.filter((gap) => gap < us(10) * Math.LN2).length;
    expect(Math.abs(short - gaps.length / 2)).toBeLessThanOrEqual(4 * Math.sqrt(gaps.length / 4));
    expect(times.filter((time) => time % us(10) === 0).length).toBeLessThan(10); // not periodic
    expect(byEvent.every((event) => event.every((m) => m.group === "query"))).toBe(true);
  });

  it("is deterministic per seed, and its streams are its own", () => {
    const options = { fanIn: 3, bytes: 1000, intervalUs: 5, arrivals: "poisson" } as const;
    expect(runIncast(options, us(500), 7)).toEqual(runIncast(options, us(500), 7));
    expect(runIncast(options, us(500), 7)).not.toEqual(runIncast(options, us(500), 8));
    expect(runIncast({ ...options, name: "other" }, us(500), 7)).not.toEqual(runIncast(options, us(500), 7));
  });

  it("runs beside poisson background traffic without moving a single background message", () => {
    const background = poisson({
      load: 0.5,
      size: { kind: "cdf", distribution: "hadoop" },
      destinations: { kind: "uniform" },
      group: "background",
    });
    const burst = createGenerator({ kind: "incast", fanIn: 8, bytes: 20_000, intervalUs: 200 });
    const endTime = ms(2);
    const alone = runGenerators(background, { hosts, endTime }).sink.messages;
    const mixed = runGenerators([background, burst], { hosts, endTime }).sink.messages;
    expect(mixed.filter((m) => m.group === "background")).toEqual(alone);
    expect(mixed.filter((m) => m.group === "incast")).toHaveLength(8 * 10);
    expect(alone.length).toBeGreaterThan(0);
  });

  it("rejects a fanIn larger than the hosts allow, and unknown hosts, naming the field", () => {
    expect(() => incast({ fanIn: 3, bytes: 1, intervalUs: 1, hosts: ["H0", "H1", "H2"] })).toThrow(
      "traffic.fanIn: 3 senders need 3 hosts besides the receiver, but traffic.hosts leaves 2",
    );
    expect(() => runIncast({ fanIn: 10, bytes: 1, intervalUs: 1 })).toThrow(
      "traffic.fanIn: 10 senders need 10 hosts besides the receiver, but the network leaves 9",
    );
    expect(() => runIncast({ fanIn: 1, bytes: 1, intervalUs: 1, receiver: "Q" })).toThrow(
      'traffic.receiver: unknown host "Q"',
    );
    expect(() => incast({ fanIn: 1, bytes: 1, intervalUs: 1, hosts: ["H0", "H0"] })).toThrow(
      'traffic.hosts[1]: "H0" is listed twice',
    );
    expect(() => incast({ fanIn: 0, bytes: 1, intervalUs: 1 })).toThrow(KindError);
    expect(() => incast({ fanIn: 1, bytes: 1, intervalUs: 1, startUs: 10, stopUs: 5 })).toThrow("traffic.stopUs");
  });
});
