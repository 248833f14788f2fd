/**
 * ferrer-2012 Figs. 4, 5, 6, 10, 11 and 16 on the small scenario M (4-ary 3-tree, the
 * spec's load scaling): static windows, MVCM against no congestion management, and MVCM
 * against Renato's proposal and Pfister's InfiniBand CCA.
 */
import type { Chart } from "../charts/chart.js";
import { check } from "../check.js";
import { fingerprintOf, type Preset, type PresetContext } from "../preset.js";
import { measuresOf, runFerrerPoints } from "./ferrer-points.js";
import {
  coldLatencyChart,
  coldThroughputChart,
  type FerrerMechanism,
  type FerrerParams,
  ferrerLarge,
  ferrerScenario,
  ferrerSmall,
  ferrerSummary,
  ferrerWith,
  hotspotLinkChart,
  type LabelledMeasures,
} from "./ferrer-scenario.js";

const SMALL = "4-ary 3-tree";
const LARGE = "4-ary 5-tree, the paper's load";

type Point = { label: string; params: FerrerParams; seed: number };

/** One run of scenario M (small by default) per mechanism at `seed`. */
const mechanismPoints = (mechanisms: FerrerMechanism[], seed: number, base: FerrerParams = ferrerSmall): Point[] =>
  mechanisms.map((label) => ({ label, params: ferrerWith(label, base), seed }));

/** Runs scenario M once per mechanism at the context's seed. */
const runMechanisms = (mechanisms: FerrerMechanism[], context: PresetContext, base?: FerrerParams) =>
  runFerrerPoints(mechanismPoints(mechanisms, context.seed, base), context);

/** The scenario files of some points, in order. */
const scenariosOf = (points: Point[]) => points.map(({ params, seed }) => ferrerScenario(params, seed));

/** summary[key][label] for the spec's per-mechanism keys. */
function perMechanism(runs: LabelledMeasures[], keys: Array<keyof ReturnType<typeof ferrerSummary>>) {
  return Object.fromEntries(
    keys.map((key) => [
      key,
      Object.fromEntries(runs.map(({ label, measures }) => [label, ferrerSummary(measures)[key]])),
    ]),
  );
}

/** One bar per mechanism (ferrer-2012 Fig. 10's marked-packet percentages). */
function barChart(name: string, title: string, yLabel: string, bars: Array<[string, number]>): Chart {
  return {
    name,
    title,
    kind: "bar",
    xLabel: "mechanism",
    yLabel,
    series: bars.map(([label, value]) => ({ name: label, points: [[0, value]] })),
  };
}

const windows = [1, 2, 5] as const;
const windowPoints = (seed: number): Point[] =>
  windows.map((window) => ({ label: `window ${window}`, params: { ...ferrerSmall, window }, seed }));

/** Fig. 4: static windows only; the larger the window, the more a hot spot hurts cold flows. */
export const ferrerFig4: Preset = {
  name: "ferrer-fig4",
  sweep: true,
  description: "ferrer-2012 Fig. 4: static windows 1, 2, 5 without marking, cold-flow latency around a hot spot",
  expectedRuntime: "5 s with 2 workers",
  scenarios: (seed) => scenariosOf(windowPoints(seed)),
  async run(context) {
    const runs = await runFerrerPoints(windowPoints(context.seed), context);
    const max = (w: number) => measuresOf(runs, `window ${w}`).coldLatencyMaxCycles;
    const others = (w: number) => windows.filter((x) => x !== w).map(max);
    return {
      params: { ...ferrerSmall, windows },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: { coldLatencyMaxCycles: Object.fromEntries(windows.map((w) => [w, max(w)])) },
      checks: [
        check.below("C4.1", "coldLatencyMax(window 1) - min(others)", max(1) - Math.min(...others(1)), 0, "0"),
        check.atLeast(
          "C4.2",
          "coldLatencyMax(window 5) - max(others)",
          max(5) - Math.max(...others(5)),
          0,
          "0 (highest)",
        ),
      ],
      charts: [coldLatencyChart("ferrer-fig4", `Cold-flow latency with static windows (${SMALL})`, runs)],
    };
  },
};

