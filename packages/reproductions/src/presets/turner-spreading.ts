import type { ScenarioResult } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { scenarioSMeters, scenarioSTimePlot } from "./santos-scenario.js";
import { hybridController, runTurnerS, type TurnerSetup, turnerScenario } from "./turner-scenario.js";

/** docs/spec/turner.md, turner-spreading: L=5, R=5, victim 20-50 ms, 60 ms. */
export const spreadingSetup = { local: 5, remote: 5, durationMs: 60, victimMs: [20, 50] } as const;

export const turnerRuns = {
  none: { ...spreadingSetup, victimMs: [20, 50], marking: { kind: "none" }, controller: { kind: "none" } },
  turner: { ...spreadingSetup, victimMs: [20, 50], marking: { kind: "turner" }, controller: hybridController },
} satisfies Record<string, TurnerSetup>;

function spreadingSummary(result: ScenarioResult) {
  return {
    victimRate: round(result.rate("group:victim", 25, 45)),
    islUtil: round(result.rate("link:A->B", 25, 45)),
    remoteRate: round(result.rate("group:remote", 25, 45)),
    localRate: round(result.rate("group:local", 25, 45)),
    rootUtil: round(result.rate("link:B->BC", 10, 60)),
  };
}

const spreadingKeys = ["victimRate", "islUtil", "rootUtil"] as const;

/** The claims TS.* of the spec, from the summaries of the run without control (`n`) and with turner's (`t`). */
function spreadingChecks(
  n: Record<(typeof spreadingKeys)[number], number>,
  t: Record<(typeof spreadingKeys)[number], number>,
): Check[] {
  return [
    check.atMost("TS.1", "none: victimRate (25-45 ms)", n.victimRate, 0.25),
    check.atLeast("TS.2", "turner: victimRate (25-45 ms)", t.victimRate, 0.35),
    check.atLeast(
      "TS.3",
      "turner: victimRate, gain over none",
      t.victimRate,
      n.victimRate + 0.15,
      `victimRate(none) + 0.15 = ${round(n.victimRate + 0.15)}`,
    ),
    check.atLeast(
      "TS.4",
      "turner: islUtil (25-45 ms), gain over none",
      t.islUtil,
      n.islUtil + 0.3,
      `islUtil(none) + 0.30 = ${round(n.islUtil + 0.3)}`,
    ),
    check.atLeast("TS.5", "turner: rootUtil (10-60 ms)", t.rootUtil, 0.9),
  ];
}

/** turner-2001 sec. 1.1 and 4: congestion spreading across two switches, contained by turner marking + hybrid. */
export const turnerSpreading: Preset = {
  name: "turner-spreading",
  description: "turner-2001 secs. 4-5: congestion spreading (L=5, R=5) with no control vs turner marking + hybrid",
  expectedRuntime: "1 s",
  scenarios: (seed) => [turnerScenario(turnerRuns.none, seed), turnerScenario(turnerRuns.turner, seed)],
  async run({ seed, scenarioRunner }) {
    const none = await runTurnerS(scenarioRunner, turnerRuns.none, seed);
    const turner = await runTurnerS(scenarioRunner, turnerRuns.turner, seed);
    const n = spreadingSummary(none);
    const t = spreadingSummary(turner);
    return {
      params: turnerRuns,
      fingerprint: fingerprintOf([none, turner]),
      summary: { none: n, turner: t },
      checks: spreadingChecks(n, t),
      charts: [
        scenarioSTimePlot(
          "turner-spreading-none",
          "Congestion spreading (L=5, R=5), no control",
          none,
          scenarioSMeters,
        ),
        scenarioSTimePlot(
          "turner-spreading-turner",
          "Turner marking + hybrid control (L=5, R=5)",
          turner,
          scenarioSMeters,
        ),
      ],
    };
  },
  judge(summary) {
    const n = summaryNumbers(summary.none, spreadingKeys);
    const t = summaryNumbers(summary.turner, spreadingKeys);
    return n === undefined || t === undefined ? undefined : spreadingChecks(n, t);
  },
};
