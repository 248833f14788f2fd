/**
 * The start pattern of santos-2002 sec. 3: local flows first, then remote, one every 100 us.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/traffic/examples/basic.ts
 * (Outside this repository, import from "@losslab/traffic" instead of the source.)
 */
import { formatTime, ms, us } from "@losslab/engine";
import { staggered } from "../src/index.js";

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
