/**
 * Same-instant order by (scheduling device, that device's sequence): what docs/spec/parallel.md
 * claims, including that devices split over two engines see exactly what one engine shows them.
 */
import { describe, expect, it } from "vitest";
import { Engine, EngineError, type EventHandler, MAX_DEVICES } from "../src/index.js";

describe("devices", () => {
  it("runs events of one time by the device that scheduled them, then by that device's order", () => {
    const engine = new Engine();
    const log: string[] = [];
    const note = (label: string) => () => log.push(label);
    engine.asDevice(5, () => {
      engine.at(10, note("5a"));
      engine.at(10, note("5b"));
    });
    engine.asDevice(2, () => engine.at(10, note("2a")));
    engine.at(10, note("0a")); // outside asDevice: the run itself, device 0
    engine.asDevice(5, () => engine.at(10, note("5c"))); // device 5 goes on counting where it stopped
    engine.run();
    expect(log).toEqual(["0a", "2a", "5a", "5b", "5c"]);
  });

  it("makes the device that handles an event schedule what its handler schedules", () => {
    const engine = new Engine();
    const log: string[] = [];
    const seen: number[] = [];
    const note = (label: string) => () => {
      log.push(label);
      seen.push(engine.device);
    };
    // Device 1 sends to device 7 and device 3 sends to device 4, both arriving at 20. Device 7's
    // handler then schedules at 20 as device 7: after device 4's, though scheduled first.
    engine.asDevice(1, () =>
      engine.at(
        20,
        () => {
          note("arrive7")();
          engine.at(20, note("7-follow-up"));
        },
        0,
        undefined,
        7,
      ),
    );
    engine.asDevice(3, () =>
      engine.at(
        20,
        () => {
          note("arrive4")();
          engine.at(20, note("4-follow-up"));
        },
        0,
        undefined,
        4,
      ),
    );
    engine.run();
    // Ranked by the senders (1 before 3), the follow-ups by their schedulers (4 before 7).
    expect(log).toEqual(["arrive7", "arrive4", "4-follow-up", "7-follow-up"]);
    expect(seen).toEqual([7, 4, 4, 7]);
    expect(engine.device).toBe(0); // between runs, the run itself schedules
  });

  it("keeps soon events in rank order when a lower device schedules at the same instant", () => {
    const engine = new Engine();
    const log: string[] = [];
    const wake: EventHandler = { handleEvent: (kind) => log.push(`soon${kind}@${engine.device}`) };
    // Within a run, only the device whose soon events wait can schedule at their instant, and
    // its ranks only grow; between steps the run itself (device 0) can: it outranks them.
    engine.asDevice(6, () => engine.at(5, () => engine.soon(wake, 6)));
    expect(engine.step()).toBe(true);
    engine.at(5, () => log.push(`at@${engine.device}`));
    engine.run();
    expect(log).toEqual(["at@0", "soon6@6"]);
  });

  it("counts a soon event taken back as handled, so the count is the same either way", () => {
    const counts = [true, false].map((takeBack) => {
      const engine = new Engine();
      const self: EventHandler = {
        handleEvent(kind) {
          if (kind !== 0) return;
          engine.soon(self, 1);
          if (takeBack) expect(engine.takeSoon(self, 1)).toBe(true);
        },
      };
      engine.asDevice(3, () => engine.at(1, self, 0));
      engine.run();
      return engine.eventsHandled;
    });
    expect(counts).toEqual([2, 2]);
  });

  it("refuses a device number outside [0, MAX_DEVICES) and asDevice inside a handler", () => {
    const engine = new Engine();
    expect(() => engine.at(1, () => {}, 0, undefined, -1)).toThrow(EngineError);
    expect(() => engine.at(1, () => {}, 0, undefined, 1.5)).toThrow(/device must be an integer in \[0, 16777216\)/);
    expect(() => engine.asDevice(MAX_DEVICES, () => {})).toThrow(/device must be an integer/);
    engine.at(1, () => engine.asDevice(1, () => {}));
    expect(() => engine.run()).toThrow(/asDevice\(\) called from inside an event handler/);
  });

  it("gives devices split over two engines, exchanging frames at window ends, what one engine gives them", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const one = simulate(seed, [[1, 2, 3, 4, 5, 6]]);
      const two = simulate(seed, [
        [1, 3, 5],
        [2, 4, 6],
      ]);
      const three = simulate(seed, [
        [1, 2],
        [3, 4],
        [5, 6],
      ]);
      expect(two.logs).toEqual(one.logs);
      expect(three.logs).toEqual(one.logs);
      expect(two.events).toBe(one.events);
      expect(one.logs.flat().length).toBeGreaterThan(100); // the devices did meet
    }
  });
});

/** Shortest delay between devices: the window of the split run. */
const WINDOW = 100;
const END = 5000;

interface Frame {
  time: number;
  to: number;
  sentAt: number;
  from: number;
  sequence: number;
  payload: number;
}

/**
 * Six devices that, on each frame, log it, draw from their own stream and then: send a frame
 * or two to other devices (delay >= WINDOW, so that they may cross engines), and wake
 * themselves now through `soon` (sometimes taking it back), at the same instant through `at`,
 * or later. Every device's own log (time, kind, payload, handling device) must not depend on
 * `parts`.
 */
