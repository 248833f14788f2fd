/**
 * docs/spec/collectives.md, ring-allreduce-bound: a ring all-reduce over the 16 hosts of an
 * idle k = 4 fat tree completes within 5 % of the model T_ring (bandwidth term with the ACKs'
 * share of the host links, plus the latency of the longest chain of dependent flows).
 */
import type { ScenarioInput } from "@losslab/scenario";
import { completionChart } from "../charts/completion-chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type SummaryValue } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import {
  allHosts,
  collectiveOf,
  collectiveScenario,
  effectiveRate,
  ringModelUs,
  runNumbers,
  stepsChart,
} from "./collective-scenario.js";

/** The sizes S, multiples of 16 ranks x 1000 B of payload. */
const sizes = [160_000, 640_000, 2_560_000, 10_240_000] as const;
const ranks = allHosts.length;

/** The bandwidth bound 2(n - 1)/n S / B_eff, us. */
const boundUs = (bytes: number) => ((2 * (ranks - 1)) / ranks) * (bytes / effectiveRate) * 1e6;

const key = (bytes: number) => `S${bytes}`;

function scenario(bytes: number, seed: number): ScenarioInput {
  // Twice the model, in whole ms: room for a ring that runs slower than it.
  const durationMs = Math.ceil((2 * ringModelUs(allHosts, bytes)) / 1000);
  return collectiveScenario({
    name: `ring-allreduce-bound S=${bytes}`,
    seed,
    durationMs,
    traffic: [{ kind: "ring-allreduce", name: "ring", bytes }],
  });
}

/** RB.1-RB.4: each size's completion within 5 % of the model. */
function ringChecks(ratios: ReadonlyArray<number | null>): Check[] {
  return sizes.map((bytes, i) => {
    const ratio = ratios[i] ?? Number.NaN;
    return check.within(`RB.${i + 1}`, `S = ${bytes} B: completion / T_ring (the model)`, ratio, 0.95, 1.05);
  });
}

function ratiosOf(summary: Record<string, SummaryValue>): Array<number | null> | undefined {
  const ratios: Array<number | null> = [];
  for (const bytes of sizes) {
    const numbers = summaryNumbers(summary[key(bytes)], ["ratio"], ["ratio"]);
    if (numbers === undefined) return undefined;
    ratios.push(numbers.ratio);
  }
  return ratios;
}

/** The ring all-reduce's completion time against its size, on the idle fat tree, against the model. */
export const ringAllreduceBound: Preset = {
  name: "ring-allreduce-bound",
  description:
    "ring all-reduce over 16 hosts of an idle k=4 fat tree (25 Gb/s): completion within 5 % of the model, S = 160 KB..10 MB",
  expectedRuntime: "8 s",
  scenarios: (seed) => sizes.map((bytes) => scenario(bytes, seed)),
  async run(context) {
    const results = await runScenarios(
      sizes.map((bytes) => ({ label: `S = ${bytes} B`, scenario: scenario(bytes, context.seed) })),
      context,
    );
    const summary: Record<string, SummaryValue> = {};
    sizes.forEach((bytes, i) => {
      const numbers = runNumbers(collectiveOf(results[i]!, "ring"));
      const modelUs = ringModelUs(allHosts, bytes);
      summary[key(bytes)] = {
        ...numbers,
        modelUs: round(modelUs),
        boundUs: round(boundUs(bytes)),
        ratio: numbers.completionUs === null ? null : round(numbers.completionUs / modelUs),
        pauseFrames: results[i]!.pause?.frames ?? 0,
      };
    });
    const largest = collectiveOf(results[sizes.length - 1]!, "ring")?.runs[0];
    return {
      params: { ranks, sizes, hosts: "H0..H15 (rank i on Hi)" },
      fingerprint: fingerprintOf(results),
      summary,
      checks: ringChecks(ratiosOf(summary)!),
      charts: [
        completionChart({
          name: "ring-allreduce-bound",
          title: "Ring all-reduce, 16 ranks, idle k=4 fat tree (25 Gb/s): completion against size",
          measured: [
            {
              name: "measured",
              points: sizes.flatMap((bytes, i): Array<[number, number]> => {
                const time = collectiveOf(results[i]!, "ring")?.runs[0]?.completionUs;
                return time === undefined ? [] : [[bytes, round(time)]];
              }),
            },
          ],
          lines: [
            {
              name: "model T_ring",
              points: sizes.map((bytes): [number, number] => [bytes, round(ringModelUs(allHosts, bytes))]),
            },
            {
              name: "bandwidth bound 2(n-1)/n S/B_eff",
              points: sizes.map((bytes): [number, number] => [bytes, round(boundUs(bytes))]),
            },
          ],
        }),
        stepsChart(
          "ring-allreduce-bound-steps",
          `Ring all-reduce, S = ${sizes[sizes.length - 1]} B: each step's time`,
          [{ name: "S = 10.24 MB", stepsUs: largest?.stepsUs ?? [] }],
        ),
      ],
    };
  },
  judge(summary) {
    const ratios = ratiosOf(summary);
    return ratios === undefined ? undefined : ringChecks(ratios);
  },
};
