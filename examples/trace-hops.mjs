// Mean time each flow's data packets spend in their source queue and in each switch, from
// a losslab packet trace: node examples/trace-hops.mjs trace.ndjson
import { readFileSync } from "node:fs";

const lines = readFileSync(process.argv[2], "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line));
const packets = new Map();
for (const line of lines) {
  if (line.kind !== "data") continue;
  if (!packets.has(line.id)) packets.set(line.id, []);
  packets.get(line.id).push(line);
}
const flows = new Map();
for (const events of packets.values()) {
  const at = (ev, dev) => events.find((e) => e.ev === ev && (dev === undefined || e.dev === dev))?.t;
  const generated = at("generated");
  const delivered = at("delivered");
  if (generated === undefined || delivered === undefined) continue; // cut off by the window
  const flow = flows.get(events[0].flow) ?? { packets: 0, us: {} };
  flows.set(events[0].flow, flow);
  flow.packets++;
  const add = (place, from, to) => (flow.us[place] = (flow.us[place] ?? 0) + (to - from) / 1000);
  add("source queue", generated, at("injected"));
  for (const { dev } of events.filter((e) => e.ev === "arrived"))
    add(`switch ${dev}`, at("arrived", dev), at("departed", dev));
  add("generation to delivery", generated, delivered);
}
for (const [id, { packets: count, us }] of [...flows].sort((a, b) => a[0] - b[0])) {
  const means = Object.entries(us).map(([place, total]) => `${place} ${(total / count).toFixed(2)}`);
  console.log(`flow ${id}: ${count} packets; mean us: ${means.join(", ")}`);
}
