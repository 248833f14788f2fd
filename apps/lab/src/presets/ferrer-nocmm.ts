import { check } from "../check.js";
import type { Preset } from "../preset.js";
import { coldLatency, coldLatencyChart, coldThroughputChart, ferrerSmall, runFerrer } from "./ferrer-scenario.js";

/**
 * ferrer-2012 without congestion management: a hot spot on a 4-ary 3-tree grows a
 * saturation tree that blocks cold flows (the "No CMM" curves of its Figs. 5 and 11).
 */
export const ferrerNocmm: Preset = {
  name: "ferrer-nocmm",
  description: "ferrer-2012: hot spot on a 4-ary 3-tree without congestion management (saturation tree)",
  expectedRuntime: "5 s",
  async run({ seed }) {
    const params = ferrerSmall;
    const run = runFerrer(params, seed);
    const latency = coldLatency(run);
    const summary = {
      ...latency,
      triggerCycle: run.triggerCycle,
      hotEndCycle: run.hotEndCycle,
      delivered: run.result.delivered,
    };
    const runs = [{ label: "no CMM", run }];
    return {
      params,
      summary,
      checks: [
        check.atLeast(
          "CN.1",
          "coldLatencyMax / coldLatencyBefore",
          latency.coldLatencyMaxCycles / latency.coldLatencyBeforeCycles,
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
