import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { Engine, EngineError, type EventHandler, MAX_TIME, ns, us } from "../src/index.js";

/** A handler object that logs `label@now` and runs an optional hook. */
function recorder(engine: Engine, log: string[], hook?: (label: string) => void): EventHandler<string> {
  return {
    handleEvent(_kind, label) {
      log.push(`${label}@${engine.now}`);
      hook?.(label);
    },
  };
}

describe("ordering", () => {
  it("runs events by time, whatever order they were scheduled in", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = recorder(engine, log);
    for (const [time, label] of [
      [30, "c"],
      [10, "a"],
      [20, "b"],
      [ns(1), "d"],
    ] as const) {
      engine.at(time, h, 0, label);
    }
    engine.run();
    expect(log).toEqual(["a@10", "b@20", "c@30", "d@1000"]);
  });

  it("runs events at equal times in scheduling order (stable FIFO)", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = recorder(engine, log);
    for (let i = 0; i < 50; i++) engine.at(i % 2 === 0 ? 100 : 200, h, 0, `e${i}`);
    engine.run();
    const expected = [
      ...Array.from({ length: 25 }, (_, i) => `e${2 * i}@100`),
      ...Array.from({ length: 25 }, (_, i) => `e${2 * i + 1}@200`),
    ];
    expect(log).toEqual(expected);
  });

  it("runs an event scheduled from a handler at the current time after those already due", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h: EventHandler<string> = recorder(engine, log, (label) => {
      if (label === "a") {
        engine.after(0, h, 0, "a1");
        engine.at(engine.now, h, 0, "a2");
      }
      if (label === "a1") engine.after(0, h, 0, "a1x");
    });
    engine.at(5, h, 0, "a");
    engine.at(5, h, 0, "b");
    engine.at(6, h, 0, "c");
    engine.at(5, h, 0, "d");
    engine.run();
    expect(log).toEqual(["a@5", "b@5", "d@5", "a1@5", "a2@5", "a1x@5", "c@6"]);
  });

  it("delivers kind and payload to handler objects and the payload to callbacks", () => {
    const engine = new Engine();
    const got: unknown[] = [];
    const payload = { packet: 1 };
    engine.at(1, { handleEvent: (kind: number, p: unknown) => got.push(kind, p) }, 7, payload);
    engine.after(2, (p: string) => got.push(p), 3, "cb");
    engine.at(3, { handleEvent: (kind: number, p: unknown) => got.push(kind, p) });
    engine.run();
    expect(got).toEqual([7, payload, "cb", 0, undefined]);
  });

  it("keeps the clock at the time of the running event", () => {
    const engine = new Engine();
    const seen: number[] = [];
    engine.at(us(2), () => seen.push(engine.now));
    engine.after(ns(3), () => seen.push(engine.now));
    expect(engine.nextEventTime()).toBe(3000);
    engine.run();
    expect(seen).toEqual([3000, 2_000_000]);
    expect(engine.now).toBe(2_000_000);
  });

  it("runs events at the last representable time", () => {
    const engine = new Engine();
    const log: number[] = [];
    engine.at(MAX_TIME, () => log.push(engine.now));
    engine.at(MAX_TIME - 1, () => log.push(engine.now));
    engine.at(0, () => log.push(engine.now));
    engine.run();
    expect(log).toEqual([0, MAX_TIME - 1, MAX_TIME]);
  });
});

