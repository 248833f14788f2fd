// "Did you mean" hints (from @losslab/core), for apps that report scenario names and kinds.
export { closestName, didYouMean } from "@losslab/core";
export type { FabricSize, MultistageNetwork } from "@losslab/topology";
export { checkFits } from "./check-fits.js";
export { type CostEstimate, costWarnings, estimateCost } from "./estimate-cost.js";
export { type ResolvedFlow, resolveFlows } from "./flows.js";
export { scenarioJsonSchema } from "./json-schema.js";
export type { FailureSummary } from "./link-failures.js";
export type { Notification } from "./notification-log.js";
export { parseScenario } from "./parse-scenario.js";
export { MAX_QUOTED_CHARACTERS, quoteValue } from "./quote-value.js";
export type { HostRecovery, RecoveryCounters, RecoveryCounts, RecoverySummary } from "./recovery-summary.js";
export type { ResponseCounts } from "./response-counts.js";
export { checkScenario, type RunOptions, runScenario } from "./run-scenario.js";
export { type PartReport, partReports, runSplit, type StartedPart, stopSplit } from "./run-split.js";
export type { RunStats, ThreadStats } from "./run-stats.js";
export type { ScalingPrediction, SplitScaling } from "./scaling-prediction.js";
export { ScenarioError } from "./scenario-error.js";
export type { SwitchSpec } from "./scenario-fields.js";
export { builtInKinds, type ScenarioKinds, withPlugins } from "./scenario-kinds.js";
export * from "./scenario-limits.js";
export type { ScenarioResult, SwitchMarks } from "./scenario-result.js";
export {
  describeTopology,
  fabricSize,
  scenarioTopology,
  type TopologyCounts,
  topologyKindOf,
  topologyNetwork,
} from "./scenario-topology.js";
export { type Scenario, type ScenarioInput, scenarioSchema, scenarioSchemaFor } from "./schema.js";
export { type PartState, SimulationPart } from "./simulation-part.js";
export { type SplitMemory, splitMemory } from "./split-memory.js";
export { metWithoutLink, threadsUnsupported } from "./threads-unsupported.js";
export { DeadlockError } from "./waits-for.js";
export { creditLoopWarnings, scenarioWarnings } from "./warnings.js";
export { WindowBarrier } from "./window-barrier.js";
