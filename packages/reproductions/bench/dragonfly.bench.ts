/**
 * A Dragonfly of 1,056 hosts (p = 4, a = 8, h = 4, g = 33: BookSim2's dragonflynew k = 4),
 * UGAL-L routing, uniform Bernoulli traffic of single-block packets at half load for 10 us:
 * the scale check of issue 44 (docs/spec/dragonfly.md). Not in the test suite.
 */

import { parseScenario, runScenario } from "@losslab/scenario";
import { benchLine } from "../../../test/bench-line.js";

const SIMULATED_MS = 0.01;
const scenario = parseScenario({
  name: "dragonfly 1056 hosts, ugal-l, uniform 0.5",
  seed: 1,
  durationMs: SIMULATED_MS,
  topology: { kind: "dragonfly", p: 4, routing: "ugal-l" },
  switch: { kind: "voq", vls: 3, inputBufferBytes: 1024 },
  packets: { dataBytes: 64, headerBytes: 0, ackBytes: 64 },
  adapter: { acks: false },
  traffic: [
    {
      kind: "bernoulli",
      name: "traffic",
      destinations: { kind: "uniform" },
      size: { kind: "fixed", bytes: 64 },
      load: 0.5,
    },
  ],
});
const start = performance.now();
const result = runScenario(scenario);
const wallSeconds = (performance.now() - start) / 1000;
console.log(
  benchLine("dragonfly-1056-ugal-l", result, {
    simulatedMs: SIMULATED_MS,
    wallSeconds: +wallSeconds.toFixed(3),
    delivered: result.delivered,
  }),
);
