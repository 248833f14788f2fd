// The lab's public API. Nothing here imports a Node built-in at module level (the web app
// bundles it for the browser): the worker-thread pool of sweeps is loaded only when a preset
// runs with more than one worker, and chart rendering to files lives in render-chart.ts.
export type { Chart, ChartSeries } from "./chart.js";
export { chartToCsv } from "./chart-csv.js";
export { CHART_HEIGHT, CHART_WIDTH, toVegaLite } from "./chart-spec.js";
export type { Check, Preset, PresetContext, PresetResult, SummaryValue } from "./preset.js";
export { findPreset, presetAliases, presets } from "./presets/index.js";
export { resultJson, resultJsonText } from "./result-json.js";
export { formatResultTable } from "./result-table.js";