function simulate(seed: number, parts: number[][]): { logs: string[][]; events: number } {
  const engines = parts.map(() => new Engine({ seed }));
  const partOf = (device: number) => parts.findIndex((part) => part.includes(device));
  const logs: string[][] = Array.from({ length: 7 }, () => []);
  const outboxes: Frame[][] = parts.map(() => []);
  const handlers: EventHandler<number>[] = [];
  for (let device = 1; device <= 6; device++) {
    const engine = engines[partOf(device)]!;
    const stream = engine.rng.stream(`device/${device}`);
    const handler: EventHandler<number> = {
      handleEvent(kind, payload) {
        const now = engine.now;
        logs[device]!.push(`${now}:${kind}:${payload}:${engine.device}`);
        if (now >= END) return;
        if (kind === 0) {
          // A frame goes on (sometimes two): a few thousand events in all.
          const frames = stream.bernoulli(0.1) ? 2 : 1;
          for (let i = 0; i < frames; i++) {
            const to = 1 + ((device + stream.uniformInt(0, 4)) % 6);
            const time = now + WINDOW + 10 * stream.uniformInt(0, 3);
            const next = stream.uniformInt(0, 999);
            if (partOf(to) === partOf(device)) engine.at(time, handlers[to]!, 0, next, to);
            else
              outboxes[partOf(device)]!.push({
                time,
                to,
                from: device,
                sentAt: now,
                sequence: engine.takeSequence(),
                payload: next,
              });
          }
          const draw = stream.uniformInt(0, 4);
          if (draw === 2) engine.at(now, handler, 2, draw);
          else if (draw === 3) engine.at(now + 10 * stream.uniformInt(0, 5), handler, 3, draw);
          else if (draw < 2) {
            // Last in the handler, as `takeSoon` asks; taken back, its work is done here.
            engine.soon(handler, 1);
            if (draw === 1 && engine.takeSoon(handler, 1)) handler.handleEvent(1, undefined as never);
          }
        } else if (kind === 2 && stream.bernoulli(0.3)) engine.at(now, handler, 2, 0);
      },
    };
    handlers[device] = handler;
    engine.asDevice(device, () => engine.at(0, handler, 0, device));
  }
  for (let windowEnd = WINDOW; windowEnd <= END + 2 * WINDOW; windowEnd += WINDOW) {
    for (const engine of engines) engine.run({ until: windowEnd - 1 });
    // Window end: every frame sent in this window arrives at windowEnd or later.
    for (const outbox of outboxes) {
      for (const frame of outbox.splice(0)) {
        expect(frame.time).toBeGreaterThanOrEqual(windowEnd);
        const { time, to, sentAt, from, sequence, payload } = frame;
        engines[partOf(to)]!.atRanked(time, handlers[to]!, 0, payload, to, sentAt, from, sequence);
      }
    }
  }
  return { logs, events: engines.reduce((sum, engine) => sum + engine.eventsHandled, 0) };
}

describe("devices against a reference", () => {
  it("always runs the pending event first in (time, time scheduled, scheduling device, its sequence)", () => {
    for (let seed = 1; seed <= 20; seed++) checkAgainstReference(seed);
  });
});

type Rank = [time: number, scheduledAt: number, scheduler: number, sequence: number];
const before = (a: Rank, b: Rank) => {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

/**
 * Six devices schedule at random (for themselves or another device, now or later, through
 * `at`, `after` and `soon`, some taken back by `takeSoon`); the test keeps its own list of
 * pending events with the ranks the engine's rule gives them and checks that each event the
 * engine runs is the first of that list.
 */
function checkAgainstReference(seed: number): void {
  const engine = new Engine({ seed });
  const stream = engine.rng.stream("script");
  const sequences = new Array<number>(7).fill(0);
  const pending = new Map<number, Rank>();
  let next = 0;
  let handled = 0;
  const rankNow = (time: number): Rank => [time, engine.now, engine.device, sequences[engine.device]!++];
  const handler: EventHandler<number> = {
    handleEvent(kind, id) {
      // A soon event's payload is undefined: its kind carries its id.
      const key = kind > 0 ? kind : id;
      const rank = pending.get(key)!;
      let first = true;
      for (const other of pending.values()) if (before(other, rank)) first = false;
      if (!first || rank[0] !== engine.now)
        expect({ ran: rank, now: engine.now, first }).toBe("the first pending event");
      pending.delete(key);
      handled++;
      if (engine.now > 2000 || handled > 2000) return;
      const count = stream.uniformInt(0, 3);
      for (let i = 0; i < count; i++) schedule();
    },
  };
  const schedule = (): void => {
    const draw = stream.uniformInt(0, 9);
    const id = ++next;
    if (draw < 2) {
      pending.set(id, rankNow(engine.now));
      engine.soon(handler, id);
      // Taken back only as the handler's last act: nothing else is scheduled after it here.
      if (draw === 1 && engine.takeSoon(handler, id)) {
        pending.delete(id);
        handled++;
      }
      return;
    }
    const device = draw < 5 ? engine.device : stream.uniformInt(0, 6);
    const delay = draw < 7 ? 0 : 10 * stream.uniformInt(1, 5);
    pending.set(id, rankNow(engine.now + delay));
    if (draw % 2 === 0) engine.at(engine.now + delay, handler, 0, id, device);
    else engine.after(delay, handler, 0, id, device);
  };
  for (let device = 0; device <= 6; device++) engine.asDevice(device, () => schedule());
  engine.run();
  expect(pending.size).toBe(0);
  expect(engine.eventsHandled).toBe(handled);
  expect(handled).toBeGreaterThan(50);
}