/** Fig. 5 (and 6): MVCM against no congestion management. */
export const ferrerFig5: Preset = {
  name: "ferrer-fig5",
  sweep: true,
  description: "ferrer-2012 Fig. 5: cold-flow latency and throughput, no CMM vs MVCM",
  expectedRuntime: "4 s with 2 workers",
  scenarios: (seed) => scenariosOf(mechanismPoints(["noCMM", "MVCM"], seed)),
  async run(context) {
    const runs = await runMechanisms(["noCMM", "MVCM"], context);
    const none = measuresOf(runs, "noCMM");
    const mvcm = measuresOf(runs, "MVCM");
    return {
      params: { ...ferrerSmall, mechanisms: ["noCMM", "MVCM"] },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: perMechanism(runs, ["coldLatencyMaxCycles", "coldThroughputDrop", "coldLatencyBeforeCycles"]),
      checks: [
        check.atLeast(
          "C5.1",
          "coldLatencyMax(noCMM) / coldLatencyMax(MVCM)",
          none.coldLatencyMaxCycles / mvcm.coldLatencyMaxCycles,
          20,
        ),
        check.below(
          "C5.2",
          "coldThroughputDrop(MVCM) - coldThroughputDrop(noCMM)",
          mvcm.coldThroughputDrop - none.coldThroughputDrop,
          0,
          "0",
        ),
      ],
      charts: [
        coldLatencyChart("ferrer-fig5-latency", `Cold-flow latency, no CMM vs MVCM (${SMALL})`, runs),
        coldThroughputChart("ferrer-fig5-throughput", `Cold accepted traffic, no CMM vs MVCM (${SMALL})`, runs),
      ],
    };
  },
};

/** Fig. 6: MVCM keeps the hot-spot link busy while it throttles the hot flows. */
export const ferrerFig6: Preset = {
  name: "ferrer-fig6",
  sweep: true,
  description: "ferrer-2012 Fig. 6: hot-spot link utilization during the hot spot, no CMM vs MVCM",
  expectedRuntime: "4 s with 2 workers",
  scenarios: (seed) => scenariosOf(mechanismPoints(["noCMM", "MVCM"], seed)),
  async run(context) {
    const runs = await runMechanisms(["noCMM", "MVCM"], context);
    const mvcm = measuresOf(runs, "MVCM");
    return {
      params: { ...ferrerSmall, mechanisms: ["noCMM", "MVCM"] },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: perMechanism(runs, ["hotspotLinkUtil"]),
      checks: [check.atLeast("C6.1", "hotspotLinkUtil(MVCM) during the hot spot", mvcm.hotspotLinkUtil, 0.95)],
      charts: [hotspotLinkChart("ferrer-fig6", `Hot-spot link utilization, no CMM vs MVCM (${SMALL})`, runs)],
    };
  },
};

const compared: FerrerMechanism[] = ["renato", "pfister", "MVCM"];

/** Fig. 10: MVCM marks almost no cold packets; output marking (Pfister) marks more. */
export const ferrerFig10: Preset = {
  name: "ferrer-fig10",
  sweep: true,
  description: "ferrer-2012 Fig. 10: marked cold and hot packets, Renato vs Pfister vs MVCM",
  expectedRuntime: "5 s with 2 workers",
  scenarios: (seed) => scenariosOf(mechanismPoints(compared, seed)),
  async run(context) {
    const runs = await runMechanisms(compared, context);
    const m = (label: FerrerMechanism) => measuresOf(runs, label);
    const bars = (key: "markedColdPct" | "markedHotPct") =>
      compared.map((label): [string, number] => [label, m(label)[key]]);
    return {
      params: { ...ferrerSmall, mechanisms: compared },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: perMechanism(runs, ["markedColdPct", "markedHotPct"]),
      checks: [
        check.below(
          "C10.1",
          "markedColdPct(MVCM) - markedColdPct(pfister)",
          m("MVCM").markedColdPct - m("pfister").markedColdPct,
          0,
          "0",
        ),
        check.atMost("C10.2", "markedColdPct(MVCM)", m("MVCM").markedColdPct, 1, "1 %"),
      ],
      charts: [
        barChart(
          "ferrer-fig10-cold",
          `Marked cold packets (${SMALL})`,
          "cold packets marked (%)",
          bars("markedColdPct"),
        ),
        barChart("ferrer-fig10-hot", `Marked hot packets (${SMALL})`, "hot packets marked (%)", bars("markedHotPct")),
      ],
    };
  },
};

