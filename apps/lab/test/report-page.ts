/** A report page of one preset, for the tests that open what `renderHtmlReport` makes of given charts and names. */
import { type ReportPreset, renderHtmlReport } from "../src/report/html-report.js";

/** The HTML report of `preset` alone, in a fixed environment. */
export function reportOf(preset: ReportPreset): string {
  return renderHtmlReport({
    environment: {
      losslabVersion: "0",
      date: "today",
      node: "v20",
      os: "linux",
      arch: "x64",
      cpuCount: 1,
      cpuModel: "cpu",
    },
    seed: 1,
    workers: 1,
    elapsedMs: 1,
    kept: 0,
    atOnce: false,
    presets: [preset],
  });
}
