/**
 * docs/spec/collectives.md, all-to-all-ecmp: an all-to-all over the 16 hosts of a k = 4 fat
 * tree with ECMP is slower than the host links' bound by what flow collisions on the fabric's
 * links cost; `staggered` (one peer per step) more than `direct` (all peers at once).
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
  firstPacketNs,
  linksBetween,
  PAYLOAD,
  packetSpacingNs,
  runNumbers,
} from "./collective-scenario.js";

/** S per rank: chunks of 25 and 100 packets. */
const sizes = [400_000, 1_600_000] as const;
const schedules = ["direct", "staggered"] as const;
type Schedule = (typeof schedules)[number];
const n = allHosts.length;

/**
 * The bound (spec, "Why these thresholds"): the host links' share (n - 1)/n S / B_eff plus
 * one first packet across pods (direct), or the latency of a rank's 15 sequential steps, the
 * largest over ranks (staggered), us.
 */
function boundUs(schedule: Schedule, bytes: number): number {
  const share = (((n - 1) / n) * bytes * 1e6) / effectiveRate;
  if (schedule === "direct") return share + firstPacketNs(6) / 1000;
  // Each step is a flow of m packets: the bandwidth term counts m - 1 spacings per step, the latency f(h) per step.
  const m = Math.ceil(bytes / n / PAYLOAD);
  let latency = 0;
  for (const rank of allHosts) {
    let chain = 0;
    for (let offset = 1; offset < n; offset++) chain += firstPacketNs(linksBetween(rank, (rank + offset) % n));
    latency = Math.max(latency, chain);
  }
  return ((n - 1) * (m - 1) * packetSpacingNs + latency) / 1000;
}

const key = (schedule: Schedule, bytes: number) => `${schedule}${bytes}`;
const grid = schedules.flatMap((schedule) => sizes.map((bytes) => ({ schedule, bytes })));

function scenario(schedule: Schedule, bytes: number, seed: number): ScenarioInput {
  return collectiveScenario({
    name: `all-to-all-ecmp ${schedule} S=${bytes}`,
    seed,
    // 4 x the bound, in whole ms: room for collisions.
    durationMs: Math.ceil((4 * boundUs(schedule, bytes)) / 1000),
    traffic: [{ kind: "all-to-all", name: "a2a", bytes, schedule }],
  });
}

interface RatioNumbers {
  direct: number;
  staggered: number;
}

/** AA.1-AA.3, on the 1.6 MB runs. */
function allToAllChecks({ direct, staggered }: RatioNumbers): Check[] {
  return [
    check.within("AA.1", "direct, S = 1.6 MB: completion / bound", direct, 1.05, 1.6),
    check.within("AA.2", "staggered, S = 1.6 MB: completion / bound", staggered, 1.3, 2.5),
    {
      id: "AA.3",
      claim: "S = 1.6 MB: staggered's ratio, against direct's",
      value: round(staggered),
      expected: `> direct's = ${round(direct)}`,
      pass: staggered > direct,
    },
  ];
}

function ratiosOf(summary: Record<string, SummaryValue>): RatioNumbers | undefined {
  const direct = summaryNumbers(summary[key("direct", 1_600_000)], ["ratio"]);
  const staggered = summaryNumbers(summary[key("staggered", 1_600_000)], ["ratio"]);
  return direct === undefined || staggered === undefined
    ? undefined
    : { direct: direct.ratio, staggered: staggered.ratio };
}

/** All-to-all under ECMP: the collision loss against the host links' bound. */
export const allToAllEcmp: Preset = {
  name: "all-to-all-ecmp",
  description:
    "all-to-all over 16 hosts of a k=4 fat tree with ECMP (25 Gb/s), direct and staggered: the loss to flow collisions",
  expectedRuntime: "10 s",
  scenarios: (seed) => grid.map(({ schedule, bytes }) => scenario(schedule, bytes, seed)),
  async run(context) {
    const results = await runScenarios(
      grid.map(({ schedule, bytes }) => ({
        label: `${schedule} S = ${bytes} B`,
        scenario: scenario(schedule, bytes, context.seed),
      })),
      context,
    );
    const summary: Record<string, SummaryValue> = {};
    grid.forEach(({ schedule, bytes }, i) => {
      const numbers = runNumbers(collectiveOf(results[i]!, "a2a"));
      const bound = boundUs(schedule, bytes);
      summary[key(schedule, bytes)] = {
        ...numbers,
        boundUs: round(bound),
        ratio: numbers.completionUs === null ? null : round(numbers.completionUs / bound),
        pauseFrames: results[i]!.pause?.frames ?? 0,
      };
    });
    const points = (schedule: Schedule) =>
      sizes.flatMap((bytes): Array<[number, number]> => {
        const time = collectiveOf(results[grid.findIndex((p) => p.schedule === schedule && p.bytes === bytes)]!, "a2a")
          ?.runs[0]?.completionUs;
        return time === undefined ? [] : [[bytes, round(time)]];
      });
    const ratios = ratiosOf(summary);
    return {
      params: { ranks: n, sizes, schedules, hosts: "H0..H15 (rank i on Hi)", routing: "ECMP by flow hash" },
      fingerprint: fingerprintOf(results),
      summary,
      checks:
        ratios === undefined ? allToAllChecks({ direct: Number.NaN, staggered: Number.NaN }) : allToAllChecks(ratios),
      charts: [
        completionChart({
          name: "all-to-all-ecmp",
          title: "All-to-all, 16 ranks, k=4 fat tree with ECMP (25 Gb/s): completion against size",
          measured: schedules.map((schedule) => ({ name: schedule, points: points(schedule) })),
          lines: schedules.map((schedule) => ({
            name: `bound, ${schedule}`,
            points: sizes.map((bytes): [number, number] => [bytes, round(boundUs(schedule, bytes))]),
          })),
        }),
      ],
    };
  },
  judge(summary) {
    const ratios = ratiosOf(summary);
    return ratios === undefined ? undefined : allToAllChecks(ratios);
  },
};
