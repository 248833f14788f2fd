export type { Chart, ChartSeries } from "./chart.js";
export type { Check, Preset, PresetContext, PresetResult, SummaryValue } from "./preset.js";
export { findPreset, presets } from "./presets/index.js";