const fig11Mechanisms: FerrerMechanism[] = ["noCMM", ...compared];

/**
 * Fig. 11 (cold-flow latency under each mechanism) at one scale: every mechanism must beat
 * no congestion management (C11.2); `beats` names the mechanisms MVCM must beat (C11.1).
 */
function fig11Preset(options: {
  name: string;
  description: string;
  expectedRuntime: string;
  base: FerrerParams;
  scale: string;
  id: string;
  beats: FerrerMechanism[];
  long?: boolean;
}): Preset {
  const { name, base, scale, id, beats } = options;
  return {
    name,
    description: options.description,
    sweep: true,
    expectedRuntime: options.expectedRuntime,
    ...(options.long === true ? { long: true } : {}),
    scenarios: (seed) => scenariosOf(mechanismPoints(fig11Mechanisms, seed, base)),
    async run(context) {
      const all = fig11Mechanisms;
      const runs = await runMechanisms(all, context, base);
      const max = (label: FerrerMechanism) => measuresOf(runs, label).coldLatencyMaxCycles;
      const worstManaged = Math.max(...compared.map(max));
      return {
        params: { ...base, mechanisms: all },
        fingerprint: fingerprintOf(runs.map((run) => run.measures)),
        summary: perMechanism(runs, ["coldLatencyMaxCycles"]),
        checks: [
          check.below(
            `${id}.1`,
            `coldLatencyMax(MVCM) - min over ${beats.join(", ")}`,
            max("MVCM") - Math.min(...beats.map(max)),
            0,
            "0",
          ),
          check.below(
            `${id}.2`,
            "max over mechanisms of coldLatencyMax - coldLatencyMax(noCMM)",
            worstManaged - max("noCMM"),
            0,
            "0",
          ),
        ],
        charts: [
          coldLatencyChart(name, `Cold-flow latency per mechanism (${scale})`, runs),
          coldLatencyChart(
            `${name}-managed`,
            `Cold-flow latency with congestion management (${scale})`,
            runs.filter(({ label }) => label !== "noCMM"),
          ),
        ],
      };
    },
  };
}

export const ferrerFig11 = fig11Preset({
  name: "ferrer-fig11",
  description: "ferrer-2012 Fig. 11: cold-flow latency, no CMM vs Renato vs Pfister vs MVCM",
  expectedRuntime: "6 s with 2 workers",
  base: ferrerSmall,
  scale: SMALL,
  id: "C11",
  beats: ["pfister"],
});

const markedBars = (runs: LabelledMeasures[], key: "markedColdPct" | "markedHotPct") =>
  compared.map((label): [string, number] => [label, measuresOf(runs, label)[key]]);

/** Fig. 10 at the paper's scale: the order of marked cold and hot packets among the mechanisms. */
export const ferrerFig10Large: Preset = {
  name: "ferrer-fig10-large",
  sweep: true,
  long: true,
  description: "ferrer-2012 Fig. 10 on the paper's 4-ary 5-tree and load (long: not in the test suite)",
  expectedRuntime: "~40 min with 2 workers",
  scenarios: (seed) => scenariosOf(mechanismPoints(compared, seed, ferrerLarge)),
  async run(context) {
    const runs = await runMechanisms(compared, context, ferrerLarge);
    const m = (label: FerrerMechanism) => measuresOf(runs, label);
    const cold = (label: FerrerMechanism) => m(label).markedColdPct;
    const hot = (label: FerrerMechanism) => m(label).markedHotPct;
    return {
      params: { ...ferrerLarge, mechanisms: compared },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: perMechanism(runs, ["markedColdPct", "markedHotPct"]),
      checks: [
        {
          id: "C10L.1",
          claim: "markedColdPct: MVCM < pfister < renato",
          value: cold("MVCM"),
          expected: `< pfister ${cold("pfister")} < renato ${cold("renato")}`,
          pass: cold("MVCM") < cold("pfister") && cold("pfister") < cold("renato"),
        },
        {
          id: "C10L.2",
          claim: "markedHotPct: renato lowest, pfister highest",
          value: hot("renato"),
          expected: `< MVCM ${hot("MVCM")} < pfister ${hot("pfister")}`,
          pass: hot("renato") < hot("MVCM") && hot("MVCM") < hot("pfister"),
        },
      ],
      charts: [
        barChart(
          "ferrer-fig10-large-cold",
          `Marked cold packets (${LARGE})`,
          "cold packets marked (%)",
          markedBars(runs, "markedColdPct"),
        ),
        barChart(
          "ferrer-fig10-large-hot",
          `Marked hot packets (${LARGE})`,
          "hot packets marked (%)",
          markedBars(runs, "markedHotPct"),
        ),
      ],
    };
  },
};

