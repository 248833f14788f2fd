export { DeadlockError } from "./deadlock-watchdog.js";
export { type CostEstimate, costWarnings, estimateCost } from "./estimate-cost.js";
export { buildFabric, type Fabric } from "./fabric.js";
export { type ResolvedFlow, resolveFlows } from "./flows.js";
export { scenarioJsonSchema } from "./json-schema.js";
export { parseScenario } from "./parse-scenario.js";
export type { ResponseCounts } from "./response-counts.js";
export {
  checkScenario,
  type Notification,
  type RunOptions,
  runScenario,
  type ScenarioResult,
  type SwitchMarks,
} from "./run-scenario.js";
export type { RunStats } from "./run-stats.js";
export { ScenarioError } from "./scenario-error.js";
export { type Scenario, type ScenarioInput, scenarioSchema } from "./schema.js";
export { creditLoopWarnings, scenarioWarnings } from "./warnings.js";
