import type { SwitchMarks } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { scenarioSMeters, scenarioSTimePlot } from "./santos-scenario.js";
import { runTurnerS, type TurnerSetup, turnerScenario } from "./turner-scenario.js";

/** docs/spec/turner.md, turner-root: L=5, R=5, no victim, turner marking, no controller, 20 ms. */
export const rootSetup: TurnerSetup = {
  local: 5,
  remote: 5,
  durationMs: 20,
  victimMs: null,
  marking: { kind: "turner" },
  controller: { kind: "none" },
};

const counts = (marks: SwitchMarks | undefined) => ({
  propagating: marks?.propagating ?? 0,
  generating: marks?.generating ?? 0,
  revoked: marks?.revoked ?? 0,
});

/** The claims TR.* of the spec, from the summary: the marks at A and B and A's share of the generating ones. */
function rootChecks(a: { propagating: number }, b: { generating: number }, generatingShareA: number | null): Check[] {
  return [
    check.atLeast("TR.1", "generating(B)", b.generating, 100),
    check.atMost(
      "TR.2",
      "generatingShareA = generating(A) / (generating(A) + generating(B))",
      generatingShareA ?? Number.NaN,
      0.05,
    ),
    check.atLeast("TR.3", "propagating(A)", a.propagating, 100),
  ];
}

/**
 * turner-2001 sec. 4.b.ii: a blocked output VL is not taken for a root. A's output to B is
 * held by B's full ISL input, so the generating marks happen at B's root output B->BC.
 */
export const turnerRoot: Preset = {
  name: "turner-root",
  description: "turner-2001 sec. 4.b: a blocked output is no root; generating marks at B (root), not at A",
  expectedRuntime: "1 s",
  scenarios: (seed) => [turnerScenario(rootSetup, seed)],
  async run({ seed, scenarioRunner }) {
    const result = await runTurnerS(scenarioRunner, rootSetup, seed);
    const a = counts(result.marks.A);
    const b = counts(result.marks.B);
    const total = a.generating + b.generating;
    const generatingShareA = total === 0 ? null : round(a.generating / total);
    return {
      params: rootSetup,
      fingerprint: fingerprintOf([result]),
      summary: { A: a, B: b, generatingShareA },
      checks: rootChecks(a, b, generatingShareA),
      charts: [
        {
          name: "turner-root-marks",
          title: "Turner marks per switch (L=5, R=5, no control)",
          xLabel: "switch (0 = A, 1 = B)",
          yLabel: "data packets marked",
          kind: "bar",
          series: (["propagating", "generating", "revoked"] as const).map((kind) => ({
            name: kind,
            points: [
              [0, a[kind]],
              [1, b[kind]],
            ],
          })),
        },
        scenarioSTimePlot("turner-root-rates", "Rates without control (L=5, R=5)", result, scenarioSMeters.slice(0, 4)),
      ],
    };
  },
  judge(summary) {
    const a = summaryNumbers(summary.A, ["propagating"]);
    const b = summaryNumbers(summary.B, ["generating"]);
    const share = summaryNumbers(summary, ["generatingShareA"], ["generatingShareA"]);
    return a === undefined || b === undefined || share === undefined
      ? undefined
      : rootChecks(a, b, share.generatingShareA);
  },
};
