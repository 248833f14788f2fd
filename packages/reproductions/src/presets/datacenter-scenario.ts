/**
 * The lossless-Ethernet setup every datacenter preset shares (docs/spec/datacenter.md,
 * "Common setup"), and the scheme each run names: PFC alone, DCQCN, HPCC or TIMELY.
 */
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import type { PresetContext } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";

/** 1000 B payload + 48 B RoCEv2 headers, 64 B ACKs and CNPs, 20 B preamble + gap per packet. */
export const datacenterPackets = { dataBytes: 1048, headerBytes: 48, ackBytes: 64, wireOverheadBytes: 20 } as const;

/** Gb/s to the scenario's bytes per second. */
export const gbps = (rate: number): number => (rate * 1e9) / 8;

/** Every link's propagation delay, ns. */
export const linkDelayNs = 1000;

/** The end-to-end scheme of a run; PFC is always underneath. */
export type Scheme = "pfc" | "dcqcn" | "hpcc" | "timely";

/** DCQCN sec. 5's switch values: RED at egress, Kmin 5 KB, Kmax 200 KB, Pmax 1 %. */
const dcqcnMarking = { kind: "red", kmin: 5000, kmax: 200_000, pmax: 0.01 } as const;

/**
 * The marking, controller and adapter fields of `scheme`. HPCC's base round trip T is the
 * fabric's (the scenario derives it); `expectedFlows` is the N of HPCC's W_AI guideline
 * (sec. 3.3: W_AI = W_init (1 - eta) / N), the most flows a link is expected to carry.
 */
export function schemeFields(
  scheme: Scheme,
  expectedFlows?: number,
): Pick<ScenarioInput, "marking" | "controller" | "adapter"> {
  switch (scheme) {
    case "pfc":
      return { marking: { kind: "none" }, controller: { kind: "none" } };
    case "dcqcn":
      // The notification point: at most one CNP per flow per 50 us (DCQCN sec. 3).
      return { marking: dcqcnMarking, controller: { kind: "dcqcn" }, adapter: { cnpIntervalUs: 50 } };
    case "hpcc":
      return {
        marking: { kind: "none" },
        controller: { kind: "hpcc", ...(expectedFlows === undefined ? {} : { expectedFlows }) },
      };
    case "timely":
      return { marking: { kind: "none" }, controller: { kind: "timely" } };
  }
}

/** Runs one scenario per scheme (any names: uec-fan-in has its own), in order, by the context's runner, reporting progress by scheme. */
export const runSchemes = <S extends string>(
  schemes: readonly S[],
  scenarioOf: (scheme: S, seed: number) => ScenarioInput,
  context: Pick<PresetContext, "seed" | "progress" | "scenarioRunner">,
): Promise<ScenarioResult[]> =>
  runScenarios(
    schemes.map((scheme) => ({ label: scheme, scenario: scenarioOf(scheme, context.seed) })),
    context,
  );
