import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { datacenterPackets, gbps, linkDelayNs, runSchemes, type Scheme, schemeFields } from "./datacenter-scenario.js";
import { type DatacenterOrganisation, datacenterSwitch, tridentII } from "./datacenter-switch.js";
import { scenarioSMeters, scenarioSTimePlot } from "./santos-scenario.js";

/** docs/spec/datacenter.md, dcqcn-victim: L = R = 4, 40 Gb/s, victim 5-20 ms, measured 10-20 ms. */
const setup = { local: 4, remote: 4, durationMs: 20, victimMs: [5, 20], measureMs: [10, 20] } as const;

const runs = ["pfc", "dcqcn"] as const satisfies readonly Scheme[];

const bandwidth = gbps(40);

/**
 * Scenario S (santos-2002 Fig. 1) on lossless Ethernet, with the end-to-end scheme `scheme`,
 * on DCQCN's testbed switch (a shared buffer, `tridentII`; B has L + 3 = 7 ports) or on the
 * CIOQ crossbar of before (`organisation` "cioq").
 */
export function victimScenario(
  scheme: Scheme,
  seed: number,
  organisation: DatacenterOrganisation = "shared-buffer",
): ScenarioInput {
  return {
    name: `dcqcn-victim ${scheme}`,
    seed,
    durationMs: setup.durationMs,
    topology: { kind: "two-switch", local: setup.local, remote: setup.remote, bandwidth, delayNs: linkDelayNs },
    switch: datacenterSwitch(organisation, {
      inputBufferBytes: 200_000,
      outputBufferBytes: 400_000,
      profile: tridentII,
      ports: setup.local + 3,
    }),
    packets: datacenterPackets,
    flows: { pattern: "santos", staggerUs: 100, victimMs: [...setup.victimMs] },
    ...schemeFields(scheme),
    metrics: { binUs: 10, windowMs: 1, stepUs: 100, measureMs: [...setup.measureMs] },
  };
}

/** The victim, the ISL, the root and the senders over `measureMs`, and PFC statistics: what the DV.* (and uec-victim's UE.*) claims read. */
export function victimSummary(result: ScenarioResult) {
  const [from, to] = setup.measureMs;
  return {
    victimRate: round(result.rate("group:victim", from, to)),
    islUtil: round(result.rate("link:A->B", from, to)),
    rootUtil: round(result.rate("link:B->BC", from, to)),
    remoteRate: round(result.rate("group:remote", from, to)),
    localRate: round(result.rate("group:local", from, to)),
    // The share of the interval during which B's ISL input held A's output to B (PFC statistics over measureMs).
    islPausedShare: round(
      (result.pause?.byLink.find((link) => link.link === "A->B")?.pausedUs ?? 0) / ((to - from) * 1000),
    ),
    pauseFrames: result.pause?.frames ?? 0,
  };
}

/** The numbers the claims DV.* read, per run. */
const claimKeys = ["victimRate", "islPausedShare", "rootUtil"] as const;
type VictimNumbers = Record<(typeof claimKeys)[number], number>;

/** The claims DV.* of the spec, from the PFC-only and the DCQCN runs' summaries. */
function victimChecks(pfc: VictimNumbers, dcqcn: VictimNumbers): Check[] {
  return [
    check.atMost("DV.1", "pfc: victimRate (10-20 ms)", pfc.victimRate, 0.15),
    check.atLeast("DV.2", "pfc: islPausedShare (10-20 ms)", pfc.islPausedShare, 0.2),
    check.atLeast("DV.3", "dcqcn: victimRate (10-20 ms)", dcqcn.victimRate, 0.3),
    check.atLeast(
      "DV.4",
      "dcqcn: victimRate, gain over pfc",
      dcqcn.victimRate,
      pfc.victimRate + 0.2,
      `victimRate(pfc) + 0.2 = ${round(pfc.victimRate + 0.2)}`,
    ),
    check.atLeast("DV.5", "dcqcn: rootUtil (10-20 ms)", dcqcn.rootUtil, 0.9),
    check.atMost(
      "DV.6",
      "dcqcn: islPausedShare, against pfc's",
      dcqcn.islPausedShare,
      pfc.islPausedShare / 10,
      `islPausedShare(pfc) / 10 = ${round(pfc.islPausedShare / 10)}`,
    ),
  ];
}

/** DCQCN sec. 2.3: PFC's congestion spreading hurts a victim flow; DCQCN keeps queues below XOFF. */
export const dcqcnVictim: Preset = {
  name: "dcqcn-victim",
  description: "DCQCN (SIGCOMM 2015) sec. 2: PFC spreads congestion to a victim flow; DCQCN contains it (40 Gb/s)",
  expectedRuntime: "2 s",
  scenarios: (seed) => runs.map((scheme) => victimScenario(scheme, seed)),
  async run(context) {
    const results = await runSchemes(runs, (scheme, seed) => victimScenario(scheme, seed), context);
    const [pfcRun, dcqcnRun] = results as [ScenarioResult, ScenarioResult];
    const pfc = victimSummary(pfcRun);
    const dcqcn = victimSummary(dcqcnRun);
    return {
      params: { ...setup, runs },
      fingerprint: fingerprintOf(results),
      summary: { pfc, dcqcn },
      checks: victimChecks(pfc, dcqcn),
      charts: [
        scenarioSTimePlot(
          "dcqcn-victim-pfc",
          "PFC only: congestion spreads to the victim (40 Gb/s)",
          pfcRun,
          scenarioSMeters,
        ),
        scenarioSTimePlot(
          "dcqcn-victim-dcqcn",
          "DCQCN over PFC: the victim keeps its share",
          dcqcnRun,
          scenarioSMeters,
        ),
      ],
    };
  },
  judge(summary) {
    const pfc = summaryNumbers(summary.pfc, claimKeys);
    const dcqcn = summaryNumbers(summary.dcqcn, claimKeys);
    return pfc === undefined || dcqcn === undefined ? undefined : victimChecks(pfc, dcqcn);
  },
};
