import { checkTopology } from "./check-topology.js";
import { estimateCost, gib, traceMessages } from "./estimate-cost.js";
import { formatList } from "./format-list.js";
import { ScenarioError } from "./scenario-error.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { MAX_MEMORY_BYTES } from "./scenario-limits.js";
import { fabricSize } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";

/**
 * Refuses a scenario whose fabric, routing tables, counters and time series would need more
 * than MAX_MEMORY_BYTES, naming the field that makes them big, after `checkTopology` (a
 * custom fabric's wiring). It runs before anything is
 * built (buildSimulation), so `validate` and `run` refuse the same scenarios and neither
 * allocates gigabytes to find out. `kinds`: the kinds the scenario names (plugins').
 */
export function checkFits(scenario: Scenario, kinds: ScenarioKinds = builtInKinds): void {
  // A fabric that is not one (a custom topology's duplicate id, say) is refused before it is sized.
  checkTopology(scenario.topology, kinds);
  const cost = estimateCost(scenario, kinds);
  if (cost.memoryBytes <= MAX_MEMORY_BYTES) return;
  const limit = `${gib(cost.memoryBytes)} GiB in all; losslab builds at most ${gib(MAX_MEMORY_BYTES)} GiB before a run`;
  const largest = Math.max(cost.fabricBytes, cost.counterBytes, cost.seriesBytes, cost.traceBytes);
  const m = scenario.metrics;
  if (largest === cost.traceBytes) {
    const trace = scenario.traffic.findIndex((spec) => spec.kind === "trace");
    throw new ScenarioError(
      `traffic[${trace}]: the traces' ${traceMessages(scenario)} messages need about ${gib(cost.traceBytes)} GiB to replay, ${limit}: a shorter trace`,
    );
  }
  if (largest === cost.counterBytes) {
    throw new ScenarioError(
      `metrics.binUs: the byte counters need about ${gib(cost.counterBytes)} GiB (a bin every ${m.binUs} us over ${scenario.durationMs} ms, per meter), ${limit}: a larger binUs, a shorter run or fewer metrics.linkMeters`,
    );
  }
  if (largest === cost.seriesBytes) {
    throw new ScenarioError(
      `metrics.stepUs: the time series need about ${gib(cost.seriesBytes)} GiB (a point every ${m.stepUs} us over ${scenario.durationMs} ms, per meter), ${limit}: a larger stepUs or fewer metrics.linkMeters`,
    );
  }
  const size = fabricSize(scenario.topology, kinds);
  const fabric = `${size.hosts} hosts, ${size.switches} switches and ${size.links} links`;
  if (cost.voqBytes > cost.fabricBytes / 2) {
    // The organisations that keep no queue per (input, output) pair (their `pairQueues` trait).
    const lean = kinds.switch.definitions.filter((definition) => definition.pairQueues === undefined);
    throw new ScenarioError(
      `switch.kind: "${scenario.switch.kind}" switches on ${fabric} need about ${gib(cost.voqBytes)} GiB for their queues (one per input and output port), ${limit}: fewer ports per switch, or switch.kind ${formatList(lean.map((definition) => `"${definition.kind}"`))}`,
    );
  }
  throw new ScenarioError(
    `topology: ${fabric} need about ${gib(cost.fabricBytes)} GiB (routing tables ${gib(cost.routeBytes)} GiB), ${limit}: a smaller fabric`,
  );
}
