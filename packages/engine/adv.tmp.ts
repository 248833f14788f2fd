import { Engine, type EventHandler } from "/work/main/packages/engine/src/index.js";
function report(name: string, engine: Engine, t0: number, events: number) {
  const q = (engine as any).queue;
  const ms = Date.now() - t0;
  console.log(name.padEnd(28), "events", events, "ms", ms, "M/s", (events / ms / 1000).toFixed(2), "nb", q.bucketCount, "w", q.bucketWidth);
}
// 1. all at one time
{ const e = new Engine(); let n = 0; const h: EventHandler = { handleEvent() { n++; } };
  const t0 = Date.now(); for (let i = 0; i < 200000; i++) e.at(5000, h); e.run(); report("all-one-time", e, t0, n); }
// 1b. all at one time, rescheduling at now
{ const e = new Engine(); let n = 0; const h: EventHandler = { handleEvent() { if (++n < 1e6) e.after(0, h); } };
  const t0 = Date.now(); for (let i = 0; i < 1000; i++) e.at(5000, h); e.run(); report("same-time-resched", e, t0, n); }
// 2. bimodal hold
{ const e = new Engine(); const r = e.rng.stream("x"); let n = 0;
  const h: EventHandler = { handleEvent() { n++; e.after(r.next() < 0.5 ? 10_000 : 100_000_000_000 + r.uniformInt(0, 1000), h); } };
  for (let i = 0; i < 10000; i++) e.at(r.uniformInt(0, 1000), h);
  const t0 = Date.now(); while (n < 2e6) e.run({ until: e.now + 1e9 }); report("bimodal-hold", e, t0, n); }
// 3. growth 1 -> 1e5 -> 1
{ const e = new Engine(); const r = e.rng.stream("g"); let n = 0; let phase = 0;
  const h: EventHandler = { handleEvent() { n++; const k = phase === 0 ? 2 : phase === 1 ? 1 : (r.next() < 0.5 ? 0 : 1); for (let i = 0; i < k; i++) e.after(Math.round(r.exponential(1e6)), h); } };
  e.at(0, h); const t0 = Date.now();
  while (e.pending < 100000) e.step();
  phase = 1; for (let i = 0; i < 500000; i++) e.step();
  phase = 2; while (e.pending > 0) e.step();
  report("grow-shrink", e, t0, n); }
// 4. ticker + far cluster
{ const e = new Engine(); let n = 0; const h: EventHandler = { handleEvent() { n++; } };
  for (let i = 0; i < 100000; i++) e.at(100_000_000_000, h);
  const tick: EventHandler = { handleEvent() { n++; if (e.now < 50_000_000_000) e.after(10_000, tick); } };
  e.at(0, tick); const t0 = Date.now(); e.run(); report("ticker+cluster", e, t0, n); }
// 5. sparse head + dense far cluster inserted randomly
{ const e = new Engine(); const r = e.rng.stream("c"); let n = 0; const h: EventHandler = { handleEvent() { n++; } };
  for (let i = 0; i < 100; i++) e.at(i * 1_000_000_000, h);
  const t0 = Date.now();
  for (let i = 0; i < 100000; i++) e.at(200_000_000_000 + r.uniformInt(0, 1_000_000), h);
  e.run(); report("sparse+dense-random", e, t0, n); }
// 6. reverse order inserts
{ const e = new Engine(); let n = 0; const h: EventHandler = { handleEvent() { n++; } };
  const t0 = Date.now(); for (let i = 0; i < 200000; i++) e.at(1_000_000_000 - i * 3, h); e.run(); report("reverse-inserts", e, t0, n); }
// 7. network-like fixed delays, equal times, timers with cancel
{ const e = new Engine(); const r = e.rng.stream("n"); let n = 0; const timers: number[] = [];
  const timer: EventHandler = { handleEvent() { n++; } };
  const pkt: EventHandler = { handleEvent(kind: number) { n++; const f = kind; if (timers[f] !== undefined) e.cancel(timers[f]!); timers[f] = e.after(100_000_000_000, timer); e.after(r.next() < 0.5 ? 10_000 : 2_068_000, pkt, f); } };
  for (let f = 0; f < 20000; f++) e.at(0, pkt, f);
  const t0 = Date.now(); while (n < 3e6) e.run({ until: e.now + 1_000_000 }); report("network-like", e, t0, n); }
// 8. huge spread uniform
{ const e = new Engine(); const r = e.rng.stream("u"); let n = 0; const h: EventHandler = { handleEvent() { n++; if (n < 2e6) e.after(r.uniformInt(0, 2 ** 45), h); } };
  for (let i = 0; i < 1000; i++) e.at(r.uniformInt(0, 2 ** 45), h); const t0 = Date.now(); e.run(); report("huge-spread", e, t0, n); }