/** Fig. 11 at the paper's scale. */
export const ferrerFig11Large = fig11Preset({
  name: "ferrer-fig11-large",
  description: "ferrer-2012 Fig. 11 on the paper's 4-ary 5-tree and load (long: not in the test suite)",
  expectedRuntime: "~40 min with 2 workers, fig10-large included in the same --all (it shares three of its four runs)",
  base: ferrerLarge,
  scale: LARGE,
  id: "C11L",
  beats: ["pfister", "renato"],
  long: true,
});

const fig16Seeds = [1, 2, 3] as const;
const fig16Variants: FerrerMechanism[] = ["MVCM", "MVCM (no limit)"];
const fig16Points: Point[] = fig16Variants.flatMap((variant) =>
  fig16Seeds.map((seed) => ({ label: `${variant} seed ${seed}`, params: ferrerWith(variant), seed })),
);

/** Fig. 16: without the n-times limit, waiting slots grow too far and the hot-spot link idles. */
export const ferrerFig16: Preset = {
  name: "ferrer-fig16",
  sweep: true,
  description: "ferrer-2012 Fig. 16: MVCM with and without the limit on waiting slots, hot-spot throughput gaps",
  expectedRuntime: "8 s with 2 workers",
  // The figure's seeds are fixed (1-3), whatever the context's seed.
  scenarios: () => scenariosOf(fig16Points),
  async run(context) {
    const runs = await runFerrerPoints(fig16Points, context);
    const gaps = (variant: FerrerMechanism) =>
      fig16Seeds.reduce((sum, seed) => sum + measuresOf(runs, `${variant} seed ${seed}`).hotThroughputGaps, 0);
    const perSeed = Object.fromEntries(
      fig16Variants.map((v) => [
        v,
        Object.fromEntries(fig16Seeds.map((s) => [s, measuresOf(runs, `${v} seed ${s}`).hotThroughputGaps])),
      ]),
    );
    const firstSeed = runs.filter(({ label }) => label.endsWith("seed 1"));
    return {
      params: { ...ferrerSmall, variants: fig16Variants, seeds: fig16Seeds },
      fingerprint: fingerprintOf(runs.map((run) => run.measures)),
      summary: { hotThroughputGaps: Object.fromEntries(fig16Variants.map((v) => [v, gaps(v)])), perSeed },
      checks: [
        check.atLeast(
          "C16.1",
          "hotThroughputGaps(no limit) - hotThroughputGaps(limit), seeds 1-3",
          gaps("MVCM (no limit)") - gaps("MVCM"),
          1,
          "1 (more gaps without the limit)",
        ),
      ],
      charts: [
        hotspotLinkChart(
          "ferrer-fig16",
          `Hot-spot link utilization, MVCM with and without the limit (${SMALL}, seed 1)`,
          firstSeed,
        ),
        barChart(
          "ferrer-fig16-gaps",
          "Hot-spot throughput gaps, seeds 1-3",
          "2,000-cycle bins with the link < 50 % while hot packets waited",
          fig16Variants.map((v): [string, number] => [v, gaps(v)]),
        ),
      ],
    };
  },
};
