/**
 * Speed of each switch organisation: one 8 x 8 switch, saturated uniform traffic (the
 * load harness of the tests), 20,000 packet times. One warm-up run first so the JIT settles.
 */

import type { SwitchModelOptions, SwitchOrganisation } from "../src/index.js";
import { packetBufferBytes, runLoad } from "../test/uniform-load.js";

const SLOTS = 20_000;
const cases: Array<[string, SwitchOrganisation, Partial<SwitchModelOptions>]> = [
  ["input-buffered", "input-buffered", {}],
  ["fifo", "fifo", {}],
  ["voq", "voq", {}],
  ["cioq-fifo", "cioq", { outputBufferBytes: packetBufferBytes(4) }],
  ["cioq-voq", "cioq", { outputBufferBytes: packetBufferBytes(4), inputQueues: "voq" }],
];

for (const [name, organisation, switchOptions] of cases) {
  const run = () => runLoad({ organisation, ports: 8, load: "saturated", slots: SLOTS, warmupSlots: 0, switchOptions });
  run();
  const start = performance.now();
  const result = run();
  const seconds = (performance.now() - start) / 1000;
  console.log(
    JSON.stringify({
      bench: `switch-${name}-8x8-saturated`,
      slots: SLOTS,
      packets: result.packets,
      events: result.events,
      throughput: +result.meanThroughput.toFixed(4),
      seconds: +seconds.toFixed(3),
      eventsPerSecond: Math.round(result.events / seconds),
      packetsPerSecond: Math.round(result.packets / seconds),
    }),
  );
}
