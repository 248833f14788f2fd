/**
 * A network-like mixed workload, the opposite of the hold model's smooth distribution:
 * flows start in synchronised groups (many events at exactly equal times), send packets at a
 * fixed serialisation delay (2.068 us, with occasional jitter) whose hops land 10 ns later,
 * and re-arm a 100 ms retransmission timer on every packet (a cancel plus a far-future event
 * each time). The population ramps from 1 flow to 40 000 and back to 0, so the queue grows
 * from 1 to ~120 000 events and shrinks again, ending with the stopped flows' last timers,
 * a dense cluster 100 ms ahead. The engine runs in 1 us slices: run({ until }) repeatedly.
 */
import { Engine, type EventHandler, ms, ns, us } from "../src/index.js";

const PACKET = 0;
const HOP = 1;
const TIMEOUT = 2;
const FLOWS = 40_000;
const STARTS_PER_US = 400; // flows started together, at the same instant, each microsecond
const SERIALISATION_PS = 2_068_000;
const RUN_US = 400; // every flow stops by then

function mixed(): { seconds: number; events: number; peak: number } {
  const engine = new Engine({ seed: 1 });
  const random = engine.rng.stream("bench/mixed");
  const timers = new Float64Array(FLOWS).fill(-1); // -1: no timer armed (cancel returns false)
  const stopAt = new Float64Array(FLOWS);
  const handler: EventHandler<number> = {
    handleEvent(kind, flow) {
      if (kind !== PACKET) return; // a hop arrived, or a flow's last timer fired
      engine.after(ns(10), handler, HOP, flow);
      engine.cancel(timers[flow] as number);
      timers[flow] = engine.after(ms(100), handler, TIMEOUT, flow);
      if (engine.now >= (stopAt[flow] as number)) return;
      const jitter = random.bernoulli(0.1) ? random.uniformInt(1, 100_000) : 0;
      engine.after(SERIALISATION_PS + jitter, handler, PACKET, flow);
    },
  };
  for (let flow = 0; flow < FLOWS; flow++) {
    const start = us(Math.floor(flow / STARTS_PER_US));
    stopAt[flow] = start + us(random.uniformInt(50, RUN_US - 100));
    engine.at(start, handler, PACKET, flow);
  }
  let peak = 0;
  const begin = process.hrtime.bigint();
  const first = engine.eventsHandled;
  while (engine.pending > 0) {
    engine.run({ until: engine.now + us(1) });
    if (engine.pending > peak) peak = engine.pending;
  }
  const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
  return { seconds, events: engine.eventsHandled - first, peak };
}

mixed(); // warm-up: let the JIT settle
const { seconds, events, peak } = mixed();
console.log(
  JSON.stringify({
    bench: "engine-mixed",
    pending: peak,
    events,
    seconds: +seconds.toFixed(3),
    eventsPerSecond: Math.round(events / seconds),
  }),
);
