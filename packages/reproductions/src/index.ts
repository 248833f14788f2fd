// The papers' figures as presets, and what it takes to show their results alike everywhere:
// no Node built-ins, so the same code runs in the CLI and in a browser page.
export type { Chart, ChartSeries } from "./charts/chart.js";
export { chartToCsv } from "./charts/chart-csv.js";
export { CHART_HEIGHT, CHART_WIDTH, FONT_FAMILY, toVegaLite, type VegaLiteSpec } from "./charts/chart-spec.js";
export { type CompletionSeries, collectivesChart, completionChart, sentPerByte } from "./charts/completion-chart.js";
export { csvField, csvText } from "./charts/csv-cell.js";
export { check, round } from "./check.js";
export { summaryNumbers } from "./judge.js";
export {
  type Check,
  expectedThreadSeconds,
  fingerprintOf,
  type Preset,
  type PresetContext,
  type PresetResult,
  type SummaryValue,
} from "./preset.js";
export { datacenterPackets, type Scheme } from "./presets/datacenter-scenario.js";
export { datacenterSwitch, type SwitchProfile } from "./presets/datacenter-switch.js";
export type { DragonflyPoint, DragonflyPointInput } from "./presets/dragonfly-load.js";
export type { FerrerMeasures, FerrerParams } from "./presets/ferrer-scenario.js";
export { findPreset, presetAliases, presets, resolvePreset, UnknownPresetError } from "./presets/index.js";
export type { SantosParams, SantosPoint } from "./presets/santos-scenario.js";
export type { WebsearchPoint, WebsearchSetup } from "./presets/websearch-scenario.js";
export { resultJson, resultJsonText } from "./result-json.js";
export { formatResultTable } from "./result-table.js";
export type { ScenarioRunner } from "./scenario-runner.js";
export { runSweep, type SweepOptions } from "./sweep/run-sweep.js";
export { inThisThread, type PointEvents, runInThisThread, type SweepRunner, type Task } from "./sweep/sweep-runner.js";
export { tasks } from "./tasks.js";
