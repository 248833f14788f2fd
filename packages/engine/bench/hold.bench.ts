/**
 * The classic hold model: N events pending; each handled event schedules one more at an
 * exponentially distributed offset. Measures the raw speed of the event queue.
 */
import { Engine, type EventHandler } from "../src/index.js";

const MEAN_OFFSET_PS = 1_000_000;

function hold(pending: number, events: number): { seconds: number; events: number } {
  const engine = new Engine({ seed: 1 });
  const random = engine.rng.stream("bench/hold");
  const handler: EventHandler = {
    handleEvent() {
      engine.after(Math.round(-MEAN_OFFSET_PS * Math.log(1 - random.next())), handler);
    },
  };
  for (let i = 0; i < pending; i++) engine.at(Math.round(random.next() * MEAN_OFFSET_PS), handler);
  const start = process.hrtime.bigint();
  let handled = 0;
  while (handled < events) handled += engine.run({ until: engine.now + MEAN_OFFSET_PS * 50 }).events;
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, events: handled };
}

for (const pending of [1_000, 100_000]) {
  hold(pending, 2_000_000); // warm-up: let the JIT settle
  const { seconds, events } = hold(pending, 20_000_000);
  console.log(
    JSON.stringify({
      bench: "engine-hold",
      pending,
      events,
      seconds: +seconds.toFixed(3),
      eventsPerSecond: Math.round(events / seconds),
    }),
  );
}
