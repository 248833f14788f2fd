import { RngStreams } from "@losslab/engine";
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type PresetContext } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import { datacenterSwitch, hpccArtifact } from "./datacenter-switch.js";
import {
  bdpPackets,
  fatTreeNetworkRttUs,
  htsimFailedLink,
  nsccWithTrimming,
  oneMessage,
  uecEcnRamp,
  uecLink,
  uecPackets,
  wireBytes,
} from "./uec-scenario.js";

/**
 * docs/spec/uec.md sec. 7, "uec-permutation" (UE.1-UE.7): ECMP against oblivious spraying, REPS
 * and switch adaptive routing on a permutation of a 3-tier K 8 fat tree (128 hosts, 100 Gb/s,
 * 1 us links), every host sending 2 MB to its image at t = 0, NSCC on a trimming class; then
 * oblivious spraying and REPS again with one core-to-aggregation link degraded to 25 %.
 */
const setup = { k: 8, messageBytes: 2_000_000, durationMs: 6, entropies: 128, matrixSeed: 13 } as const;
const hosts = setup.k ** 3 / 4;

/** The degraded link of UE.6 and UE.7: uet-htsim's `-failed 1` (core 0 -> pod 0's first aggregation switch at 25 %). */
const degradedLink = htsimFailedLink;

const schemes = ["ecmp", "oblivious", "reps", "ar", "oblivious-degraded", "reps-degraded"] as const;
type Scheme = (typeof schemes)[number];

/**
 * The permutation: a derangement of the 128 hosts (Fisher-Yates, drawn again until no host maps
 * to itself) from the stream `uec-permutation` of seed 13, fixed whatever the run's seed, as
 * uet-htsim's plans read one matrix file. Not `gen_permutation.py 128 128 2000000 0 13`'s output
 * (Python's generator is not losslab's): the same kind of matrix, another draw.
 */
function permutation(): number[] {
  const stream = new RngStreams(setup.matrixSeed).stream("uec-permutation");
  const images = Array.from({ length: hosts }, (_, i) => i);
  for (;;) {
    for (let i = images.length - 1; i > 0; i--) {
      const j = stream.uniformInt(0, i);
      [images[i], images[j]] = [images[j]!, images[i]!];
    }
    if (images.every((image, host) => image !== host)) return images;
  }
}

/** NSCC as uet-htsim runs it with trimming: ECN ramp 9-35 packets, target 0.75 x network_rtt (14.02 us). */
const networkRttUs = fatTreeNetworkRttUs;
const nsccFields: Pick<ScenarioInput, "marking" | "controller"> = {
  marking: uecEcnRamp(bdpPackets(networkRttUs, uecLink.bandwidth, uecPackets.dataBytes), uecPackets.dataBytes),
  controller: nsccWithTrimming(networkRttUs),
};

/**
 * The load balancing of `scheme`: one EV per flow, oblivious or REPS over 128 EVs (the plans'
 * `-paths 128`), or per-packet switch AR; the `-degraded` runs with `degradedLink`.
 */
function balancing(scheme: Scheme): Pick<ScenarioInput, "multipath" | "adaptiveRouting" | "degradedLinks"> {
  switch (scheme) {
    case "ecmp":
      return { multipath: { kind: "ecmp" } };
    case "oblivious":
      return { multipath: { kind: "oblivious", entropies: setup.entropies } };
    case "reps":
      return { multipath: { kind: "reps", entropies: setup.entropies } };
    case "ar":
      return { multipath: { kind: "ecmp" }, adaptiveRouting: "queue" };
    case "oblivious-degraded":
      return { ...balancing("oblivious"), degradedLinks: [degradedLink] };
    case "reps-degraded":
      return { ...balancing("reps"), degradedLinks: [degradedLink] };
  }
}

const flowGroup = (host: number) => `H${host}`;

/**
 * The permutation (or, `alone`, only host 0's flow: T1) under `scheme`, on the datacenter
 * presets' shared buffer scaled to 100 Gb/s with priority 0 lossy (trimmed over uet-htsim's
 * 1-BDP queue, the switch's default threshold).
 */
