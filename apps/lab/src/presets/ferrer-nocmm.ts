import { check } from "../check.js";
import { fingerprintOf, type Preset } from "../preset.js";
import {
  coldLatencyChart,
  coldThroughputChart,
  ferrerMeasures,
  ferrerScenario,
  ferrerSmall,
  ferrerSummary,
  runFerrer,
} from "./ferrer-scenario.js";

/**
 * ferrer-2012 without congestion management: a hot spot on a 4-ary 3-tree grows a
 * saturation tree that blocks cold flows (the "No CMM" curves of its Figs. 5 and 11).
 */
export const ferrerNocmm: Preset = {
  name: "ferrer-nocmm",
  description: "ferrer-2012: hot spot on a 4-ary 3-tree without congestion management (saturation tree)",
  expectedRuntime: "5 s",
  scenarios: (seed) => [ferrerScenario(ferrerSmall, seed)],
  async run({ seed }) {
    const params = ferrerSmall;
    const measures = ferrerMeasures(runFerrer(params, seed));
    const summary = ferrerSummary(measures);
    const runs = [{ label: "no CMM", measures }];
    return {
      params,
      fingerprint: fingerprintOf([measures]),
      summary,
      checks: [
        check.atLeast(
          "CN.1",
          "coldLatencyMax / coldLatencyBefore",
          measures.coldLatencyMaxCycles / measures.coldLatencyBeforeCycles,
          20,
        ),
      ],
      charts: [
        coldLatencyChart(
          "ferrer-nocmm-latency",
          "Cold-flow latency, hot spot without congestion management (4-ary 3-tree)",
          runs,
        ),
        coldThroughputChart(
          "ferrer-nocmm-throughput",
          "Cold accepted traffic, hot spot without congestion management",
          runs,
        ),
      ],
    };
  },
};
