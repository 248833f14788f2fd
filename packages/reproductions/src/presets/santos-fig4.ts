/**
 * santos-2002 Fig. 4: marking policies compared, L=10, R=10, buffer 4 packets, LIPD
 * response with a window of 1, 100 ms, victim active 40-60 ms.
 */
import type { ScenarioInput } from "@losslab/scenario";
import type { OutputOrder } from "@losslab/switch";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type PresetResult, type SummaryValue } from "../preset.js";
import { runSantosWith, type SantosParams, type SantosRun, santosScenario, santosTimePlot } from "./santos-scenario.js";

const lipd: ScenarioInput["controller"] = { kind: "per-ack", response: "lipd", window: 1 };

/** The scenario of Fig. 4 with `marking`; `outputOrder` only to compare the switch's output orders (README). */
export const fig4Params = (marking: ScenarioInput["marking"], outputOrder?: OutputOrder): SantosParams => ({
  local: 10,
  remote: 10,
  durationMs: 100,
  victimMs: [40, 60],
  bufferPackets: 4,
  marking,
  controller: lipd,
  ...(outputOrder === undefined ? {} : { outputOrder }),
});

export const fig4Markings = {
  a: { kind: "naive" },
  b: { kind: "input-triggered" },
  c: { kind: "input-output-triggered", outputThreshold: 4 },
  d: { kind: "input-output-triggered", outputThreshold: 8 },
} as const;
type Variant = keyof typeof fig4Markings;

/** The summary keys of the spec: localShare and rootUtil over 20-100 ms, victimRate and islUtil over 45-55 ms. */
export function fig4Summary({ result }: SantosRun) {
  const root = result.rate("link:B->BC", 20, 100);
  return {
    localShare: round(result.rate("group:local", 20, 100) / root),
    rootUtil: round(root),
    victimRate: round(result.rate("group:victim", 45, 55)),
    islUtil: round(result.rate("link:A->B", 45, 55)),
  };
}

type Summary = ReturnType<typeof fig4Summary>;

/** The variants each variant's claims compare with, in the order its preset runs them after its own. */
export const comparedWith: Readonly<Record<Variant, readonly Variant[]>> = { a: [], b: ["a"], c: ["b", "d"], d: ["b"] };
const fairness = (s: Summary) => Math.abs(s.localShare - 0.5);

/**
 * The claims of variant `variant`, from its summary and the summaries of the variants it
 * compares with (`comparedWith`), in that order, run with the same output order.
 */
export function fig4Checks(variant: Variant, s: Summary, compared: readonly Summary[]): Check[] {
  const other = (v: Variant) => {
    const summary = compared[comparedWith[variant].indexOf(v)];
    if (summary === undefined) throw new Error(`santos2002-fig4${variant}'s claims need Fig. 4(${v})'s summary`);
    return summary;
  };
  switch (variant) {
    case "a":
      return [
        check.atLeast("C4a.1", "localShare (20-100 ms)", s.localShare, 0.8),
        check.atLeast("C4a.2", "victimRate (45-55 ms)", s.victimRate, 0.35),
      ];
    case "b": {
      const a = other("a");
      return [
        check.atMost(
          "C4b.1",
          "localShare (20-100 ms)",
          s.localShare,
          a.localShare - 0.1,
          `localShare(4a) - 0.1 = ${round(a.localShare - 0.1)}`,
        ),
        check.atLeast("C4b.2", "victimRate (45-55 ms)", s.victimRate, 0.35),
        check.atLeast("C4b.3", "rootUtil (20-100 ms)", s.rootUtil, 0.9),
      ];
    }
    case "c": {
      const b = other("b");
      const d = other("d");
      return [
        check.below(
          "C4c.1",
          "abs(localShare - 0.5)",
          round(fairness(s)),
          fairness(b),
          `abs(localShare(4b) - 0.5) = ${round(fairness(b))}`,
        ),
        check.below("C4c.2", "rootUtil (20-100 ms)", s.rootUtil, d.rootUtil, `rootUtil(4d) = ${d.rootUtil}`),
      ];
    }
    case "d": {
      const b = other("b");
      return [
        check.atMost(
          "C4d.1",
          "abs(localShare - 0.5)",
          round(fairness(s)),
          fairness(b),
          `abs(localShare(4b) - 0.5) = ${round(fairness(b))}`,
        ),
        check.atLeast("C4d.2", "rootUtil (20-100 ms)", s.rootUtil, 0.9),
        check.atLeast("C4d.3", "victimRate (45-55 ms)", s.victimRate, 0.35),
      ];
    }
  }
}

const titles: Record<Variant, string> = {
  a: "naive marking (mark the packets in a full buffer)",
  b: "input-triggered marking",
  c: "input-output-triggered marking, output threshold 4",
  d: "input-output-triggered marking, output threshold 8",
};

function fig4Preset(variant: Variant): Preset {
  const name = `santos2002-fig4${variant}`;
  return {
    name,
    description: `santos-2002 Fig. 4(${variant}): ${titles[variant]}, L=10 R=10, LIPD`,
    expectedRuntime: variant === "a" ? "1 s" : "2 s",
    scenarios: (seed) =>
      [variant, ...comparedWith[variant]].map((v) => santosScenario(fig4Params(fig4Markings[v]), seed)),
    async run({ seed, scenarioRunner }): Promise<PresetResult> {
      const params = fig4Params(fig4Markings[variant]);
      const runs: SantosRun[] = [];
      for (const v of [variant, ...comparedWith[variant]]) {
        runs.push(await runSantosWith(scenarioRunner, fig4Params(fig4Markings[v]), seed));
      }
      const [run, ...others] = runs as [SantosRun, ...SantosRun[]];
      const summary = fig4Summary(run);
      const checks = fig4Checks(variant, summary, others.map(fig4Summary));
      return {
        params,
        fingerprint: fingerprintOf(runs.map(({ result }) => result)),
        summary,
        checks,
        charts: [santosTimePlot(name, `Fig. 4(${variant}): ${titles[variant]} (L=10, R=10, LIPD)`, run)],
      };
    },
    // Fig. 4(a)'s claims need its own summary only; the others compare with other variants' runs.
    ...(variant === "a"
      ? {
          judge(summary: Record<string, SummaryValue>) {
            const s = summaryNumbers(summary, ["localShare", "rootUtil", "victimRate", "islUtil"]);
            return s === undefined ? undefined : fig4Checks("a", s, []);
          },
        }
      : {}),
  };
}

export const santosFig4a = fig4Preset("a");
export const santosFig4b = fig4Preset("b");
export const santosFig4c = fig4Preset("c");
export const santosFig4d = fig4Preset("d");