describe("cancel", () => {
  it("returns true once for a pending event, which then never runs", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = recorder(engine, log);
    const a = engine.at(10, h, 0, "a");
    const b = engine.at(10, h, 0, "b");
    engine.at(10, h, 0, "c");
    expect(engine.pending).toBe(3);
    expect(engine.cancel(b)).toBe(true);
    expect(engine.cancel(b)).toBe(false);
    expect(engine.pending).toBe(2);
    engine.run();
    expect(log).toEqual(["a@10", "c@10"]);
    expect(engine.cancel(a)).toBe(false); // already ran
    expect(engine.pending).toBe(0);
  });

  it("returns false for values that are not ids", () => {
    const engine = new Engine();
    engine.at(1, () => {});
    for (const bogus of [-1, 0.5, Number.NaN, 123456, 2 ** 52]) expect(engine.cancel(bogus)).toBe(false);
    expect(engine.pending).toBe(1);
  });

  it("keeps a stale id stale after its slot is reused", () => {
    const engine = new Engine();
    const first = engine.at(1, () => {});
    engine.cancel(first);
    const second = engine.at(2, () => {}); // reuses the freed slot
    expect(second).not.toBe(first);
    expect(engine.cancel(first)).toBe(false);
    expect(engine.pending).toBe(1);
    expect(engine.cancel(second)).toBe(true);
  });

  it("works from inside handlers, on events due at the same time or later", () => {
    const engine = new Engine();
    const log: string[] = [];
    const ids: Record<string, number> = {};
    let own = true;
    const h: EventHandler<string> = recorder(engine, log, (label) => {
      if (label === "a") {
        own = engine.cancel(ids.a as number); // the running event is no longer pending
        expect(engine.cancel(ids.b as number)).toBe(true); // due now, not run yet
        expect(engine.cancel(ids.d as number)).toBe(true); // later
        expect(engine.pending).toBe(1);
      }
    });
    ids.a = engine.at(5, h, 0, "a");
    ids.b = engine.at(5, h, 0, "b");
    ids.c = engine.at(5, h, 0, "c");
    ids.d = engine.at(9, h, 0, "d");
    engine.run();
    expect(own).toBe(false);
    expect(log).toEqual(["a@5", "c@5"]);
  });

  it("counts live events only in pending and nextEventTime", () => {
    const engine = new Engine();
    const early = engine.at(1, () => {});
    engine.at(7, () => {});
    engine.cancel(early);
    expect(engine.pending).toBe(1);
    expect(engine.nextEventTime()).toBe(7);
  });
});

