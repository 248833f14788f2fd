/**
 * santos-2002 Fig. 5: root link utilization and remote/local fairness as functions of the
 * input buffer size, one line per output threshold (none = input-triggered marking only).
 * L=10, R=10, LIPD, victim always on, 500 ms, averages over 100-500 ms. 45 runs, swept on
 * worker threads.
 */
import type { ScenarioInput } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { fingerprintOf, type Preset } from "../preset.js";
import { runSantosPoints } from "./santos-points.js";
import { type SantosParams, santosScenario } from "./santos-scenario.js";
import { spearman } from "./spearman.js";

export const fig5Buffers = [2, 3, 4, 5, 6, 8, 10, 12, 16] as const;
export const fig5Thresholds = ["none", 4, 6, 8, 16] as const;
type Threshold = (typeof fig5Thresholds)[number];

export const fig5Point = (bufferPackets: number, threshold: Threshold, durationMs = 500): SantosParams => ({
  local: 10,
  remote: 10,
  durationMs,
  victimMs: null,
  bufferPackets,
  marking: (threshold === "none"
    ? { kind: "input-triggered" }
    : { kind: "input-output-triggered", outputThreshold: threshold }) satisfies ScenarioInput["marking"],
  controller: { kind: "per-ack", response: "lipd", window: 1 },
});

type Grid = Record<string, Record<string, number>>;

const fig5Grid = fig5Thresholds.flatMap((threshold) => fig5Buffers.map((buffer) => ({ threshold, buffer })));

export const santosFig5: Preset = {
  name: "santos2002-fig5",
  sweep: true,
  description:
    "santos-2002 Fig. 5: root utilization and remote/local ratio vs buffer size, per output threshold (sweep)",
  expectedRuntime: "30 s with 2 workers",
  scenarios: (seed) => fig5Grid.map(({ threshold, buffer }) => santosScenario(fig5Point(buffer, threshold), seed)),
  async run(context) {
    const { seed } = context;
    const points = fig5Grid;
    const outputs = await runSantosPoints(
      points.map(({ threshold, buffer }) => ({ params: fig5Point(buffer, threshold), seed, fromMs: 100, toMs: 500 })),
      context,
    );
    const rootUtil: Grid = Object.fromEntries(fig5Thresholds.map((t) => [t, {}]));
    const remoteLocalRatio: Grid = Object.fromEntries(fig5Thresholds.map((t) => [t, {}]));
    points.forEach(({ threshold, buffer }, i) => {
      const out = outputs[i]!;
      rootUtil[threshold]![buffer] = out.rootUtil;
      remoteLocalRatio[threshold]![buffer] = round(out.remoteRate / out.localRate);
    });
    const util = (t: Threshold, b: number) => rootUtil[t]![b]!;
    const ratio = (t: Threshold, b: number) => remoteLocalRatio[t]![b]!;

    const lowAt4 = fig5Buffers.filter((b) => util(4, b) < 0.9).length;
    const highAt6 = fig5Buffers.filter((b) => b >= 6).map((b) => util(6, b));
    const rising = fig5Buffers.filter((b) => b <= 10);
    const rho = spearman(
      rising,
      rising.map((b) => ratio("none", b)),
    );
    const spread = fig5Thresholds.map((t) => Math.abs(ratio(t, 12) - ratio(t, 16)));
    const r4 = ratio(4, 16);
    const r8 = ratio(8, 16);
    const r16 = ratio(16, 16);
    return {
      fingerprint: fingerprintOf(outputs),
      params: { buffers: fig5Buffers, thresholds: fig5Thresholds, point: fig5Point(4, 8), averageMs: [100, 500] },
      summary: { rootUtil, remoteLocalRatio },
      checks: [
        check.atLeast("C5.1", "threshold 4: buffer sizes (of 9) with rootUtil < 0.90", lowAt4, 5),
        check.atLeast("C5.2", "threshold 6: lowest rootUtil at buffers >= 6", Math.min(...highAt6), 0.9),
        check.atLeast("C5.3", "no threshold: Spearman(buffer 2..10, remote/local ratio)", round(rho), 0.7),
        check.atMost(
          "C5.4",
          "buffers 12 and 16: largest change of the ratio for any threshold",
          round(Math.max(...spread)),
          0.1,
        ),
        check.all("C5.5", "buffer 16: ratio(8) - ratio(4)", round(r8 - r4), [
          { text: `ratio(8) > ratio(4) (${r8} vs ${r4})`, pass: r8 > r4 },
          {
            text: `abs(ratio(16) - 1) < abs(ratio(8) - 1) (${round(Math.abs(r16 - 1))} vs ${round(Math.abs(r8 - 1))})`,
            pass: Math.abs(r16 - 1) < Math.abs(r8 - 1),
          },
        ]),
      ],
      charts: [
        gridChart("santos2002-fig5a", "Fig. 5(a): root link utilization", "root link utilization", rootUtil),
        gridChart(
          "santos2002-fig5b",
          "Fig. 5(b): remote/local throughput ratio",
          "remote / local rate",
          remoteLocalRatio,
        ),
      ],
    };
  },
};

function gridChart(name: string, title: string, yLabel: string, grid: Grid): Chart {
  return {
    name,
    title,
    xLabel: "input buffer size (packets)",
    yLabel,
    series: fig5Thresholds.map((t) => ({
      name: t === "none" ? "no output threshold" : `output threshold ${t}`,
      points: fig5Buffers.map((b): [number, number] => [b, grid[t]![b]!]),
    })),
  };
}
