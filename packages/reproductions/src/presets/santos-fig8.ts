/**
 * santos-2002 Fig. 8: dynamic traffic. ON/OFF flows with exponential ON and OFF periods of
 * equal mean; a new flow starts at each ON period, at Rmax unless its (source,
 * destination) pair keeps its congestion state (sec. 6.3.2). L=10, R=10, buffer 4,
 * input-triggered marking, victim always on, discrete IPD rates. Each point is the mean
 * of seeds 1-4; a run lasts max(500 ms, 40 x mean ON), averaged over its last 80 %.
 */
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { fingerprintOf, type Preset, type PresetContext } from "../preset.js";
import { runSantosPoints } from "./santos-points.js";
import { type SantosParams, santosScenario } from "./santos-scenario.js";
import { spearman } from "./spearman.js";

export const fig8OnMs = [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20] as const;
export const fig8Seeds = [1, 2, 3, 4] as const;
type Fn = "lipd" | "fimd" | "aimd";

export const fig8Duration = (meanOnMs: number) => Math.max(500, 40 * meanOnMs);

/** One run: `dynamicPerSide` of the 10 local and of the 10 remote sources are ON/OFF. */
export const fig8Point = (
  meanOnMs: number,
  dynamicPerSide: number,
  response: Fn,
  persistent: boolean,
  durationMs = fig8Duration(meanOnMs),
): SantosParams => ({
  local: 10,
  remote: 10,
  durationMs,
  victimMs: null,
  bufferPackets: 4,
  dynamic: { local: dynamicPerSide, remote: dynamicPerSide, meanOnMs },
  marking: { kind: "input-triggered" },
  controller: { kind: "per-ack", response, mode: "discrete", window: 1, persistent },
});

type Output = Awaited<ReturnType<typeof runSantosPoints>>[number];
type Averages = Omit<Output, "fingerprint">;

/** Every (variant, ON value, seed) run, averaged over the last 80 %. */
const sweepInputs = <V>(variants: readonly V[], point: (variant: V, meanOnMs: number) => SantosParams) =>
  variants.flatMap((variant) =>
    fig8OnMs.flatMap((on) =>
      fig8Seeds.map((seed) => {
        const params = point(variant, on);
        return { params, seed, fromMs: params.durationMs * 0.2, toMs: params.durationMs };
      }),
    ),
  );

/** The scenario files of `sweepInputs`. */
const sweepScenarios = <V>(variants: readonly V[], point: (variant: V, meanOnMs: number) => SantosParams) =>
  sweepInputs(variants, point).map(({ params, seed }) => santosScenario(params, seed));

/**
 * Runs every (variant, ON value) over the four seeds with the sweep's runner; returns the seed
 * means and the fingerprint of all the runs.
 */
async function sweepMeans<V>(
  variants: readonly V[],
  point: (variant: V, meanOnMs: number) => SantosParams,
  context: PresetContext,
): Promise<{ means: Map<V, Averages[]>; fingerprint: string }> {
  const inputs = sweepInputs(variants, point);
  const outputs = await runSantosPoints(inputs, context);
  const means = new Map<V, Averages[]>();
  let i = 0;
  for (const variant of variants) {
    const perOn: Averages[] = [];
    for (const _ of fig8OnMs) {
      const runs = outputs.slice(i, i + fig8Seeds.length);
      i += fig8Seeds.length;
      perOn.push(mean(runs));
    }
    means.set(variant, perOn);
  }
  return { means, fingerprint: fingerprintOf(outputs) };
}

function mean(runs: Output[]): Averages {
  const keys = Object.keys(runs[0]!).filter((key) => key !== "fingerprint") as Array<keyof Averages>;
  return Object.fromEntries(
    keys.map((k) => [k, round(runs.reduce((sum, r) => sum + r[k], 0) / runs.length)]),
  ) as Averages;
}

