import type { SlowdownSummary } from "@losslab/metrics";
import type { ScenarioInput } from "@losslab/scenario";
import { runWith, type ScenarioRunner } from "../scenario-runner.js";
import { datacenterPackets, gbps, linkDelayNs, type Scheme, schemeFields } from "./datacenter-scenario.js";
import { type DatacenterOrganisation, datacenterSwitch, hpccArtifact } from "./datacenter-switch.js";

/**
 * docs/spec/datacenter.md, hpcc-websearch: a k-ary fat tree, Poisson arrivals of WebSearch
 * flows to uniform destinations at 30 % and 50 % of the host links, PFC alone, DCQCN, HPCC
 * and TIMELY. Flows arrive for `arrivalsMs`, then the run goes on `drainMs` so most finish;
 * only finished flows count (a flow cut off by the end has no completion time).
 */
export interface WebsearchSetup {
  k: number;
  /** Hosts per ToR (edge switch); k/2 unless given. */
  hostsPerTor?: number;
  /** Host links, Gb/s. */
  gbps: number;
  /** Switch-to-switch links run this many times faster (HPCC sec. 5.1: 100 Gb/s hosts, 400 Gb/s fabric). */
  fabricSpeedup: number;
  arrivalsMs: number;
  drainMs: number;
  /** The switches: the shared buffer of the HPCC artifact's ns-3 switch (default), or the CIOQ crossbar of before. */
  organisation?: DatacenterOrganisation;
}

/** Short flows: at most 100 KB (the spec's "short", about 4 BDP at 25 Gb/s). */
export const shortBytes = 100_000;

/** Slowdown buckets: short, then decades up to WebSearch's 30 MB largest. */
export const slowdownEdges = [shortBytes, 1_000_000, 10_000_000];

export function websearchScenario(setup: WebsearchSetup, load: number, scheme: Scheme, seed: number): ScenarioInput {
  const bandwidth = gbps(setup.gbps);
  return {
    name: `hpcc-websearch k=${setup.k} load ${load} ${scheme}`,
    seed,
    durationMs: setup.arrivalsMs + setup.drainMs,
    topology: {
      kind: "fat-tree",
      k: setup.k,
      ...(setup.hostsPerTor === undefined ? {} : { hostsPerTor: setup.hostsPerTor }),
      fabricSpeedup: setup.fabricSpeedup,
      bandwidth,
      delayNs: linkDelayNs,
    },
    switch: datacenterSwitch(setup.organisation ?? "shared-buffer", {
      inputBufferBytes: 400_000,
      outputBufferBytes: 800_000,
      profile: hpccArtifact(setup.gbps),
      // The most ports a switch has: an edge switch's hosts and k/2 uplinks (k for the others).
      ports: Math.max(setup.k, (setup.hostsPerTor ?? setup.k / 2) + setup.k / 2),
    }),
    packets: datacenterPackets,
    traffic: [
      {
        kind: "poisson",
        name: "websearch",
        load,
        size: { kind: "cdf", distribution: "websearch" },
        destinations: { kind: "uniform" },
        stopUs: setup.arrivalsMs * 1000,
      },
    ],
    ...schemeFields(scheme),
    metrics: { binUs: 100, slowdownEdgesBytes: slowdownEdges },
  };
}

/** What one run gives the preset: plain JSON, so it can run on a worker thread. */
export interface WebsearchPoint {
  fingerprint: string;
  slowdown: SlowdownSummary | null;
  pauseFrames: number;
}

/** One run of `websearchScenario` (a sweep task), by `runner` when given. */
export async function websearchPoint(
  input: { setup: WebsearchSetup; load: number; scheme: Scheme; seed: number },
  _onProgress?: unknown,
  runner?: ScenarioRunner,
): Promise<WebsearchPoint> {
  const result = await runWith(runner, websearchScenario(input.setup, input.load, input.scheme, input.seed));
  return {
    fingerprint: result.fingerprint,
    slowdown: result.slowdown ?? null,
    pauseFrames: result.pause?.frames ?? 0,
  };
}
