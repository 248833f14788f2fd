/**
 * The setup every collective preset shares (docs/spec/collectives.md, "Common setup"): the
 * k = 4 fat tree of hpcc-websearch at 25 Gb/s, and the model of a step and of a ring
 * all-reduce the claims are judged against ("The model of a step").
 */
import type { CollectiveSummary } from "@losslab/metrics";
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { Chart } from "../charts/chart.js";
import { round } from "../check.js";
import { datacenterPackets, gbps, linkDelayNs, type Scheme, schemeFields } from "./datacenter-scenario.js";
import { datacenterSwitch, hpccArtifact } from "./datacenter-switch.js";

/** The fat tree's radix (16 hosts: 4 pods of 2 edge switches of 2 hosts). */
export const FAT_TREE_K = 4;
const HOST_GBPS = 25;
const bandwidth = gbps(HOST_GBPS);

/** Per-packet bytes of the model: data D, ACK A, wire overhead W, payload P. */
const D = datacenterPackets.dataBytes;
const A = datacenterPackets.ackBytes;
const W = datacenterPackets.wireOverheadBytes;
export const PAYLOAD = D - datacenterPackets.headerBytes;
/** The switches' default forwarding delay (cut-through), ns. */
const FORWARDING_NS = 40;

/** ns to send `bytes` on a host link. */
const ns = (bytes: number) => (bytes / bandwidth) * 1e9;

/** One packet's time on a host link that also carries one ACK per packet back (spec: s = 1152 / B), ns. */
export const packetSpacingNs = ns(D + W + A + W);

/** The goodput of a host link that sends data and ACKs for what it receives: B P / (D + A + 2W), bytes/s. */
export const effectiveRate = (bandwidth * PAYLOAD) / (D + A + 2 * W);

/** The first packet's time over a path of `links` links (spec: f(h)), ns. */
export const firstPacketNs = (links: number) => links * (ns(W) + linkDelayNs) + (links - 1) * FORWARDING_NS + ns(D);

/** Links between hosts Ha and Hb of the k = 4 fat tree: 2 on one edge switch, 4 in one pod, 6 across pods. */
export function linksBetween(a: number, b: number): number {
  const perEdge = FAT_TREE_K / 2;
  const perPod = perEdge * perEdge;
  if (Math.floor(a / perEdge) === Math.floor(b / perEdge)) return 2;
  return Math.floor(a / perPod) === Math.floor(b / perPod) ? 4 : 6;
}

/**
 * The ring all-reduce's completion on the idle fat tree (spec: T_ring): 2(n - 1)(m - 1) s plus
 * the latency of the longest chain of 2(n - 1) dependent flows, over ranks on `hosts`, us.
 */
export function ringModelUs(hosts: readonly number[], bytes: number): number {
  const n = hosts.length;
  const m = Math.ceil(bytes / n / PAYLOAD);
  const steps = 2 * (n - 1);
  let latency = 0;
  for (let q = 0; q < n; q++) {
    let chain = 0;
    for (let j = 0; j < steps; j++) {
      const rank = (q + j) % n;
      chain += firstPacketNs(linksBetween(hosts[rank]!, hosts[(rank + 1) % n]!));
    }
    latency = Math.max(latency, chain);
  }
  return (steps * (m - 1) * packetSpacingNs + latency) / 1000;
}

/** Host indices 0..15. */
export const allHosts = Array.from({ length: FAT_TREE_K ** 3 / 4 }, (_, i) => i);

/** Which switches a run has: the datacenter switch under PAUSE, or santos-2002's input-buffered switch with credits. */
export type CollectiveFabric = "datacenter" | "input-buffered";

/** santos-2002's input buffer at 25 Gb/s: 16 packets, above the credit round trip (spec, "Which seed scheme"). */
const INPUT_BUFFER_PACKETS = 16;

/**
 * A run on the k = 4 fat tree: `traffic` for `durationMs`, under `scheme` on the datacenter
 * switch, or (fabric "input-buffered") with no control or santos-2002's scheme.
 */
export function collectiveScenario(options: {
  name: string;
  seed: number;
  durationMs: number;
  traffic: ScenarioInput["traffic"];
  fabric?: CollectiveFabric;
  scheme?: Scheme | "santos";
}): ScenarioInput {
  const { name, seed, durationMs, traffic, fabric = "datacenter", scheme = "pfc" } = options;
  const topology = { kind: "fat-tree", k: FAT_TREE_K, bandwidth, delayNs: linkDelayNs } as const;
  const common = { name, seed, durationMs, topology, packets: datacenterPackets, traffic, metrics: { binUs: 10 } };
  if (fabric === "input-buffered") {
    return {
      ...common,
      switch: { kind: "input-buffered", bufferPackets: INPUT_BUFFER_PACKETS },
      ...(scheme === "santos"
        ? {
            marking: { kind: "input-output-triggered", outputThreshold: 8 },
            controller: { kind: "per-ack", response: "lipd", window: 64 },
          }
        : {}),
    };
  }
  if (scheme === "santos") throw new Error("santos-2002's scheme runs on the input-buffered fabric");
  return {
    ...common,
    switch: datacenterSwitch("shared-buffer", {
      inputBufferBytes: 400_000,
      outputBufferBytes: 800_000,
      profile: hpccArtifact(HOST_GBPS),
      ports: FAT_TREE_K,
    }),
    ...schemeFields(scheme),
  };
}

/** The collective `name` of a result, undefined if it did not complete within the run. */
export function collectiveOf(result: ScenarioResult, name: string): CollectiveSummary | undefined {
  return result.collectives?.[name];
}

/** A run's numbers: completion, longest step and slowest rank (null when it did not complete). */
export function runNumbers(collective: CollectiveSummary | undefined) {
  const run = collective?.runs[0];
  if (run === undefined) return { completionUs: null, maxStepUs: null, slowestRank: null };
  return {
    completionUs: round(run.completionUs),
    maxStepUs: round(Math.max(...run.stepsUs)),
    slowestRank: run.slowestRank.rank,
  };
}

/** Each step's share of the completion, one line per run. */
export function stepsChart(
  name: string,
  title: string,
  runs: Array<{ name: string; stepsUs: readonly number[] }>,
): Chart {
  return {
    name,
    title,
    xLabel: "step",
    yLabel: "step time (us)",
    series: runs.map((run) => ({
      name: run.name,
      points: run.stepsUs.map((us, step): [number, number] => [step, round(us)]),
    })),
  };
}
