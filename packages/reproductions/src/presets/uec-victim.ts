import type { ScenarioInput } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { datacenterPackets, gbps, linkDelayNs, runSchemes } from "./datacenter-scenario.js";
import { victimScenario, victimSummary } from "./dcqcn-victim.js";
import { scenarioSMeters, scenarioSTimePlot } from "./santos-scenario.js";
import { bdpPackets, nsccWithTrimming, uecEcnRamp } from "./uec-scenario.js";

/**
 * docs/spec/uec.md sec. 7, "the dcqcn-victim scenario" (UE.15-UE.18): NSCC and RCCC on a
 * trimming class against DCQCN over PFC on dcqcn-victim's fabric (santos-2002's scenario S at
 * 40 Gb/s: 4 local and 4 remote senders to BC, the victim AV -> BV over A -> B from 5 ms,
 * measured 10-20 ms). uet-htsim's settings scaled by its formulas to this fabric's rate and RTT.
 */
const runs = ["nscc", "rccc", "dcqcn"] as const;
type VictimScheme = (typeof runs)[number];

const bandwidth = gbps(40);
const wire = (bytes: number) => bytes + datacenterPackets.wireOverheadBytes;
/** network_rtt: 3 hops each way (host, A, B, host) of 1 us, a data packet and an ACK serialised on each (6.69 us). */
const networkRttUs =
  (6 * linkDelayNs) / 1000 +
  (3 * (wire(datacenterPackets.dataBytes) + wire(datacenterPackets.ackBytes)) * 1e6) / bandwidth;
const bdp = bdpPackets(networkRttUs, bandwidth, datacenterPackets.dataBytes);

/** The trimming class: priority 0 lossy, trimmed over a 1-BDP queue (uet-htsim's queue size with trimming). */
const trimThresholdBytes = bdp * datacenterPackets.dataBytes;
const uecMarking = uecEcnRamp(bdp, datacenterPackets.dataBytes);

/** A run: dcqcn is dcqcn-victim's own; nscc and rccc run on the trimming class with no PFC to meet. */
export function uecVictimScenario(scheme: VictimScheme, seed: number): ScenarioInput {
  if (scheme === "dcqcn") return { ...victimScenario("dcqcn", seed), name: "uec-victim dcqcn" };
  const base = victimScenario("pfc", seed);
  const fields: Pick<ScenarioInput, "marking" | "controller" | "adapter"> =
    scheme === "nscc"
      ? { marking: uecMarking, controller: nsccWithTrimming(networkRttUs) }
      : { marking: { kind: "none" }, controller: { kind: "none" }, adapter: { receiverCredits: {} } };
  return {
    ...base,
    name: `uec-victim ${scheme}`,
    switch: { ...base.switch!, lossyPriorities: [0], trimThresholdBytes },
    ...fields,
  };
}

const claimKeys = ["victimRate", "rootUtil"] as const;
type VictimNumbers = Record<(typeof claimKeys)[number], number>;

/** The claims UE.15-UE.18 of docs/spec/uec.md sec. 7. */
function victimChecks(n: Record<VictimScheme, VictimNumbers>): Check[] {
  const floor = n.dcqcn.victimRate - 0.05;
  const floorText = `victimRate(dcqcn) - 0.05 = ${round(floor)}`;
  return [
    check.atLeast("UE.15", "nscc: victimRate (10-20 ms)", n.nscc.victimRate, 0.4),
    check.atLeast("UE.16", "rccc: victimRate (10-20 ms)", n.rccc.victimRate, 0.45),
    check.all("UE.17", "nscc, rccc: rootUtil (10-20 ms), smallest", Math.min(n.nscc.rootUtil, n.rccc.rootUtil), [
      { text: "nscc >= 0.9", pass: n.nscc.rootUtil >= 0.9 },
      { text: "rccc >= 0.9", pass: n.rccc.rootUtil >= 0.9 },
    ]),
    check.all("UE.18", "nscc, rccc: victimRate, smallest", Math.min(n.nscc.victimRate, n.rccc.victimRate), [
      { text: `nscc >= ${floorText}`, pass: n.nscc.victimRate >= floor },
      { text: `rccc >= ${floorText}`, pass: n.rccc.victimRate >= floor },
    ]),
  ];
}

function victimNumbers(summary: Record<string, unknown>): Record<VictimScheme, VictimNumbers> | undefined {
  const numbers = runs.map((scheme) => summaryNumbers(summary[scheme], claimKeys));
  if (numbers.some((n) => n === undefined)) return undefined;
  return Object.fromEntries(runs.map((scheme, i) => [scheme, numbers[i]!])) as Record<VictimScheme, VictimNumbers>;
}

/** UEC's end-to-end controls on a trimming class against DCQCN over PFC, on dcqcn-victim's congestion-spreading scenario. */
export const uecVictim: Preset = {
  name: "uec-victim",
  description:
    "Ultra Ethernet NSCC and RCCC with trimming against DCQCN over PFC on dcqcn-victim's scenario S (40 Gb/s): the victim flow",
  expectedRuntime: "~4 s",
  scenarios: (seed) => runs.map((scheme) => uecVictimScenario(scheme, seed)),
  async run(context) {
    const results = await runSchemes(runs, (scheme, seed) => uecVictimScenario(scheme, seed), context);
    const summaries = results.map((result) => ({
      ...victimSummary(result),
      trimmed: result.recovery?.total.trimmed ?? 0,
      timeouts: result.recovery?.total.timeouts ?? 0,
    }));
    const summary = Object.fromEntries(runs.map((scheme, i) => [scheme, summaries[i]!]));
    const numbers = victimNumbers(summary);
    return {
      params: {
        runs,
        networkRttUs: round(networkRttUs),
        trimThresholdBytes,
        ecn: { kmin: uecMarking.kmin, kmax: uecMarking.kmax },
      },
      fingerprint: fingerprintOf(results),
      summary,
      checks: numbers === undefined ? [] : victimChecks(numbers),
      charts: runs.map((scheme, i) =>
        scenarioSTimePlot(
          `uec-victim-${scheme}`,
          `${scheme}${scheme === "dcqcn" ? " over PFC" : " on a trimming class"}: scenario S at 40 Gb/s`,
          results[i]!,
          scenarioSMeters,
        ),
      ),
    };
  },
  judge(summary) {
    const numbers = victimNumbers(summary);
    return numbers === undefined ? undefined : victimChecks(numbers);
  },
};
