/**
 * Distributions that break naive calendar queues: everything at one time, bimodal tiny and
 * huge delays, a queue growing from 1 to 50 000 events and back, a lone ticker beside a far
 * dense cluster, a sparse head before a dense cluster filled in random order, reverse-order
 * inserts, huge spreads. Each must run in (time, scheduling order) and finish quickly: the
 * wall-clock bounds are ~20x what these take, far below what an O(n^2) fallback would need.
 */
import { describe, expect, it } from "vitest";
import { Engine, type EventHandler, ms, ns, us } from "../src/index.js";

/** An engine whose events check, as they run, that (time, scheduling order) never goes back. */
function checkedEngine() {
  const engine = new Engine({ seed: 5 });
  let scheduled = 0;
  let handled = 0;
  let lastTime = -1;
  let lastSeq = -1;
  let react: (seq: number) => void = () => {};
  const handler: EventHandler<number> = {
    handleEvent(_kind, seq) {
      const now = engine.now;
      if (now < lastTime || (now === lastTime && seq < lastSeq)) {
        throw new Error(`event ${seq}@${now} ran after ${lastSeq}@${lastTime}`);
      }
      lastTime = now;
      lastSeq = seq;
      handled++;
      react(seq);
    },
  };
  return {
    engine,
    at: (time: number) => engine.at(time, handler, 0, scheduled++),
    after: (delay: number) => engine.after(delay, handler, 0, scheduled++),
    onEvent(fn: (seq: number) => void) {
      react = fn;
    },
    get scheduled() {
      return scheduled;
    },
    get handled() {
      return handled;
    },
  };
}

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

describe("adversarial distributions", () => {
  it("all events at one time, and more scheduled at that time from handlers", () => {
    const s = checkedEngine();
    s.onEvent((seq) => {
      if (seq % 3 === 0 && s.scheduled < 150_000) s.after(0);
    });
    const elapsed = timed(() => {
      for (let i = 0; i < 100_000; i++) s.at(us(1));
      s.engine.run();
    });
    expect(s.handled).toBe(s.scheduled);
    expect(s.engine.now).toBe(us(1));
    expect(elapsed).toBeLessThan(2000);
  });

  it("bimodal delays: 10 ns and 100 ms", () => {
    const s = checkedEngine();
    const r = s.engine.rng.stream("bimodal");
    s.onEvent(() => {
      if (s.scheduled < 200_000) s.after(r.bernoulli(0.5) ? ns(10) : ms(100) + r.uniformInt(0, 1000));
    });
    const elapsed = timed(() => {
      for (let i = 0; i < 5000; i++) s.at(r.uniformInt(0, 1000));
      while (s.engine.pending > 0) s.engine.run({ until: s.engine.now + ms(10) });
    });
    expect(s.handled).toBe(s.scheduled);
    expect(elapsed).toBeLessThan(3000);
  });

  it("a queue growing from 1 to 50 000 events and back to 0", () => {
    const s = checkedEngine();
    const r = s.engine.rng.stream("grow");
    let children = 2;
    s.onEvent(() => {
      for (let i = 0; i < children; i++) s.after(Math.round(r.exponential(us(1))));
    });
    const elapsed = timed(() => {
      s.at(0);
      while (s.engine.pending < 50_000) s.engine.step();
      children = 1;
      for (let i = 0; i < 50_000; i++) s.engine.step();
      children = 0;
      s.engine.run();
    });
    expect(s.engine.pending).toBe(0);
    expect(s.handled).toBe(s.scheduled);
    expect(elapsed).toBeLessThan(3000);
  });

  it("a lone ticker beside a far cluster of equal times", () => {
    const s = checkedEngine();
    s.onEvent(() => {
      if (s.engine.now < ms(5)) s.after(ns(10));
    });
    const elapsed = timed(() => {
      for (let i = 0; i < 50_000; i++) s.engine.at(ms(100), { handleEvent() {} });
      s.at(0);
      s.engine.run();
    });
    expect(s.handled).toBe(500_001);
    expect(elapsed).toBeLessThan(2000);
  });

  it("a sparse head before a dense cluster filled in random order", () => {
    const s = checkedEngine();
    const r = s.engine.rng.stream("cluster");
    const elapsed = timed(() => {
      for (let i = 0; i < 100; i++) s.at(i * ms(1));
      for (let i = 0; i < 50_000; i++) s.at(ms(200) + r.uniformInt(0, 1_000_000));
      s.engine.run();
    });
    expect(s.handled).toBe(50_100);
    expect(elapsed).toBeLessThan(3000);
  });

  it("inserts in decreasing time order", () => {
    const s = checkedEngine();
    const elapsed = timed(() => {
      for (let i = 0; i < 100_000; i++) s.at(1_000_000_000 - 3 * i);
      s.engine.run();
    });
    expect(s.handled).toBe(100_000);
    expect(elapsed).toBeLessThan(2000);
  });

  it("delays spread uniformly over 2^40 ps, with cancellations", () => {
    const s = checkedEngine();
    const r = s.engine.rng.stream("spread");
    const ids: number[] = [];
    let cancelled = 0;
    s.onEvent(() => {
      if (s.scheduled >= 100_000) return;
      ids.push(s.after(r.uniformInt(0, 2 ** 40)));
      if (r.bernoulli(0.2) && s.engine.cancel(ids[r.uniformInt(0, ids.length - 1)] as number)) cancelled++;
    });
    const elapsed = timed(() => {
      for (let i = 0; i < 1000; i++) ids.push(s.at(r.uniformInt(0, 2 ** 40)));
      s.engine.run();
    });
    expect(s.handled).toBe(s.scheduled - cancelled);
    expect(elapsed).toBeLessThan(2000);
  });
});
