/**
 * chrysos (unbiased QCN) Figs. 2 and 3: fan-in fairness with congestion points at outputs
 * and at inputs, and culprit selection by arrival or occupancy sampling.
 */
import { check } from "../check.js";
import { numberRecord, summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import {
  type ChrysosParams,
  type ChrysosRun,
  chrysosScenario,
  fanInSummary,
  gbps,
  notificationChart,
  runChrysos,
  throughputChart,
} from "./chrysos-scenario.js";

const fanIn = (cp: ChrysosParams["cp"]): ChrysosParams => ({ cp, withF6: false, durationMs: 300 });
const withF6 = (cp: ChrysosParams["cp"], culprit?: ChrysosParams["culprit"]): ChrysosParams => ({
  cp,
  withF6: true,
  durationMs: 300,
  ...(culprit === undefined ? {} : { culprit }),
});

/** max/min of a set of rates. */
const spread = (rates: Record<string, number>) => {
  const values = Object.values(rates);
  return Math.max(...values) / Math.min(...values);
};

/** The claim C2a.1 of the spec, from the per-flow rates over 50-100 ms. */
const fig2aChecks = (gbps50to100: Record<string, number>): Check[] => [
  check.atLeast("C2a.1", "max/min flow rate over 50-100 ms", spread(gbps50to100), 1.2),
];

export const chrysosFig2a: Preset = {
  name: "chrysos-fig2a",
  description: "chrysos Fig. 2(a): fan-in of 4 (+1) flows, QCN at switch outputs (standard): unfair",
  expectedRuntime: "2 s",
  scenarios: (seed) => [chrysosScenario(fanIn("output"), seed)],
  async run({ seed, scenarioRunner }) {
    const params = fanIn("output");
    const run = await runChrysos(scenarioRunner, params, seed);
    const summary = fanInSummary(run);
    return {
      params,
      fingerprint: fingerprintOf([run.result]),
      summary,
      checks: fig2aChecks(summary.gbps50to100),
      charts: [
        throughputChart("chrysos-fig2a", "Fan-in, QCN at outputs: per-flow throughput", run),
        notificationChart("chrysos-fig2c-output", "CNMs per flow, congestion point at the output", run),
      ],
    };
  },
  judge(summary) {
    const rates = numberRecord(summary.gbps50to100);
    return rates === undefined ? undefined : fig2aChecks(rates);
  },
};

export const chrysosFig2b: Preset = {
  name: "chrysos-fig2b",
  description: "chrysos Fig. 2(b): the same fan-in with QCN at switch inputs: fair shares",
  expectedRuntime: "2 s",
  scenarios: (seed) => [chrysosScenario(fanIn("input"), seed), chrysosScenario(fanIn("output"), seed)],
  async run({ seed, scenarioRunner }) {
    const params = fanIn("input");
    const run = await runChrysos(scenarioRunner, params, seed);
    const summary = fanInSummary(run);
    const standardRun = await runChrysos(scenarioRunner, fanIn("output"), seed);
    const standard = fanInSummary(standardRun);
    const early = Object.values(summary.gbps50to100);
    const late = Object.values(summary.gbps150to200);
    return {
      params,
      fingerprint: fingerprintOf([run.result, standardRun.result]),
      summary: { ...summary, jainOutputs50to100: standard.jain50to100, jainOutputs150to200: standard.jain150to200 },
      checks: [
        check.all("C2b.1", "every f1-f4 rate over 50-100 ms (Gb/s)", Math.min(...early), [
          { text: "min >= 2.25", pass: Math.min(...early) >= 2.25 },
          { text: `max ${Math.max(...early)} <= 2.75`, pass: Math.max(...early) <= 2.75 },
        ]),
        check.all("C2b.2", "every f1-f5 rate over 150-200 ms (Gb/s)", Math.min(...late), [
          { text: "min >= 1.8", pass: Math.min(...late) >= 1.8 },
          { text: `max ${Math.max(...late)} <= 2.2`, pass: Math.max(...late) <= 2.2 },
        ]),
        check.all("C2b.3", "Jain's index, 50-100 and 150-200 ms", Math.min(summary.jain50to100, summary.jain150to200), [
          { text: "both >= 0.99", pass: summary.jain50to100 >= 0.99 && summary.jain150to200 >= 0.99 },
          {
            text: `each > the outputs' (${standard.jain50to100}, ${standard.jain150to200})`,
            pass: summary.jain50to100 > standard.jain50to100 && summary.jain150to200 > standard.jain150to200,
          },
        ]),
      ],
      charts: [
        throughputChart("chrysos-fig2b", "Fan-in, QCN at inputs: per-flow throughput", run),
        notificationChart("chrysos-fig2c-input", "CNMs per flow, congestion points at the inputs", run),
      ],
    };
  },
};

/** The claim C3b.1 of the spec, from f1 and f6's rates. */
const fig3bChecks = (rates: { f1: number; f6: number }): Check[] => [
  check.atMost("C3b.1", "f6 / f1 over 50-100 ms", rates.f6 / rates.f1, 1.5),
];

/** The claim C3c.1 of the spec, from f1 and f6's rates. */
const fig3cChecks = (rates: { f1: number; f6: number }): Check[] => [
  check.within("C3c.1", "f6 / f1 over 50-100 ms (7/3 expected)", rates.f6 / rates.f1, 1.9, 2.8),
];

/** f1 and f6 over 50-100 ms, Gb/s. */
const f1f6 = (run: ChrysosRun) => ({ f1: gbps(run, "f1", 50, 100), f6: gbps(run, "f6", 50, 100) });

export const chrysosFig3b: Preset = {
  name: "chrysos-fig3b",
  description: "chrysos Fig. 3(b): f6 shares f1's input; QCN at inputs with arrival sampling throttles f6 too",
  expectedRuntime: "2 s",
  scenarios: (seed) => [chrysosScenario(withF6("input", "arrival"), seed)],
  async run({ seed, scenarioRunner }) {
    const params = withF6("input", "arrival");
    const run = await runChrysos(scenarioRunner, params, seed);
    const rates = f1f6(run);
    return {
      params,
      fingerprint: fingerprintOf([run.result]),
      summary: rates,
      checks: fig3bChecks(rates),
      charts: [throughputChart("chrysos-fig3b", "QCN at inputs, arrival sampling: f6 throttled with f1", run)],
    };
  },
  judge(summary) {
    const rates = summaryNumbers(summary, ["f1", "f6"]);
    return rates === undefined ? undefined : fig3bChecks(rates);
  },
};

export const chrysosFig3c: Preset = {
  name: "chrysos-fig3c",
  description: "chrysos Fig. 3(c): the same traffic with PAUSE only: f6/f1 follows their offered 7/3",
  expectedRuntime: "2 s",
  scenarios: (seed) => [chrysosScenario(withF6("none"), seed)],
  async run({ seed, scenarioRunner }) {
    const params = withF6("none");
    const run = await runChrysos(scenarioRunner, params, seed);
    const rates = f1f6(run);
    return {
      params,
      fingerprint: fingerprintOf([run.result]),
      summary: rates,
      checks: fig3cChecks(rates),
      charts: [throughputChart("chrysos-fig3c", "PAUSE only: f1 and f6 paused together", run)],
    };
  },
  judge(summary) {
    const rates = summaryNumbers(summary, ["f1", "f6"]);
    return rates === undefined ? undefined : fig3cChecks(rates);
  },
};

const occupancyVariants = ["occupancy-deterministic", "occupancy-random"] as const;

export const chrysosFig3d: Preset = {
  name: "chrysos-fig3d",
  description: "chrysos Fig. 3(d): QCN at inputs with occupancy sampling (deterministic, random): f6 keeps 7 Gb/s",
  expectedRuntime: "3 s",
  scenarios: (seed) => occupancyVariants.map((culprit) => chrysosScenario(withF6("input", culprit), seed)),
  async run({ seed, scenarioRunner }) {
    const variants = occupancyVariants;
    const runs: ChrysosRun[] = [];
    // One after the other, in the order `scenarios` lists them.
    for (const culprit of variants) runs.push(await runChrysos(scenarioRunner, withF6("input", culprit), seed));
    const rates = runs.map(f1f6);
    return {
      params: { ...withF6("input"), culprits: variants },
      fingerprint: fingerprintOf(runs.map((run) => run.result)),
      summary: Object.fromEntries(variants.map((v, i) => [v, rates[i]!])),
      checks: [
        check.atLeast(
          "C3d.1",
          "min over both variants of f6 over 50-100 ms (Gb/s)",
          Math.min(...rates.map((r) => r.f6)),
          6.5,
        ),
      ],
      charts: variants.map((v, i) =>
        throughputChart(`chrysos-fig3d-${v.replace("occupancy-", "")}`, `QCN at inputs, ${v} sampling`, runs[i]!),
      ),
    };
  },
};