export function uecPermutationScenario(scheme: Scheme, seed: number, alone = false): ScenarioInput {
  const images = permutation();
  const senders = alone ? [0] : images.map((_, host) => host);
  // A PAUSE toward the degraded link's sender waits behind a frame serialised at 25 %: the
  // inputs at its far end need two more frames of PFC headroom (the switch's headroom rule),
  // though no priority here pauses (priority 0 is lossy).
  const degraded = scheme.endsWith("-degraded");
  const headroom = 2 * uecPackets.dataBytes;
  const sw = datacenterSwitch("shared-buffer", {
    inputBufferBytes: 320_000,
    outputBufferBytes: 0,
    profile: hpccArtifact(100),
    ports: setup.k,
  });
  return {
    name: `uec-permutation ${alone ? "one flow alone" : scheme}`,
    seed,
    durationMs: setup.durationMs,
    topology: { kind: "fat-tree", k: setup.k, ...uecLink },
    switch: {
      ...sw!,
      lossyPriorities: [0],
      ...(degraded
        ? { inputBufferBytes: (sw as unknown as { inputBufferBytes: number }).inputBufferBytes + headroom }
        : {}),
    },
    packets: uecPackets,
    ...nsccFields,
    ...balancing(scheme),
    traffic: senders.map((host) =>
      oneMessage(flowGroup(host), `H${host}`, `H${images[host]}`, setup.messageBytes, setup.durationMs),
    ),
  };
}

/** Each flow's completion time, us (null: not finished). */
const flowTimes = (result: ScenarioResult, senders: number) =>
  Array.from({ length: senders }, (_, host) => result.completions[flowGroup(host)]?.maxUs ?? null);

function permutationSummary(result: ScenarioResult) {
  const times = flowTimes(result, hosts);
  const done = times.filter((time): time is number => time !== null);
  const all = done.length === hosts;
  const rates = done.map((time) => (wireBytes(setup.messageBytes) * 1e6) / (time * uecLink.bandwidth));
  const sorted = [...done].sort((a, b) => a - b);
  return {
    finished: done.length,
    tailUs: all ? round(Math.max(...done)) : null,
    medianUs: done.length === 0 ? null : round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    meanRate: all ? round(rates.reduce((a, b) => a + b) / rates.length) : null,
    trimmed: result.recovery?.total.trimmed ?? 0,
    timeouts: result.recovery?.total.timeouts ?? 0,
    reorderMaxPackets: result.reorder?.all.maxPackets ?? 0,
  };
}

const runKeys = ["tailUs", "meanRate"] as const;
type RunNumbers = { tailUs: number | null; meanRate: number | null };
interface PermutationNumbers {
  t1Us: number | null;
  runs: Record<Scheme, RunNumbers>;
}

/** The claims UE.1-UE.7 of docs/spec/uec.md sec. 7. */
function permutationChecks({ t1Us, runs }: PermutationNumbers): Check[] {
  const tailAtMost = (id: string, scheme: Scheme) => {
    const tail = runs[scheme].tailUs;
    const bound = t1Us === null ? null : 1.25 * t1Us;
    return check.all(id, `${scheme}: tail FCT (us)`, tail, [
      {
        text: `<= 1.25 x T1 = ${bound === null ? "n/a" : round(bound)}`,
        pass: tail !== null && bound !== null && tail <= bound,
      },
    ]);
  };
  const ecmpTail = runs.ecmp.tailUs;
  const { meanRate: ecmpRate } = runs.ecmp;
  const { meanRate: obliviousRate } = runs.oblivious;
  const repsDegraded = runs["reps-degraded"].tailUs;
  const obliviousDegraded = runs["oblivious-degraded"].tailUs;
  return [
    tailAtMost("UE.1", "oblivious"),
    check.all("UE.2", "ecmp: tail FCT (us)", ecmpTail, [
      {
        text: `>= 2 x T1 = ${t1Us === null ? "n/a" : round(2 * t1Us)}`,
        pass: ecmpTail !== null && t1Us !== null && ecmpTail >= 2 * t1Us,
      },
    ]),
    check.all(
      "UE.3",
      "mean flow rate(ecmp) / mean flow rate(oblivious)",
      ecmpRate === null || obliviousRate === null ? null : ecmpRate / obliviousRate,
      [{ text: "<= 0.8", pass: ecmpRate !== null && obliviousRate !== null && ecmpRate <= 0.8 * obliviousRate }],
    ),
    tailAtMost("UE.4", "reps"),
    tailAtMost("UE.5", "ar"),
    check.all(
      "UE.6",
      "degraded link: tail(reps) / tail(oblivious)",
      repsDegraded === null || obliviousDegraded === null ? null : repsDegraded / obliviousDegraded,
      [
        {
          text: "<= 0.9",
          pass: repsDegraded !== null && obliviousDegraded !== null && repsDegraded <= 0.9 * obliviousDegraded,
        },
      ],
    ),
    check.all("UE.7", "degraded link: reps's tail FCT (us)", repsDegraded, [
      {
        text: `<= 1.4 x T1 = ${t1Us === null ? "n/a" : round(1.4 * t1Us)}`,
        pass: repsDegraded !== null && t1Us !== null && repsDegraded <= 1.4 * t1Us,
      },
    ]),
  ];
}

