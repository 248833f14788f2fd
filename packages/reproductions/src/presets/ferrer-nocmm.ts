import { check } from "../check.js";
import { fingerprintOf, type Preset } from "../preset.js";
import { runFerrerPoints } from "./ferrer-points.js";
import {
  coldLatencyChart,
  coldThroughputChart,
  ferrerScenario,
  ferrerSmall,
  ferrerSummary,
} from "./ferrer-scenario.js";

/**
 * ferrer-2012 without congestion management: a hot spot on a 4-ary 3-tree grows a
 * saturation tree that blocks cold flows (the "No CMM" curves of its Figs. 5 and 11). Its
 * one run is Fig. 5's noCMM point, made as a shared point so that `reproduce --all` makes
 * it once.
 */
export const ferrerNocmm: Preset = {
  name: "ferrer-nocmm",
  sweep: true,
  description: "ferrer-2012: hot spot on a 4-ary 3-tree without congestion management (saturation tree)",
  expectedRuntime: "3 s with 1 worker",
  scenarios: (seed) => [ferrerScenario(ferrerSmall, seed)],
  async run(context) {
    const params = ferrerSmall;
    const runs = await runFerrerPoints([{ label: "no CMM", params, seed: context.seed }], context);
    const measures = runs[0]!.measures;
    const summary = ferrerSummary(measures);
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