const shares = (a: Averages) => {
  const root = a.rootUtil;
  return {
    staticShare: round((a.localRate + a.remoteRate) / root),
    dynamicShare: round((a.localDynamicRate + a.remoteDynamicRate) / root),
  };
};

const fig8aModes = ["non-persistent", "persistent"] as const;
const fig8aPoint = (mode: (typeof fig8aModes)[number], on: number) => fig8Point(on, 5, "lipd", mode === "persistent");

export const santosFig8a: Preset = {
  name: "santos2002-fig8a",
  sweep: true,
  description: "santos-2002 Fig. 8(a): static vs ON/OFF flows, with and without persistent congestion state (sweep)",
  expectedRuntime: "50 s with 2 workers",
  // The figure's seeds are fixed (1-4), whatever the context's seed.
  scenarios: () => sweepScenarios(fig8aModes, fig8aPoint),
  async run(context) {
    const modes = fig8aModes;
    const { means, fingerprint } = await sweepMeans(modes, fig8aPoint, context);
    const table = Object.fromEntries(
      modes.map((mode) => [mode, Object.fromEntries(fig8OnMs.map((on, i) => [on, shares(means.get(mode)![i]!)]))]),
    );
    const at = (mode: (typeof modes)[number], on: number) => table[mode]![on]!;
    const ratio = (mode: (typeof modes)[number], on: number) => at(mode, on).staticShare / at(mode, on).dynamicShare;
    const np05 = at("non-persistent", 0.05);
    const p05 = at("persistent", 0.05);
    const longOn = fig8OnMs.filter((on) => on >= 1);
    const rho = spearman(
      longOn,
      longOn.map((on) => ratio("non-persistent", on)),
    );
    return {
      params: { onMs: fig8OnMs, seeds: fig8Seeds, point: fig8Point(1, 5, "lipd", true), averageOver: "last 80 %" },
      fingerprint,
      summary: {
        staticShare: Object.fromEntries(
          modes.map((m) => [m, Object.fromEntries(fig8OnMs.map((on) => [on, at(m, on).staticShare]))]),
        ),
        dynamicShare: Object.fromEntries(
          modes.map((m) => [m, Object.fromEntries(fig8OnMs.map((on) => [on, at(m, on).dynamicShare]))]),
        ),
      },
      checks: [
        check.atLeast(
          "C8a.1",
          "non-persistent, ON 0.05 ms: dynamicShare - staticShare",
          round(np05.dynamicShare - np05.staticShare),
          0.2,
        ),
        check.all("C8a.2", "persistent, ON 0.05 ms: staticShare", p05.staticShare, [
          { text: ">= 0.4", pass: p05.staticShare >= 0.4 },
          {
            text: `>= staticShare(non-persistent) + 0.3 = ${round(np05.staticShare + 0.3)}`,
            pass: p05.staticShare >= np05.staticShare + 0.3,
          },
        ]),
        check.within(
          "C8a.3",
          "persistent, ON 20 ms: staticShare / dynamicShare",
          round(ratio("persistent", 20)),
          1.6,
          2.4,
        ),
        check.all("C8a.4", "non-persistent: Spearman(mean ON 1..20 ms, static/dynamic ratio)", round(rho), [
          { text: ">= 0.8", pass: rho >= 0.8 },
          {
            text: `ratio at 20 ms (${round(ratio("non-persistent", 20))}) > 1.2`,
            pass: ratio("non-persistent", 20) > 1.2,
          },
        ]),
      ],
      charts: [
        {
          name: "santos2002-fig8a",
          title: "Fig. 8(a): shares of the root link, static vs dynamic flows (LIPD)",
          xLabel: "mean ON duration (ms)",
          yLabel: "share of root link throughput",
          logX: true,
          yDomain: [0, 1],
          series: modes.flatMap((mode) =>
            (["staticShare", "dynamicShare"] as const).map((key) => ({
              name: `${key === "staticShare" ? "static" : "dynamic"} flows${mode === "persistent" ? ", persistent state" : ""}`,
              dashed: mode === "persistent",
              colorKey: key,
              points: fig8OnMs.map((on): [number, number] => [on, at(mode, on)[key]]),
            })),
          ),
        } satisfies Chart,
      ],
    };
  },
};

