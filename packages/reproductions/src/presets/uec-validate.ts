/**
 * docs/spec/uec.md sec. 6-7: uet-htsim's validation plans as presets, each line run on the same
 * fabric, matrix and parameters as uet-htsim runs it (dc/main_uec.cpp's defaults: 100 Gb/s,
 * 1 us per hop, 4150 B packets with a 64 B header, trimming queues of one BDP, ECN from 20 % to
 * 80 % of it, `mixed` multipath over 64 entropies unless `-paths`), judged against the plan's
 * tail-FCT target (UV.*), its flow count (UE.H1) and uet-htsim's recorded tail (UE.H2).
 */
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import { type FlowMatrix, formatConnectionMatrix } from "@losslab/traffic";
import type { Chart } from "../charts/chart.js";
import { round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type SummaryValue } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import { htsimFailedLink } from "./uec-scenario.js";
import { type LineFabric, type Plan, type PlanLine, planLines } from "./uec-validate-lines.js";

const packets = { dataBytes: 4150, headerBytes: 64, ackBytes: 64, wireOverheadBytes: 0 } as const;
/** 100 Gb/s in bytes per second (main.h:9, HOST_NIC). */
const bandwidth = 12.5e9;
/** Every hop's latency, ns (`-hop_latency`, default 1 us). */
const hopNs = 1000;
/** Hosts per leaf of the oversubscribed leaf-spines (leaf_spine_1024_oversub*.topo: Radix_Down 32). */
const HOSTS_PER_LEAF = 32;
/** UE.H2's band around uet-htsim's recorded tail (docs/spec/uec.md sec. 7, a choice). */
const HTSIM_BAND = 0.1;

/** Links between the farthest hosts: 6 on a 3-tier fat tree, 4 on a leaf-spine. */
const diameter = (fabric: LineFabric): number => (fabric.kind === "fat-tree" ? 6 : 4);

/**
 * uet-htsim's network_rtt (`calculate_rtt`, dc/main_uec.cpp:51-60): twice the diameter's latency
 * plus a data packet and an ACK serialised on each of its hops, ps.
 */
export function networkRttPs(fabric: LineFabric): number {
  const hops = diameter(fabric);
  const serialisePs = ((packets.dataBytes + packets.ackBytes) * 1e12) / bandwidth;
  return 2 * hops * hopNs * 1000 + hops * serialisePs;
}

/** One BDP in whole packets, rounded up (`calculate_bdp_pkt`, dc/main_uec.cpp:62-66): the trimming queue. */
const bdpPackets = (fabric: LineFabric): number =>
  Math.ceil((networkRttPs(fabric) / 1e12) * (bandwidth / packets.dataBytes));

/** A line's topology: uet-htsim's fat tree of radix k, or a 2-tier leaf-spine of 32 hosts and `uplinks` spines, ECMP over them as htsim's. */
function topologyOf(fabric: LineFabric): ScenarioInput["topology"] {
  if (fabric.kind === "fat-tree") return { kind: "fat-tree", k: fabric.k, bandwidth, delayNs: hopNs };
  return {
    kind: "spine-leaf",
    leaves: 1024 / HOSTS_PER_LEAF,
    spines: fabric.uplinks,
    hostsPerLeaf: HOSTS_PER_LEAF,
    uplinks: "ecmp",
    bandwidth,
    delayNs: hopNs,
  };
}

/** The group of a line's flow with its own bound (#7's Uec_1_0); every other flow is in "matrix". */
const FLOW_GROUP = "flow";
const MATRIX_GROUP = "matrix";

/** The matrix as one or two `htsim-matrix` entries: the flow with its own target apart. */
function trafficOf(line: PlanLine, matrix: FlowMatrix): ScenarioInput["traffic"] {
  const target = line.flowTarget;
  const own = (f: FlowMatrix["flows"][number]) =>
    target !== undefined && f.source === target.source && f.destination === target.destination;
  const parts: Array<[string, FlowMatrix["flows"]]> = [[MATRIX_GROUP, matrix.flows.filter((f) => !own(f))]];
  if (target !== undefined) parts.push([FLOW_GROUP, matrix.flows.filter(own)]);
  return parts.map(([group, flows]) => ({
    kind: "htsim-matrix" as const,
    name: group,
    group,
    text: formatConnectionMatrix({ nodes: matrix.nodes, flows }),
  }));
}

