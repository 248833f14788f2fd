/**
 * @losslab/traffic in one page: the santos-2002 start pattern, then every generator kind
 * driving a tiny fake sink that prints what a simulator would be asked to do.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/traffic/examples/basic.ts
 * (Outside this repository, import from "@losslab/traffic" instead of the source.)
 */
import { readFileSync } from "node:fs";
import { Engine, formatTime, ms, us } from "@losslab/engine";
import { createGenerator, type GeneratorSpec, staggered, startGenerators, type TrafficSink } from "../src/index.js";

// 1. santos-2002 sec. 3: local flows first, then remote, one every 100 us (Fig. 2: L = 5, R = 1).
const L = 5;
const R = 1;
const flows = staggered(
  [
    ...Array.from({ length: L }, (_, i) => ({ source: `B${i + 1}`, destination: "BC", group: "local" })),
    ...Array.from({ length: R }, (_, i) => ({ source: `A${i + 1}`, destination: "BC", group: "remote" })),
  ],
  { interval: us(100), stop: ms(100) },
);
for (const flow of flows) {
  console.log(
    `${flow.group.padEnd(6)} ${flow.source} -> ${flow.destination}  from ${formatTime(flow.start)} to ${formatTime(flow.stop!)}`,
  );
}

// 2. Generators on the two-switch network of santos-2002 Fig. 1 with L = 2, R = 2, for 300 us.
const engine = new Engine({ seed: 1 });
const at = (): string => formatTime(engine.now).padStart(10);
let nextFlow = 0;
const sink: TrafficSink = {
  startFlow(flow) {
    console.log(`${at()}  start flow ${nextFlow}  ${flow.source} -> ${flow.destination} (${flow.group})`);
    return nextFlow++;
  },
  stopFlow(id) {
    console.log(`${at()}  stop flow ${id}`);
  },
  sendMessage(message) {
    console.log(`${at()}  message  ${message.source} -> ${message.destination} ${message.bytes} B (${message.group})`);
  },
  onDelivered() {
    // This fake sink delivers nothing, so a `deliveredPackets` trigger would never fire.
  },
};
const specs: GeneratorSpec[] = [
  // santos-2002 sec. 6.3.2: dynamic flows, exponential ON and OFF periods of equal mean.
  {
    kind: "on-off",
    pairs: [
      { source: "B1", destination: "BC" },
      { source: "A1", destination: "BC" },
    ],
    meanOnUs: 100,
  },
  // ferrer-2012 Table 3: uniform random destinations, here from AV only and at a low load.
  {
    kind: "bernoulli",
    sources: ["AV"],
    load: 0.02,
    size: { kind: "fixed", bytes: 2048 },
    destinations: { kind: "uniform" },
  },
  // A hot spot: B2 and A2 send 2 messages each to BV from 150 us on.
  {
    kind: "hot-spot",
    sources: ["B2", "A2"],
    destination: "BV",
    messages: 2,
    load: 1,
    size: { kind: "fixed", bytes: 2048 },
    trigger: { atUs: 150 },
  },
  { kind: "trace", csv: readFileSync(new URL("../../../examples/trace-example.csv", import.meta.url), "utf8") },
];
startGenerators(
  specs.map((spec) => createGenerator(spec)),
  {
    engine,
    sink,
    hosts: ["A1", "A2", "AV", "B1", "B2", "BC", "BV"],
    linkBandwidth: () => 1e9, // 1 GB/s (santos-2002 Table 1)
    endTime: us(300),
  },
);
engine.run({ until: us(300) });

try {
  createGenerator({
    kind: "poisson",
    load: 1.5,
    size: { kind: "fixed", bytes: 2048 },
    destinations: { kind: "uniform" },
  });
} catch (error) {
  console.log(`bad spec: ${(error as Error).message}`);
}
