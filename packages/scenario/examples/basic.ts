/**
 * santos-2002 Fig. 2(a) from a scenario object: congestion spreading with L = 5, R = 1,
 * no congestion control. About a third of a second of computing for 100 ms simulated.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/scenario/examples/basic.ts
 * (Outside this repository, import from "@losslab/scenario" instead of the source.)
 */
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

const scenario = parseScenario({
  name: "santos-2002 Fig. 2(a)",
  durationMs: 100,
  topology: { kind: "two-switch", local: 5, remote: 1 }, // 1 GB/s, 10 ns links by default
  flows: { pattern: "santos", staggerUs: 100, victimMs: [40, 60] },
  metrics: { measureMs: [45, 55] }, // while the victim is active
});
// Everything else comes from Table 1: 2068 B packets, buffers of 4 packets, 40 ns, bypass 4.
console.log(`${scenario.name}: buffers of ${scenario.switch.bufferPackets} packets, ${scenario.packets.dataBytes} B`);

const result = runScenario(scenario);
const { links, groups } = result.summary;
console.log(`${result.delivered} data packets delivered, ${result.events} events`);
console.log("averages over 45-55 ms (fractions of 1 GB/s):");
console.log(`  root link B->BC   ${links["B->BC"]!.toFixed(3)}`);
console.log(`  inter-switch A->B ${links["A->B"]!.toFixed(3)}   (paper: about 0.3)`);
console.log(`  victim            ${groups.victim!.toFixed(3)}   (paper: about 0.15)`);
console.log(`  remote            ${groups.remote!.toFixed(3)}`);
console.log(`  local (5 flows)   ${groups.local!.toFixed(3)}`);
console.log("victim rate, 2 ms window centred on each point:");
for (const [time, value] of result.series("group:victim").filter(([t]) => t >= 38 && t <= 62 && t % 4 === 0)) {
  console.log(`  ${String(time).padStart(3)} ms  ${value.toFixed(3)}`);
}

// A mistake in a scenario is reported with the field and the value.
try {
  parseScenario({ ...scenario, durationMs: -1, limits: { rate: 2 } });
} catch (error) {
  if (error instanceof ScenarioError) console.log(error.message);
}
