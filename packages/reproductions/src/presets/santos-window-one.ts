/** santos-2002 Figs. 2(b), 3(a) and 3(b): flows with a window of one packet, alone and with fixed rate limits. */
import { check } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import {
  runSantosWith,
  type SantosParams,
  type SantosRun,
  santosScenario,
  santosSummary,
  santosTimePlot,
} from "./santos-scenario.js";

const base = {
  durationMs: 100,
  victimMs: [40, 60] as [number, number],
  bufferPackets: 4,
  window: 1,
};
export const fig2bParams: SantosParams = { ...base, local: 5, remote: 1 };
export const fig3aParams: SantosParams = { ...base, local: 5, remote: 5 };
/** The paper's "optimal" manual rates: 0.1 per local and remote flow, 0.5 for the victim. */
export const fig3bParams: SantosParams = {
  ...base,
  local: 5,
  remote: 5,
  rates: { local: 0.1, remote: 0.1, victim: 0.5 },
};

/** The summary keys of Figs. 2(b) and 3(a). */
const windowOneKeys = ["victimRate", "islUtil", "remoteRate", "rootUtil"] as const;
type WindowOneSummary = Record<(typeof windowOneKeys)[number], number>;

/** The claims C3b.* of the spec (Fig. 2(b)), from the summary. */
function fig2bChecks({ islUtil, victimRate, rootUtil }: WindowOneSummary): Check[] {
  return [
    check.atLeast("C3b.1", "islUtil (45-55 ms)", islUtil, 0.9),
    check.atLeast("C3b.2", "victimRate (45-55 ms)", victimRate, 0.75),
    check.atLeast("C3b.3", "rootUtil (20-100 ms)", rootUtil, 0.85),
  ];
}

/** The claims C3c.* of the spec (Fig. 3(a)), from the summary. */
function fig3aChecks({ victimRate, islUtil }: WindowOneSummary): Check[] {
  return [
    check.atMost("C3c.1", "victimRate (45-55 ms; ideal 0.5)", victimRate, 0.4),
    check.atMost("C3c.2", "islUtil (45-55 ms)", islUtil, 0.9),
  ];
}

/**
 * santos-2002 Fig. 2(b) (santos-fig3b, its name in the spec): a window of one packet removes
 * spreading with L=5, R=1.
 */
export const santosFig2b: Preset = {
  name: "santos2002-fig2b",
  description: "santos-2002 Fig. 2(b): window of 1 packet, L=5 R=1: no spreading",
  expectedRuntime: "1 s",
  scenarios: (seed) => [santosScenario(fig2bParams, seed)],
  async run({ seed, scenarioRunner }) {
    const run = await runSantosWith(scenarioRunner, fig2bParams, seed);
    const { victimRate, islUtil, remoteRate, rootUtil } = santosSummary(run);
    const summary = { victimRate, islUtil, remoteRate, rootUtil };
    return {
      params: fig2bParams,
      fingerprint: fingerprintOf([run.result]),
      summary,
      checks: fig2bChecks(summary),
      charts: [santosTimePlot("santos2002-fig2b", "Window of 1 packet (L=5, R=1)", run)],
    };
  },
  judge(summary) {
    const s = summaryNumbers(summary, windowOneKeys);
    return s === undefined ? undefined : fig2bChecks(s);
  },
};

/** The summary and claims of santos2002-fig3a (claims C3c.* of the spec) for a run of `fig3aParams` (with any `outputOrder`). */
export function fig3aOutcome(run: SantosRun): { summary: Record<string, number>; checks: Check[] } {
  const { victimRate, islUtil, remoteRate, rootUtil } = santosSummary(run);
  const summary = { victimRate, islUtil, remoteRate, rootUtil };
  return { summary, checks: fig3aChecks(summary) };
}

/**
 * santos-2002 Fig. 3(a) (santos-fig3c, its name in the spec): with L=5, R=5 a window of 1 no
 * longer prevents spreading.
 */
export const santosFig3a: Preset = {
  name: "santos2002-fig3a",
  description: "santos-2002 Fig. 3(a): window of 1 packet, L=5 R=5: spreading persists",
  expectedRuntime: "1 s",
  scenarios: (seed) => [santosScenario(fig3aParams, seed)],
  async run({ seed, scenarioRunner }) {
    const run = await runSantosWith(scenarioRunner, fig3aParams, seed);
    const { summary, checks } = fig3aOutcome(run);
    return {
      params: fig3aParams,
      fingerprint: fingerprintOf([run.result]),
      summary,
      checks,
      charts: [santosTimePlot("santos2002-fig3a", "Window of 1 packet (L=5, R=5)", run)],
    };
  },
  judge(summary) {
    const s = summaryNumbers(summary, windowOneKeys);
    return s === undefined ? undefined : fig3aChecks(s);
  },
};

/** santos-2002 Fig. 3(b) (santos-fig3d, its name in the spec): manually set rate limits restore the ideal rates. */
export const santosFig3b: Preset = {
  name: "santos2002-fig3b",
  description: "santos-2002 Fig. 3(b): window 1 + fixed rate limits, L=5 R=5: ideal rates",
  expectedRuntime: "1 s",
  scenarios: (seed) => [santosScenario(fig3bParams, seed), santosScenario(fig3aParams, seed)],
  async run({ seed, scenarioRunner }) {
    const run = await runSantosWith(scenarioRunner, fig3bParams, seed);
    const s = santosSummary(run);
    const cRun = await runSantosWith(scenarioRunner, fig3aParams, seed);
    const c = santosSummary(cRun);
    return {
      params: fig3bParams,
      fingerprint: fingerprintOf([run.result, cRun.result]),
      summary: s,
      checks: [
        check.all("C3d.1", "victimRate (45-55 ms)", s.victimRate, [
          { text: ">= 0.38", pass: s.victimRate >= 0.38 },
          {
            text: `>= victimRate(santos2002-fig3a) + 0.15 = ${(c.victimRate + 0.15).toFixed(4)}`,
            pass: s.victimRate >= c.victimRate + 0.15,
          },
        ]),
        check.all("C3d.2", "localRate (aggregate, 45-55 ms), and remoteRate", s.localRate, [
          { text: "localRate in [0.45, 0.52]", pass: s.localRate >= 0.45 && s.localRate <= 0.52 },
          {
            text: `remoteRate (${s.remoteRate}) in [0.45, 0.52]`,
            pass: s.remoteRate >= 0.45 && s.remoteRate <= 0.52,
          },
        ]),
        check.atLeast("C3d.3", "rootUtil (20-100 ms)", s.rootUtil, 0.95),
        check.all("C3d.4", "islUtil (45-55 ms)", s.islUtil, [
          { text: ">= 0.88", pass: s.islUtil >= 0.88 },
          {
            text: `>= islUtil(santos2002-fig3a) + 0.15 = ${(c.islUtil + 0.15).toFixed(4)}`,
            pass: s.islUtil >= c.islUtil + 0.15,
          },
        ]),
      ],
      charts: [santosTimePlot("santos2002-fig3b", "Window of 1 packet + fixed rate limits (L=5, R=5)", run)],
    };
  },
};
