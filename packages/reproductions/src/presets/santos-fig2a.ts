import { check } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { runSantosWith, santosScenario, santosSummary, santosTimePlot } from "./santos-scenario.js";

export const fig2aParams = {
  local: 5,
  remote: 1,
  durationMs: 100,
  victimMs: [40, 60],
  bufferPackets: 4,
} as const;

const fig2aRunParams = { ...fig2aParams, victimMs: [40, 60] as [number, number] };

const fig2aKeys = ["victimRate", "islUtil", "remoteRate", "rootUtil"] as const;

/** The claims C2a.* of the spec, from the summary. */
function fig2aChecks(s: Record<(typeof fig2aKeys)[number], number>): Check[] {
  return [
    check.within("C2a.1", "victimRate (45-55 ms)", s.victimRate, 0.12, 0.2),
    check.within("C2a.2", "islUtil (45-55 ms)", s.islUtil, 0.25, 0.4),
    check.atLeast("C2a.3", "rootUtil (20-100 ms)", s.rootUtil, 0.95),
    check.atMost("C2a.4", "abs(victimRate - remoteRate)", Math.abs(s.victimRate - s.remoteRate), 0.03),
  ];
}

/** santos-2002 Fig. 2(a): congestion spreading with no congestion control and no window. */
export const santosFig2a: Preset = {
  name: "santos2002-fig2a",
  description: "santos-2002 Fig. 2(a): congestion spreading, L=5 R=1, no congestion control",
  expectedRuntime: "1 s",
  scenarios: (seed) => [santosScenario(fig2aRunParams, seed)],
  async run({ seed, scenarioRunner }) {
    const params = fig2aRunParams;
    const run = await runSantosWith(scenarioRunner, params, seed);
    const s = santosSummary(run);
    const summary = {
      victimRate: s.victimRate,
      islUtil: s.islUtil,
      remoteRate: s.remoteRate,
      rootUtil: s.rootUtil,
    };
    return {
      params,
      fingerprint: fingerprintOf([run.result]),
      summary,
      checks: fig2aChecks(summary),
      charts: [santosTimePlot("santos2002-fig2a", "Congestion spreading (L=5, R=1), no congestion control", run)],
    };
  },
  judge(summary) {
    const s = summaryNumbers(summary, fig2aKeys);
    return s === undefined ? undefined : fig2aChecks(s);
  },
};