/**
 * RCCC as uet-htsim runs it: with RCCC alone on an oversubscribed topology (the leaf-spines,
 * 32 hosts over `uplinks`), its OversubscribedCC too, down to 0.9 / the ratio of the line rate
 * (dc/main_uec.cpp:688-692; oversubscribed_cc.h:43-48).
 */
function receiverCredits(plan: Plan, fabric: LineFabric) {
  if (plan !== "rcv" || fabric.kind !== "leaf-spine") return {};
  return { oversubscribed: { minRate: Math.max(0.01, 0.9 / (HOSTS_PER_LEAF / fabric.uplinks)) } };
}

/**
 * A line of plan `plan` as a scenario. The switch is losslab's shared-buffer switch with
 * priority 0 lossy: a packet over one BDP in its egress queue is trimmed (compositequeue.cpp),
 * the pool large enough never to refuse first. ECN is RED at egress from 20 % to 80 % of the
 * BDP, off on ports to hosts when receivers pull (R, B; dc/main_uec.cpp:708). NSCC's
 * network_rtt is uet-htsim's, its target 0.75 of it (trimming, uec.cpp:104-112). Lines with
 * `-failed 1` (#9, #12) degrade core 0 -> aggregation 0 as uet-htsim does (`htsimFailedLink`).
 */
export function uecValidateScenario(plan: Plan, line: PlanLine, seed: number): ScenarioInput {
  const matrix = line.matrix();
  const bdp = bdpPackets(line.fabric);
  const rttUs = networkRttPs(line.fabric) / 1e6;
  const sender = plan !== "rcv";
  const receiver = plan !== "sender";
  return {
    name: `uec-validate-${plan} #${line.id} ${line.experiment}`,
    seed,
    durationMs: line.endUs[plan] / 1000,
    topology: topologyOf(line.fabric),
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 64 * 2 ** 20,
      alphas: [1e6],
      inputBufferBytes: 400_000,
      flowControl: { kind: "pause", xoffBytes: 300_000, xonBytes: 290_000 },
      lossyPriorities: [0],
      trimThresholdBytes: bdp * packets.dataBytes,
    },
    packets,
    marking: {
      kind: "red",
      kmin: Math.ceil(bdp * 0.2) * packets.dataBytes,
      kmax: Math.ceil(bdp * 0.8) * packets.dataBytes,
      pmax: 1,
      hostPorts: !receiver,
    },
    controller: sender
      ? {
          kind: "nscc",
          networkRttUs: rttUs,
          targetDelayUs: 0.75 * rttUs,
          ...(line.cwndPackets === undefined ? {} : { initialWindowPackets: line.cwndPackets }),
        }
      : { kind: "none" },
    ...(receiver ? { adapter: { receiverCredits: receiverCredits(plan, line.fabric) } } : {}),
    multipath: line.paths === 1 ? { kind: "ecmp" } : { kind: "mixed", entropies: line.paths },
    traffic: trafficOf(line, matrix),
    ...(line.degradedLink ? { degradedLinks: [htsimFailedLink] } : {}),
  };
}

/** One line's numbers. Tails in us; `null` when no flow (or not the bounded flow) finished. */
export interface LineNumbers {
  /** The last delivery of the line's last flow, us from the start. */
  tailUs: number | null;
  /**
   * The tail as uet-htsim counts it, when the sender's cumulative ACK covers the last byte
   * (uec.cpp:812-880): tailUs plus an ACK's unloaded trip across the fabric's diameter.
   */
  tailAckedUs: number | null;
  /** Flows finished, of `connections`. */
  finished: number;
  connections: number;
  /** #7: the bounded flow's completion (uet-htsim's count, with the ACK's trip). */
  flowAckedUs?: number | null;
  /** Packets trimmed, NACKs heard, retransmission timeouts. */
  trimmed: number;
  nacks: number;
  timeouts: number;
}

