import type { SlowdownStats } from "@losslab/metrics";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { fingerprintOf, type Preset, type PresetResult } from "../preset.js";
import { runSweep } from "../sweep/run-sweep.js";
import type { Scheme } from "./datacenter-scenario.js";
import {
  shortBytes,
  slowdownEdges,
  type WebsearchPoint,
  type WebsearchSetup,
  websearchPoint,
  websearchScenario,
} from "./websearch-scenario.js";

const loads = [0.3, 0.5] as const;
const schemes = ["pfc", "dcqcn", "hpcc", "timely"] as const satisfies readonly Scheme[];

const none: SlowdownStats = {
  count: 0,
  mean: Number.NaN,
  p50: Number.NaN,
  p95: Number.NaN,
  p99: Number.NaN,
  max: Number.NaN,
};

/** The slowdown of the short flows (the first bucket) and of all flows. */
function pointSummary(point: WebsearchPoint) {
  const short = point.slowdown?.buckets.find((bucket) => bucket.fromBytes === 0) ?? none;
  const all = point.slowdown?.all ?? none;
  const stats = ({ count, p50, p95, p99 }: SlowdownStats) => ({
    count,
    p50: round(p50),
    p95: round(p95),
    p99: round(p99),
  });
  return { short: stats(short), all: stats(all), pauseFrames: point.pauseFrames };
}

/** Slowdown p95 and p99 against flow size (each bucket at its median size), one line per scheme. */
function slowdownChart(name: string, load: number, points: readonly WebsearchPoint[]): Chart {
  return {
    name: `${name}-load${Math.round(load * 100)}`,
    title: `WebSearch at ${Math.round(load * 100)} % load: 95th-percentile FCT slowdown by flow size`,
    xLabel: "flow size (bytes, bucket median)",
    yLabel: "FCT slowdown, p95 (log)",
    logX: true,
    logY: true,
    points: true,
    series: schemes.map((scheme, i) => ({
      name: scheme,
      points: (points[i]!.slowdown?.buckets ?? []).map((bucket): [number, number] => [
        bucket.sizeP50Bytes,
        round(bucket.p95),
      ]),
    })),
  };
}

/** The preset at one scale: `hpcc-websearch` and its `-large` variant differ only in setup. */
export function websearchPreset(
  name: string,
  setup: WebsearchSetup,
  fields: Omit<Preset, "name" | "scenarios" | "run">,
): Preset {
  const grid = loads.flatMap((load) => schemes.map((scheme) => ({ load, scheme })));
  return {
    ...fields,
    name,
    sweep: true,
    scenarios: (seed) => grid.map(({ load, scheme }) => websearchScenario(setup, load, scheme, seed)),
    async run(context): Promise<PresetResult> {
      const { seed } = context;
      const points = await runSweep(
        websearchPoint,
        grid.map(({ load, scheme }) => ({ setup, load, scheme, seed })),
        context,
      );
      const at = (load: number) =>
        points.slice(loads.indexOf(load as (typeof loads)[number]) * schemes.length).slice(0, schemes.length);
      const summary = Object.fromEntries(
        loads.map((load) => [
          `load${Math.round(load * 100)}`,
          Object.fromEntries(schemes.map((scheme, i) => [scheme, pointSummary(at(load)[i]!)])),
        ]),
      );
      const short = (load: number, scheme: Scheme) =>
        pointSummary(at(load)[schemes.indexOf(scheme as (typeof schemes)[number])]!).short;
      const halfOf = (id: string, load: number, p: "p95" | "p99") => {
        const hpcc = short(load, "hpcc")[p];
        const dcqcn = short(load, "dcqcn")[p];
        return check.atMost(
          id,
          `${Math.round(load * 100)} % load: hpcc short-flow ${p} slowdown, against dcqcn's`,
          hpcc,
          dcqcn / 2,
          `dcqcn's / 2 = ${round(dcqcn / 2)}`,
        );
      };
      return {
        params: { ...setup, loads, schemes, shortBytes, slowdownEdgesBytes: slowdownEdges },
        fingerprint: fingerprintOf(points),
        summary,
        checks: [
          halfOf("HW.1", 0.3, "p95"),
          halfOf("HW.2", 0.5, "p95"),
          halfOf("HW.3", 0.3, "p99"),
          halfOf("HW.4", 0.5, "p99"),
          check.all(
            "HW.5",
            "each load: hpcc short-flow p95 slowdown, against timely's (the larger ratio hpcc / timely)",
            Math.max(...loads.map((load) => short(load, "hpcc").p95 / short(load, "timely").p95)),
            loads.map((load) => ({
              text: `${Math.round(load * 100)} %: ${short(load, "hpcc").p95} <= ${short(load, "timely").p95}`,
              pass: short(load, "hpcc").p95 <= short(load, "timely").p95,
            })),
          ),
        ],
        charts: loads.map((load) => slowdownChart(name, load, at(load))),
      };
    },
  };
}

/** docs/spec/datacenter.md: k = 4 (16 hosts) at 25 Gb/s, in under 2 minutes on 2 cores. */
export const hpccWebsearch = websearchPreset(
  "hpcc-websearch",
  { k: 4, gbps: 25, fabricSpeedup: 1, arrivalsMs: 45, drainMs: 15 },
  {
    description: "HPCC (SIGCOMM 2019) sec. 5: WebSearch on a k=4 fat tree at 30/50 % load, FCT slowdown of 4 schemes",
    expectedRuntime: "~40 s with 2 workers",
  },
);

/**
 * docs/spec/datacenter.md: the HPCC paper's 320 hosts (k = 8, 10 hosts per ToR), 25 Gb/s hosts
 * and a 4x faster fabric: its host-to-fabric speed ratio (100 : 400 Gb/s) at a quarter of its
 * speeds. The ToRs' 10 x 25 Gb/s down and 4 x 100 Gb/s up are not oversubscribed.
 */
export const hpccWebsearchLarge = websearchPreset(
  "hpcc-websearch-large",
  { k: 8, hostsPerTor: 10, gbps: 25, fabricSpeedup: 4, arrivalsMs: 8, drainMs: 4 },
  {
    description:
      "hpcc-websearch at the HPCC paper's 320 hosts (k=8 fat tree), 25 Gb/s hosts, 100 Gb/s fabric (not in the test suite)",
    expectedRuntime: "~4 min with 2 workers",
    long: true,
  },
);
