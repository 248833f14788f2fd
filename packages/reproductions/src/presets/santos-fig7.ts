/**
 * santos-2002 Fig. 7: root and inter-switch link utilization vs buffer size for LIPD,
 * FIMD and AIMD (m = 2), each with continuous rates and with InfiniBand's 256 discrete
 * IPD rates. Static traffic, L=10, R=10, input-triggered marking, victim always on,
 * 500 ms, averages over 100-500 ms. 42 runs, swept on worker threads.
 */
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { fingerprintOf, type Preset } from "../preset.js";
import { runSantosPoints } from "./santos-points.js";
import { type SantosParams, santosScenario } from "./santos-scenario.js";

export const fig7Buffers = [2, 3, 4, 6, 8, 12, 16] as const;
export const fig7Functions = ["lipd", "fimd", "aimd"] as const;
export const fig7Modes = ["continuous", "discrete"] as const;
type Fn = (typeof fig7Functions)[number];
type Mode = (typeof fig7Modes)[number];

export const fig7Point = (bufferPackets: number, response: Fn, mode: Mode, durationMs = 500): SantosParams => ({
  local: 10,
  remote: 10,
  durationMs,
  victimMs: null,
  bufferPackets,
  marking: { kind: "input-triggered" },
  controller: { kind: "per-ack", response, mode, window: 1 },
});

const fig7Grid = fig7Functions.flatMap((fn) =>
  fig7Modes.flatMap((mode) => fig7Buffers.map((buffer) => ({ fn, mode, buffer }))),
);

/** utilization[function][mode][buffer] */
type Grid = Record<Fn, Record<Mode, Record<string, number>>>;

export const santosFig7: Preset = {
  name: "santos2002-fig7",
  sweep: true,
  description:
    "santos-2002 Fig. 7: utilization vs buffer size for LIPD, FIMD, AIMD, continuous and discrete rates (sweep)",
  expectedRuntime: "25 s with 2 workers",
  scenarios: (seed) => fig7Grid.map(({ fn, mode, buffer }) => santosScenario(fig7Point(buffer, fn, mode), seed)),
  async run(context) {
    const { seed } = context;
    const points = fig7Grid;
    const outputs = await runSantosPoints(
      points.map(({ fn, mode, buffer }) => ({ params: fig7Point(buffer, fn, mode), seed, fromMs: 100, toMs: 500 })),
      context,
    );
    const empty = (): Grid =>
      Object.fromEntries(fig7Functions.map((fn) => [fn, { continuous: {}, discrete: {} }])) as Grid;
    const rootUtil = empty();
    const islUtil = empty();
    points.forEach(({ fn, mode, buffer }, i) => {
      rootUtil[fn][mode][buffer] = outputs[i]!.rootUtil;
      islUtil[fn][mode][buffer] = outputs[i]!.islUtil;
    });
    const root = (fn: Fn, b: number, mode: Mode = "continuous") => rootUtil[fn][mode][b]!;
    const isl = (fn: Fn, b: number, mode: Mode = "continuous") => islUtil[fn][mode][b]!;

    // C7.1: LIPD >= 0.95 at buffers >= 4, and never below max(FIMD, AIMD) - 0.01 (both modes).
    const lipdLow = Math.min(
      ...fig7Buffers.filter((b) => b >= 4).flatMap((b) => fig7Modes.map((m) => root("lipd", b, m))),
    );
    const lipdMargin = Math.min(
      ...fig7Buffers.flatMap((b) =>
        fig7Modes.map((m) => root("lipd", b, m) - Math.max(root("fimd", b, m), root("aimd", b, m))),
      ),
    );
    // C7.2: at buffer 2, AIMD's ISL utilization is at least 0.1 below LIPD's (both modes).
    const islGap = Math.min(...fig7Modes.map((m) => isl("lipd", 2, m) - isl("aimd", 2, m)));
    // C7.3: discrete vs continuous, LIPD and FIMD, buffers >= 4.
    const modeGap = (fns: readonly Fn[]) =>
      Math.max(
        ...fns.flatMap((fn) =>
          fig7Buffers
            .filter((b) => b >= 4)
            .flatMap((b) => [
              Math.abs(root(fn, b, "discrete") - root(fn, b)),
              Math.abs(isl(fn, b, "discrete") - isl(fn, b)),
            ]),
        ),
      );
    return {
      fingerprint: fingerprintOf(outputs),
      params: {
        buffers: fig7Buffers,
        functions: fig7Functions,
        modes: fig7Modes,
        point: fig7Point(4, "lipd", "discrete"),
        averageMs: [100, 500],
      },
      summary: {
        rootUtil,
        islUtil,
        aimdDiscreteContinuousGap: round(modeGap(["aimd"])),
      },
      checks: [
        check.all("C7.1", "LIPD: lowest rootUtil at buffers >= 4", round(lipdLow), [
          { text: ">= 0.95", pass: lipdLow >= 0.95 },
          {
            text: `at every buffer LIPD >= max(FIMD, AIMD) - 0.01 (smallest margin ${round(lipdMargin)})`,
            pass: lipdMargin >= -0.01,
          },
        ]),
        check.atLeast("C7.2", "buffer 2: islUtil(LIPD) - islUtil(AIMD), smaller of both modes", round(islGap), 0.1),
        check.atMost(
          "C7.3",
          "LIPD and FIMD: largest |discrete - continuous| at buffers >= 4 (root and ISL)",
          round(modeGap(["lipd", "fimd"])),
          0.03,
        ),
      ],
      charts: [
        utilizationChart("santos2002-fig7a", "Fig. 7: root link utilization", "root link utilization", rootUtil),
        utilizationChart(
          "santos2002-fig7b",
          "Fig. 7: inter-switch link utilization",
          "inter-switch link utilization",
          islUtil,
        ),
      ],
    };
  },
};

function utilizationChart(name: string, title: string, yLabel: string, grid: Grid): Chart {
  return {
    name,
    title: `${title} (solid: continuous, dashed: discrete)`,
    xLabel: "input buffer size (packets)",
    yLabel,
    series: fig7Functions.flatMap((fn) =>
      fig7Modes.map((mode) => ({
        name: `${fn.toUpperCase()} ${mode}`,
        dashed: mode === "discrete",
        colorKey: fn,
        points: fig7Buffers.map((b): [number, number] => [b, grid[fn][mode][b]!]),
      })),
    ),
  };
}