/** An ACK's unloaded one-way trip over the diameter: its latency and serialisation per hop, us. */
const ackTripUs = (fabric: LineFabric): number =>
  (diameter(fabric) * (hopNs * 1000 + (packets.ackBytes * 1e12) / bandwidth)) / 1e6;

function lineNumbers(line: PlanLine, result: ScenarioResult): LineNumbers {
  const groups = [MATRIX_GROUP, ...(line.flowTarget === undefined ? [] : [FLOW_GROUP])];
  const done = groups.map((group) => result.completions[group]).filter((c) => c !== undefined);
  const finished = done.reduce((sum, c) => sum + c.count, 0);
  const tail = done.length === 0 ? null : Math.max(...done.map((c) => c.maxUs));
  const trip = ackTripUs(line.fabric);
  const recovery = result.recovery;
  const numbers: LineNumbers = {
    tailUs: tail === null ? null : round(tail),
    tailAckedUs: tail === null ? null : round(tail + trip),
    finished,
    connections: line.matrix().flows.length,
    trimmed: recovery?.total.trimmed ?? 0,
    nacks: recovery?.total.nacks ?? 0,
    timeouts: recovery?.total.timeouts ?? 0,
  };
  if (line.flowTarget !== undefined) {
    const own = result.completions[FLOW_GROUP];
    numbers.flowAckedUs = own === undefined ? null : round(own.maxUs + trip);
  }
  return numbers;
}

/** The checks of one plan's lines (docs/spec/uec.md sec. 7, "The validation plans as presets"). */
function planChecks(plan: Plan, lines: readonly PlanLine[], numbers: readonly LineNumbers[]): Check[] {
  const checks: Check[] = [];
  const letter = { sender: "S", rcv: "R", both: "B" }[plan];
  lines.forEach((line, i) => {
    const n = numbers[i]!;
    const name = `#${line.id} ${line.experiment}`;
    const target = line.target[plan];
    const htsim = line.htsim[plan];
    const tail = n.tailAckedUs;
    const all = n.finished === n.connections;
    checks.push({
      id: `UV.${letter}${line.id}`,
      claim: `${name}: tail FCT (us, at the last ACK), every flow finished`,
      value: tail,
      expected: `<= ${target} and ${n.connections} flows`,
      pass: all && tail !== null && tail <= target,
    });
    const flowTarget = line.flowTarget;
    if (flowTarget !== undefined) {
      const fct = n.flowAckedUs ?? null;
      checks.push({
        id: `UV.${letter}${line.id}f`,
        claim: `${name}: FCT (us) of flow ${flowTarget.source}->${flowTarget.destination} (uet-htsim's Uec_${flowTarget.source}_${flowTarget.destination})`,
        value: fct,
        expected: `<= ${flowTarget.us}`,
        pass: fct !== null && fct <= flowTarget.us,
      });
    }
    checks.push({
      id: `UE.H2.${letter}${line.id}`,
      claim: `${name}: tail FCT / uet-htsim's recorded ${htsim} us`,
      value: tail === null ? null : round(tail / htsim),
      expected: `in [${1 - HTSIM_BAND}, ${1 + HTSIM_BAND}]`,
      pass: tail !== null && Math.abs(tail / htsim - 1) <= HTSIM_BAND,
    });
  });
  const finished = numbers.filter((n) => n.finished === n.connections).length;
  checks.push({
    id: `UE.H1.${letter}`,
    claim: "lines whose every flow finished",
    value: finished,
    expected: `${lines.length} (every line)`,
    pass: finished === lines.length,
  });
  return checks;
}

/**
 * losslab's and uet-htsim's tails over the plan's target, grouped by experiment: bars, since
 * the plan's lines are separate experiments (a line between them would suggest a trend); a
 * line whose flows did not all finish has no losslab bar.
 */