const fig8bFunctions = ["lipd", "fimd", "aimd"] as const;
const fig8bPoint = (fn: Fn, on: number) => fig8Point(on, 10, fn, true);

export const santosFig8b: Preset = {
  name: "santos2002-fig8b",
  sweep: true,
  description:
    "santos-2002 Fig. 8(b): root and inter-switch utilization with all flows ON/OFF, per response function (sweep)",
  expectedRuntime: "70 s with 2 workers",
  scenarios: () => sweepScenarios(fig8bFunctions, fig8bPoint),
  async run(context) {
    const functions = fig8bFunctions;
    const { means, fingerprint } = await sweepMeans(functions, fig8bPoint, context);
    const root = (fn: Fn, i: number) => means.get(fn)![i]!.rootUtil;
    const isl = (fn: Fn, i: number) => means.get(fn)![i]!.islUtil;
    const indices = fig8OnMs.map((_, i) => i);
    const islLow = Math.min(...indices.flatMap((i) => [isl("lipd", i), isl("fimd", i)]));
    const aboveAimd = indices.filter((i) => Math.min(isl("lipd", i), isl("fimd", i)) > isl("aimd", i)).length;
    const middle = indices.filter((i) => fig8OnMs[i]! >= 0.2 && fig8OnMs[i]! <= 2);
    const fimdWins = middle.filter((i) => root("fimd", i) > root("lipd", i)).length;
    const aimdLowest = indices.filter((i) => root("aimd", i) < Math.min(root("lipd", i), root("fimd", i))).length;
    const grid = (value: (fn: Fn, i: number) => number) =>
      Object.fromEntries(
        functions.map((fn) => [fn, Object.fromEntries(indices.map((i) => [fig8OnMs[i]!, value(fn, i)]))]),
      );
    return {
      params: { onMs: fig8OnMs, seeds: fig8Seeds, point: fig8Point(1, 10, "lipd", true), averageOver: "last 80 %" },
      fingerprint,
      summary: { rootUtil: grid(root), islUtil: grid(isl) },
      checks: [
        // santos-2002 sec. 6.3.2 gives no number for Fig. 8(b), only "high utilization, except in
        // the case of AIMD": docs/spec/santos-fig8b.md says why the bar is 0.80 and not our old 0.85.
        check.all("C8b.1", "lowest islUtil of LIPD and FIMD over all ON values", round(islLow), [
          { text: ">= 0.8", pass: islLow >= 0.8 },
          {
            text: `above AIMD's at every ON value (${aboveAimd} of ${fig8OnMs.length})`,
            pass: aboveAimd === fig8OnMs.length,
          },
        ]),
        check.atLeast("C8b.2", "ON 0.2-2 ms: points (of 4) where rootUtil(FIMD) > rootUtil(LIPD)", fimdWins, 2),
        check.atLeast(
          "C8b.3",
          `ON values (of ${fig8OnMs.length}) where AIMD has the lowest rootUtil`,
          aimdLowest,
          fig8OnMs.length,
        ),
      ],
      charts: (["root", "isl"] as const).map(
        (link): Chart => ({
          name: `santos2002-fig8b-${link}`,
          title: `Fig. 8(b): ${link === "root" ? "root link" : "inter-switch link"} utilization, all flows ON/OFF`,
          xLabel: "mean ON duration (ms)",
          yLabel: "utilization",
          logX: true,
          series: functions.map((fn) => ({
            name: fn.toUpperCase(),
            points: indices.map((i): [number, number] => [fig8OnMs[i]!, link === "root" ? root(fn, i) : isl(fn, i)]),
          })),
        }),
      ),
    };
  },
};