function permutationNumbers(summary: Record<string, unknown>): PermutationNumbers | undefined {
  const alone = summaryNumbers(summary.alone, ["t1Us"], ["t1Us"]);
  const runs = schemes.map((scheme) => summaryNumbers(summary[scheme], runKeys, runKeys));
  if (alone === undefined || runs.some((run) => run === undefined)) return undefined;
  return {
    t1Us: alone.t1Us,
    runs: Object.fromEntries(schemes.map((scheme, i) => [scheme, runs[i]!])) as Record<Scheme, RunNumbers>,
  };
}

/** Each scheme's completion times, sorted: the CDF of the permutation's flows. */
function fctChart(results: Record<Scheme, ScenarioResult>, t1Us: number | null): Chart {
  return {
    name: "uec-permutation-fct",
    title: `K 8 permutation of 2 MB: completion times (T1 = ${t1Us === null ? "n/a" : round(t1Us)} us)`,
    xLabel: "flow completion time (us)",
    yLabel: "fraction of flows finished",
    yDomain: [0, 1],
    series: schemes.map((scheme) => {
      const times = flowTimes(results[scheme], hosts)
        .filter((time): time is number => time !== null)
        .sort((a, b) => a - b);
      const points = times.map((time, i): [number, number] => [round(time), round((i + 1) / hosts)]);
      // The runs with the degraded link dashed, beside the healthy ones.
      return { name: scheme, points, ...(scheme.endsWith("-degraded") ? { dashed: true } : {}) };
    }),
  };
}

async function runAll(context: PresetContext) {
  const [alone, ...runs] = await runScenarios(
    [
      { label: "one flow alone", scenario: uecPermutationScenario("ecmp", context.seed, true) },
      ...schemes.map((scheme) => ({ label: scheme, scenario: uecPermutationScenario(scheme, context.seed) })),
    ],
    context,
  );
  const results = Object.fromEntries(schemes.map((scheme, i) => [scheme, runs[i]!])) as Record<Scheme, ScenarioResult>;
  return { alone: alone!, results };
}

/** ECMP, oblivious spraying, REPS and switch AR on a fat-tree permutation, healthy and with a degraded link (docs/spec/uec.md sec. 7, UE.1-UE.7). */
export const uecPermutation: Preset = {
  name: "uec-permutation",
  description:
    "Ultra Ethernet load balancing: ECMP, oblivious spraying, REPS and switch AR on a 128-host permutation of 2 MB (K 8, 100 Gb/s, NSCC, trimming), and spraying and REPS with a core link at 25 %",
  expectedRuntime: "~12 s",
  scenarios: (seed) => [
    uecPermutationScenario("ecmp", seed, true),
    ...schemes.map((scheme) => uecPermutationScenario(scheme, seed)),
  ],
  async run(context) {
    const { alone, results } = await runAll(context);
    const t1 = alone.completions[flowGroup(0)]?.maxUs;
    const t1Us = t1 === undefined ? null : round(t1);
    const summary = {
      alone: { t1Us },
      ...Object.fromEntries(schemes.map((scheme) => [scheme, permutationSummary(results[scheme])])),
    };
    const numbers = permutationNumbers(summary);
    return {
      params: {
        ...setup,
        hosts,
        schemes,
        degradedLink,
        networkRttUs: round(networkRttUs),
        permutation: permutation(),
      },
      fingerprint: fingerprintOf([alone, ...schemes.map((scheme) => results[scheme])]),
      summary,
      checks: numbers === undefined ? [] : permutationChecks(numbers),
      charts: [fctChart(results, t1Us)],
    };
  },
  judge(summary) {
    const numbers = permutationNumbers(summary);
    return numbers === undefined ? undefined : permutationChecks(numbers);
  },
};