describe("run", () => {
  it("runs events at times <= until, including those scheduled meanwhile, then sets the clock to until", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h: EventHandler<string> = recorder(engine, log, (label) => {
      if (label === "a") engine.at(100, h, 0, "at-until");
      if (label === "at-until") engine.after(1, h, 0, "past-until");
    });
    engine.at(10, h, 0, "a");
    engine.at(101, h, 0, "later");
    expect(engine.run({ until: 100 })).toEqual({ reason: "until", events: 2, now: 100 });
    expect(log).toEqual(["a@10", "at-until@100"]);
    expect(engine.pending).toBe(2);
    expect(engine.run({ until: 100 })).toEqual({ reason: "until", events: 0, now: 100 });
    expect(engine.run({ until: 5000 })).toEqual({ reason: "until", events: 2, now: 5000 });
    // "later" was scheduled before "past-until": at equal times it runs first.
    expect(log).toEqual(["a@10", "at-until@100", "later@101", "past-until@101"]);
  });

  it("moves the clock to until even with nothing to run, and lets events be scheduled from there", () => {
    const engine = new Engine();
    expect(engine.run({ until: us(1) })).toEqual({ reason: "until", events: 0, now: us(1) });
    expect(() => engine.at(us(1) - 1, () => {})).toThrow(EngineError);
    const log: number[] = [];
    engine.at(us(1), () => log.push(engine.now));
    engine.run();
    expect(log).toEqual([us(1)]);
  });

  it("runs repeated short windows like one long run", () => {
    const a = new Engine({ seed: 9 });
    const b = new Engine({ seed: 9 });
    const logs: string[][] = [[], []];
    [a, b].forEach((engine, i) => {
      const r = engine.rng.stream("w");
      const h: EventHandler = {
        handleEvent() {
          logs[i]?.push(`${engine.now}`);
          if (engine.eventsHandled < 2000) engine.after(r.uniformInt(0, 50), h);
        },
      };
      for (let k = 0; k < 20; k++) engine.at(r.uniformInt(0, 100), h);
    });
    a.run();
    while (b.pending > 0) b.run({ until: b.now + 7 });
    expect(logs[1]).toEqual(logs[0]);
  });

  it("without until runs until the queue is empty", () => {
    const engine = new Engine();
    let n = 0;
    const h: EventHandler = {
      handleEvent() {
        if (++n < 10) engine.after(ns(10), h);
      },
    };
    engine.at(0, h);
    expect(engine.run()).toEqual({ reason: "empty", events: 10, now: 90_000 });
    expect(engine.eventsHandled).toBe(10);
    expect(engine.run()).toEqual({ reason: "empty", events: 0, now: 90_000 });
  });

  it("rejects an until in the past, not an integer, or beyond MAX_TIME", () => {
    const engine = new Engine();
    engine.run({ until: 50 });
    for (const until of [49, -1, 50.5, Number.NaN, MAX_TIME + 2, Number.POSITIVE_INFINITY]) {
      expect(() => engine.run({ until })).toThrow(EngineError);
    }
    expect(() => engine.run({ until: 49 })).toThrow(/now \(50 ps\)/);
    expect(engine.run({ until: MAX_TIME }).now).toBe(MAX_TIME);
  });

  it("throws when called from inside a handler, and stays usable", () => {
    const engine = new Engine();
    const errors: unknown[] = [];
    engine.at(1, () => {
      try {
        engine.run();
      } catch (error) {
        errors.push(error);
      }
      try {
        engine.step();
      } catch (error) {
        errors.push(error);
      }
    });
    engine.at(2, () => {});
    expect(engine.run().events).toBe(2);
    expect(errors).toHaveLength(2);
    for (const error of errors) {
      expect(error).toBeInstanceOf(EngineError);
      expect(String(error)).toMatch(/inside an event handler/);
    }
  });

  it("lets a handler's exception through, with the engine still usable", () => {
    const engine = new Engine();
    const log: number[] = [];
    engine.at(1, () => {
      throw new Error("boom");
    });
    engine.at(2, () => log.push(engine.now));
    expect(() => engine.run()).toThrow("boom");
    expect(engine.now).toBe(1);
    expect(engine.pending).toBe(1);
    expect(engine.run()).toMatchObject({ reason: "empty", events: 1 });
    expect(log).toEqual([2]);
  });
});

describe("stop", () => {
  it("inside a handler makes run return after that event, for good", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h: EventHandler<string> = recorder(engine, log, (label) => {
      if (label === "b") engine.stop();
    });
    engine.at(1, h, 0, "a");
    engine.at(2, h, 0, "b");
    engine.at(2, h, 0, "c");
    engine.at(3, h, 0, "d");
    expect(engine.run({ until: 10 })).toEqual({ reason: "stopped", events: 2, now: 2 });
    expect(log).toEqual(["a@1", "b@2"]);
    expect(engine.isStopped).toBe(true);
    expect(engine.pending).toBe(2);
    expect(() => engine.run()).toThrow(/stop\(\) is final/);
    expect(() => engine.step()).toThrow(/stop\(\) is final/);
    expect(() => engine.run({ until: 20 })).toThrow(EngineError);
    expect(log).toEqual(["a@1", "b@2"]);
  });

  it("inside a step ends the engine after that event", () => {
    const engine = new Engine();
    engine.at(1, () => engine.stop());
    engine.at(2, () => {});
    expect(engine.step()).toBe(true);
    expect(engine.isStopped).toBe(true);
    expect(() => engine.step()).toThrow(/stop\(\) is final/);
  });

  it("outside a run stops the engine at once", () => {
    const engine = new Engine();
    engine.at(1, () => {});
    expect(engine.isStopped).toBe(false);
    engine.stop();
    expect(engine.isStopped).toBe(true);
    expect(() => engine.run()).toThrow(/stop\(\) is final/);
    expect(engine.pending).toBe(1);
  });
});

