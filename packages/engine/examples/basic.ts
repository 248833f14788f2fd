/** The engine README example: run with `node --import tsx packages/engine/examples/basic.ts`. */
import { Engine, type EventHandler, formatTime, ns, us } from "../src/index.js";

const engine = new Engine({ seed: 42 });
const jitter = engine.rng.stream("link/jitter"); // an independent, reproducible stream

// A handler object: no closure per event on the hot path. `kind` lets one object handle
// several event types; the payload is whatever was scheduled with the event.
const SEND = 0;
const ARRIVE = 1;
const link: EventHandler<number> = {
  handleEvent(kind, packet) {
    if (kind === SEND) {
      // 2.068 us to serialise the packet, plus up to 10 ns of jitter, then it arrives.
      engine.after(us(2.068) + jitter.uniformInt(0, ns(10)), link, ARRIVE, packet);
      if (packet < 4) engine.after(us(2.068), link, SEND, packet + 1);
    } else {
      console.log(`packet ${packet} arrived at ${formatTime(engine.now)}`);
    }
  },
};
engine.at(0, link, SEND, 0);

// A callback, for the occasional one-off event.
const timer = engine.after(us(5), () => console.log("timeout"));
engine.cancel(timer); // true: it never runs

const result = engine.run({ until: us(8) }); // everything up to 8 us, then the clock is 8 us
console.log(result, engine.pending); // { reason: 'until', events: 7, now: 8000000 } 2
engine.run(); // the rest, until no event is left
