/**
 * docs/spec/collectives.md, allreduce-incast: a background incast into H1 slows a ring
 * all-reduce over the even hosts (rank 0 on H0 shares H1's edge switch), with and without
 * end-to-end congestion control: on the datacenter switch under PAUSE, none against DCQCN;
 * on santos-2002's input-buffered switch with credits, none against santos-2002's scheme.
 */
import type { ScenarioInput } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type SummaryValue } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import {
  type CollectiveFabric,
  collectiveOf,
  collectiveScenario,
  runNumbers,
  stepsChart,
} from "./collective-scenario.js";
import type { Scheme } from "./datacenter-scenario.js";

const setup = {
  ringBytes: 1_600_000,
  ringHosts: "H0, H2, ..., H14 (stride 2)",
  incastBytes: 500_000,
  incastSenders: "H3, H5, ..., H15",
  receiver: "H1",
  intervalUs: 1000,
  incastStopUs: 1500,
  durationMs: 8,
};

/** The runs: a label, its fabric and scheme, and whether the incast runs beside the ring. */
const runs = [
  { label: "pfc-alone", fabric: "datacenter", scheme: "pfc", incast: false },
  { label: "pfc", fabric: "datacenter", scheme: "pfc", incast: true },
  { label: "dcqcn", fabric: "datacenter", scheme: "dcqcn", incast: true },
  { label: "dcqcn-alone", fabric: "datacenter", scheme: "dcqcn", incast: false },
  { label: "credits-alone", fabric: "input-buffered", scheme: "pfc", incast: false },
  { label: "credits", fabric: "input-buffered", scheme: "pfc", incast: true },
  { label: "santos", fabric: "input-buffered", scheme: "santos", incast: true },
] as const satisfies ReadonlyArray<{
  label: string;
  fabric: CollectiveFabric;
  scheme: Scheme | "santos";
  incast: boolean;
}>;
type Run = (typeof runs)[number];

/** Which run a run's slowdown is against: the ring alone on its fabric, without control. */
const baseOf = (run: Run): string => (run.fabric === "datacenter" ? "pfc-alone" : "credits-alone");

function scenario(run: Run, seed: number): ScenarioInput {
  const odd = Array.from({ length: 8 }, (_, i) => `H${2 * i + 1}`);
  return collectiveScenario({
    name: `allreduce-incast ${run.label}`,
    seed,
    durationMs: setup.durationMs,
    fabric: run.fabric,
    scheme: run.scheme,
    traffic: [
      { kind: "ring-allreduce", name: "ring", bytes: setup.ringBytes, stride: 2 },
      ...(run.incast
        ? [
            {
              kind: "incast" as const,
              name: "incast",
              fanIn: 7,
              bytes: setup.incastBytes,
              intervalUs: setup.intervalUs,
              hosts: odd,
              receiver: setup.receiver,
              stopUs: setup.incastStopUs,
            },
          ]
        : []),
    ],
  });
}

/** What the claims read: each run's completion and slowdown. */
type IncastNumbers = Record<Run["label"], { completionUs: number; slowdown: number }>;

function incastChecks(n: IncastNumbers): Check[] {
  const excess = (label: Run["label"]) => n[label].slowdown - 1;
  return [
    check.atLeast("IN.1", "pfc: ring slowdown under the incast", n.pfc.slowdown, 1.2),
    check.atMost(
      "IN.2",
      "dcqcn: ring slowdown - 1, against pfc's",
      excess("dcqcn"),
      excess("pfc") / 2,
      `(pfc's - 1) / 2 = ${round(excess("pfc") / 2)}`,
    ),
    check.within(
      "IN.3",
      "dcqcn alone: ring completion / pfc alone's",
      n["dcqcn-alone"].completionUs / n["pfc-alone"].completionUs,
      0.95,
      1.05,
    ),
    check.atLeast("IN.4", "credits, no control: ring slowdown under the incast", n.credits.slowdown, 1.2),
    check.atMost(
      "IN.5",
      "santos-2002's scheme: ring slowdown - 1, against no control's",
      excess("santos"),
      excess("credits") / 2,
      `(no control's - 1) / 2 = ${round(excess("credits") / 2)}`,
    ),
  ];
}

function numbersOf(summary: Record<string, SummaryValue>): IncastNumbers | undefined {
  const numbers: Partial<IncastNumbers> = {};
  for (const run of runs) {
    const values = summaryNumbers(summary[run.label], ["completionUs", "slowdown"]);
    if (values === undefined) return undefined;
    numbers[run.label] = values;
  }
  return numbers as IncastNumbers;
}

/** The one check when a run's ring did not complete within the horizon: the claims need every run's completion. */
const incomplete: Check[] = [
  { id: "IN", claim: "every run's ring completes", value: null, expected: "all complete", pass: false },
];

/** A ring all-reduce beside a background incast, with and without congestion control. */
export const allreduceIncast: Preset = {
  name: "allreduce-incast",
  description:
    "a background incast slows a ring all-reduce on a k=4 fat tree: PFC against DCQCN, credits against santos-2002's scheme",
  expectedRuntime: "10 s",
  scenarios: (seed) => runs.map((run) => scenario(run, seed)),
  async run(context) {
    const results = await runScenarios(
      runs.map((run) => ({ label: run.label, scenario: scenario(run, context.seed) })),
      context,
    );
    const rings = results.map((result) => collectiveOf(result, "ring"));
    const completion = (label: string) => rings[runs.findIndex((run) => run.label === label)]?.runs[0]?.completionUs;
    const summary: Record<string, SummaryValue> = {};
    runs.forEach((run, i) => {
      const numbers = runNumbers(rings[i]);
      const base = completion(baseOf(run));
      summary[run.label] = {
        ...numbers,
        slowdown: numbers.completionUs === null || base === undefined ? null : round(numbers.completionUs / base),
        pauseFrames: results[i]!.pause?.frames ?? 0,
        incastCompleted: results[i]!.completions.incast?.count ?? 0,
      };
    });
    const numbers = numbersOf(summary);
    const steps = (fabric: CollectiveFabric) =>
      runs.flatMap((run, i) =>
        run.fabric === fabric ? [{ name: run.label, stepsUs: rings[i]?.runs[0]?.stepsUs ?? [] }] : [],
      );
    return {
      params: { ...setup, runs: runs.map((run) => run.label) },
      fingerprint: fingerprintOf(results),
      summary,
      checks: numbers === undefined ? incomplete : incastChecks(numbers),
      charts: [
        stepsChart(
          "allreduce-incast-datacenter",
          "Ring all-reduce beside an incast: step times, shared buffer + PFC",
          steps("datacenter"),
        ),
        stepsChart(
          "allreduce-incast-credits",
          "Ring all-reduce beside an incast: step times, input-buffered + credits",
          steps("input-buffered"),
        ),
      ],
    };
  },
  judge(summary) {
    const numbers = numbersOf(summary);
    if (numbers !== undefined) return incastChecks(numbers);
    // A ring that did not complete within the horizon: a completion of null, which the run
    // judged as the one failing check; anything else missing or not a number: no judgement.
    const completions = runs.map(
      (run) => (summary[run.label] as Record<string, SummaryValue> | undefined)?.completionUs,
    );
    const readable = completions.every((value) => value === null || typeof value === "number");
    return readable && completions.includes(null) ? incomplete : undefined;
  },
};
