import type { ScenarioResult } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { scenarioSTimePlot } from "./santos-scenario.js";
import { runTurnerS, type TurnerSetup, turnerScenario } from "./turner-scenario.js";
import { spreadingSetup, turnerRuns } from "./turner-spreading.js";

/** docs/spec/turner.md, turner-apsn: turner-spreading's turner run, and the same with santos' per-ack LIPD (window 8). */
export const apsnRuns = {
  hybrid: turnerRuns.turner,
  perAck: { ...turnerRuns.turner, controller: { kind: "per-ack", response: "lipd", window: 8 } },
} satisfies Record<string, TurnerSetup>;

/**
 * Marks and decreases over the local and remote flows: the santos pattern numbers its
 * flows local first, then remote, then the victim, so they are ids 0 .. L+R-1.
 */
function responseSummary(result: ScenarioResult) {
  let marks = 0;
  let decreases = 0;
  let markedFlows = 0;
  let markedFlowsDecreased = 0;
  for (let id = 0; id < spreadingSetup.local + spreadingSetup.remote; id++) {
    const counts = result.responses[String(id)] ?? { marks: 0, decreases: 0 };
    marks += counts.marks;
    decreases += counts.decreases;
    if (counts.marks > 0) {
      markedFlows++;
      if (counts.decreases > 0) markedFlowsDecreased++;
    }
  }
  return {
    marks,
    decreases,
    decreasesPerMark: marks === 0 ? null : round(decreases / marks),
    markedFlows,
    markedFlowsDecreased,
  };
}

type ResponseSummary = { decreasesPerMark: number | null; markedFlows: number; markedFlowsDecreased: number };
const responseKeys = ["decreasesPerMark", "markedFlows", "markedFlowsDecreased"] as const;

/** The claims TA.* of the spec, from the summaries of the hybrid and the per-ack runs. */
function apsnChecks(hybrid: ResponseSummary, perAck: ResponseSummary): Check[] {
  return [
    check.atMost("TA.1", "hybrid: decreasesPerMark", hybrid.decreasesPerMark ?? Number.NaN, 0.75),
    check.atLeast("TA.2", "per-ack: decreasesPerMark", perAck.decreasesPerMark ?? Number.NaN, 0.9),
    check.atLeast(
      "TA.3",
      "hybrid: marked local and remote flows that decreased",
      hybrid.markedFlowsDecreased,
      hybrid.markedFlows,
      `markedFlows = ${hybrid.markedFlows}`,
    ),
  ];
}

/** turner-2001 sec. 5.1.3.2 (APSN): a burst of marks on a flow causes one decrease. */
export const turnerApsn: Preset = {
  name: "turner-apsn",
  description: "turner-2001 sec. 5.1.3.2: with APSN a burst of marks causes one decrease (hybrid vs per-ack LIPD)",
  expectedRuntime: "2 s",
  scenarios: (seed) => [turnerScenario(apsnRuns.hybrid, seed), turnerScenario(apsnRuns.perAck, seed)],
  async run({ seed, scenarioRunner }) {
    const hybridRun = await runTurnerS(scenarioRunner, apsnRuns.hybrid, seed);
    const perAckRun = await runTurnerS(scenarioRunner, apsnRuns.perAck, seed);
    const hybrid = responseSummary(hybridRun);
    const perAck = responseSummary(perAckRun);
    return {
      params: apsnRuns,
      fingerprint: fingerprintOf([hybridRun, perAckRun]),
      summary: { hybrid, perAck },
      checks: apsnChecks(hybrid, perAck),
      charts: [
        {
          name: "turner-apsn-responses",
          title: "Marks heard and decreases made, local and remote flows",
          xLabel: "controller (0 = hybrid, 1 = per-ack)",
          yLabel: "count",
          kind: "bar",
          series: (["marks", "decreases"] as const).map((key) => ({
            name: key,
            points: [
              [0, hybrid[key]],
              [1, perAck[key]],
            ],
          })),
        },
        scenarioSTimePlot("turner-apsn-per-ack", "Turner marking + per-ack LIPD, window 8 (L=5, R=5)", perAckRun, [
          ["root link", "link:B->BC"],
          ["inter-switch link", "link:A->B"],
          ["victim", "group:victim"],
        ]),
      ],
    };
  },
  judge(summary) {
    const hybrid = summaryNumbers(summary.hybrid, responseKeys, ["decreasesPerMark"]);
    const perAck = summaryNumbers(summary.perAck, responseKeys, ["decreasesPerMark"]);
    return hybrid === undefined || perAck === undefined ? undefined : apsnChecks(hybrid, perAck);
  },
};