describe("takeSoon", () => {
  it("takes back a soon event only while it is the next to run, and still counts it as handled", () => {
    const engine = new Engine();
    const log: string[] = [];
    const other = recorder(engine, log);
    const took: boolean[] = [];
    const self: EventHandler<string> = {
      handleEvent(kind, label) {
        log.push(`${label ?? `soon${kind}`}@${engine.now}`);
        if (label === "first") {
          engine.soon(self, 7);
          took.push(engine.takeSoon(self, 8), engine.takeSoon(other, 7), engine.takeSoon(self, 7));
        } else if (label === "second") {
          engine.soon(other, 1); // ahead of the switch's own
          engine.soon(self, 7);
          took.push(engine.takeSoon(self, 7));
        } else if (label === "third") {
          engine.soon(self, 7); // an event is still due now: the soon event goes behind it in the queue
          took.push(engine.takeSoon(self, 7));
        }
      },
    };
    engine.at(1, self, 0, "first");
    engine.at(2, self, 0, "second");
    engine.at(3, self, 0, "third");
    engine.at(3, other, 0, "later");
    expect(engine.takeSoon(self, 7)).toBe(false); // not running
    engine.run();
    expect(took).toEqual([false, false, true, false, false]);
    expect(log).toEqual(["first@1", "second@2", "undefined@2", "soon7@2", "third@3", "later@3", "soon7@3"]);
    expect(engine.eventsHandled).toBe(8); // the 7 logged and the one taken back
  });
});

describe("step", () => {
  it("runs exactly one event and returns false when none is left", () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = recorder(engine, log);
    engine.at(4, h, 0, "b");
    engine.at(2, h, 0, "a");
    const c = engine.at(6, h, 0, "c");
    engine.cancel(c);
    expect(engine.step()).toBe(true);
    expect(log).toEqual(["a@2"]);
    expect(engine.now).toBe(2);
    expect(engine.step()).toBe(true);
    expect(engine.step()).toBe(false);
    expect(log).toEqual(["a@2", "b@4"]);
    expect(engine.eventsHandled).toBe(2);
  });
});

describe("scheduling errors", () => {
  const engine = new Engine();
  engine.run({ until: 1000 });
  const noop = () => {};

  it("at() rejects NaN, fractions, the past and times beyond MAX_TIME", () => {
    expect(() => engine.at(Number.NaN, noop)).toThrow(/at\(\): time is NaN/);
    expect(() => engine.at(1500.5, noop)).toThrow(/not an integer number of picoseconds/);
    expect(() => engine.at(999, noop)).toThrow(/in the past \(now is 1 ns\)/);
    expect(() => engine.at(-1, noop)).toThrow(/in the past/);
    expect(() => engine.at(MAX_TIME + 1, noop)).toThrow(/beyond the last representable time/);
    expect(() => engine.at(Number.POSITIVE_INFINITY, noop)).toThrow(/beyond/);
    expect(() => engine.at(MAX_TIME + 1, noop)).toThrow(EngineError);
    expect(engine.pending).toBe(0);
  });

  it("after() rejects negative, NaN and fractional delays, and overflow", () => {
    expect(() => engine.after(-1, noop)).toThrow(/after\(\): negative delay -1 ps/);
    expect(() => engine.after(Number.NaN, noop)).toThrow(/delay is NaN/);
    expect(() => engine.after(0.25, noop)).toThrow(/not an integer/);
    expect(() => engine.after(MAX_TIME, noop)).toThrow(/beyond the last representable time/);
    expect(() => engine.after(-1, noop)).toThrow(EngineError);
    expect(engine.pending).toBe(0);
  });

  it("rejects a missing target and a kind that is not an int32", () => {
    expect(() => engine.at(2000, null as never)).toThrow(/target is null/);
    expect(() => engine.after(1, undefined as never)).toThrow(/target is undefined/);
    expect(() => engine.at(2000, noop, 1.5)).toThrow(/kind must be an int32/);
    expect(() => engine.after(1, noop, 2 ** 31)).toThrow(/kind must be an int32/);
    expect(engine.pending).toBe(0);
  });

  it("error messages name the error class", () => {
    expect(errorOf(EngineError, () => engine.at(-5, noop)).name).toBe("EngineError");
  });
});