function tailChart(name: string, plan: Plan, lines: readonly PlanLine[], numbers: readonly LineNumbers[]): Chart {
  const points = (value: (line: PlanLine, i: number) => number | null): Array<[number, number]> =>
    lines.flatMap((line, i): Array<[number, number]> => {
      const v = value(line, i);
      return v === null ? [] : [[line.id, round(v / line.target[plan])]];
    });
  return {
    name,
    title: `uet-htsim's ${plan} plan: tail FCT over the plan's target (above 1 fails)`,
    xLabel: "experiment (plan line)",
    yLabel: "tail FCT / target",
    kind: "bar",
    series: [
      { name: "losslab", points: points((_, i) => numbers[i]!.tailAckedUs) },
      { name: "uet-htsim (recorded)", points: points((line) => line.htsim[plan]) },
    ],
  };
}

/** A line's summary as `judge` reads it back, if it holds its numbers. */
function readLine(line: PlanLine, value: SummaryValue | undefined): LineNumbers | undefined {
  const n = summaryNumbers(
    value,
    ["tailUs", "tailAckedUs", "finished", "connections", "trimmed", "nacks", "timeouts"],
    ["tailUs", "tailAckedUs"],
  );
  if (n === undefined) return undefined;
  if (line.flowTarget === undefined) return n;
  const flow = summaryNumbers(value, ["flowAckedUs"], ["flowAckedUs"]);
  return flow === undefined ? undefined : { ...n, ...flow };
}

/** The key of a line in the summary. */
const lineKey = (line: PlanLine): string => `line${line.id}`;

/** The preset of plan `plan`'s lines on at most 128 hosts, or (`large`) on 1024. */
function uecValidatePreset(plan: Plan, large: boolean): Preset {
  const name = `uec-validate-${plan}${large ? "-large" : ""}`;
  // Sorted out at first use, not when the CLI loads the presets: a line's matrix is drawn to know its hosts.
  let sorted: readonly PlanLine[] | undefined;
  const planOf = () => {
    sorted ??= planLines.filter((line) => (line.matrix().nodes === 1024) === large);
    return sorted;
  };
  const scenarios = (seed: number) => planOf().map((line) => uecValidateScenario(plan, line, seed));
  const judged = (summary: Record<string, SummaryValue>): Check[] | undefined => {
    const lines = planOf();
    const numbers = lines.map((line) => readLine(line, summary[lineKey(line)]));
    return numbers.every((n) => n !== undefined) ? planChecks(plan, lines, numbers as LineNumbers[]) : undefined;
  };
  return {
    name,
    description: `uet-htsim's validation plan "${plan}" (validate_uec_${plan}.txt), its ${large ? "1024-host" : "16- and 128-host"} lines: tail FCT against the plan's targets`,
    expectedRuntime: large ? "~5 min" : "~10 s",
    ...(large ? { long: true } : {}),
    scenarios,
    async run(context) {
      const lines = planOf();
      const results = await runScenarios(
        lines.map((line) => ({
          label: `#${line.id} ${line.experiment}`,
          scenario: uecValidateScenario(plan, line, context.seed),
        })),
        context,
      );
      const numbers = lines.map((line, i) => lineNumbers(line, results[i]!));
      const summary: Record<string, SummaryValue> = {};
      lines.forEach((line, i) => {
        summary[lineKey(line)] = { ...numbers[i]! };
      });
      return {
        params: {
          plan,
          lines: lines.map((line) => ({
            id: line.id,
            experiment: line.experiment,
            matrix: line.matrixNote,
            fabric: line.fabric,
            endUs: line.endUs[plan],
            paths: line.paths,
            ...(line.cwndPackets === undefined ? {} : { cwndPackets: line.cwndPackets }),
            targetUs: line.target[plan],
            htsimUs: line.htsim[plan],
            ...(line.degradedLink ? { degradedLinks: [htsimFailedLink] } : {}),
          })),
        },
        fingerprint: fingerprintOf(results),
        summary,
        checks: planChecks(plan, lines, numbers),
        charts: [tailChart(`${name}-tails`, plan, lines, numbers)],
      };
    },
    judge: judged,
  };
}

export const uecValidateSender = uecValidatePreset("sender", false);
export const uecValidateRcv = uecValidatePreset("rcv", false);
export const uecValidateBoth = uecValidatePreset("both", false);
export const uecValidateSenderLarge = uecValidatePreset("sender", true);
export const uecValidateRcvLarge = uecValidatePreset("rcv", true);
export const uecValidateBothLarge = uecValidatePreset("both", true);
