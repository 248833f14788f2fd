import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";
import { runWith } from "../scenario-runner.js";
import { scenarioSTimePlot } from "./santos-scenario.js";
import { hybridController } from "./turner-scenario.js";

/** turner-2001 sec. 6.2's subnet manager as the preset runs it: +1 IPD per CN, -1 after 200 us without one. */
export const managerPolicy = { host: "BV", stepIpd: 1, maxIpd: 255, decayUs: 200 } as const;

/**
 * docs/spec/turner.md, turner-noncompliant: scenario S with L=2, R=1 and the victim pair;
 * A1 -> BC from a non-compliant CA, B1, B2 -> BC compliant (hybrid); BV hosts the manager.
 */
function noncompliantScenario(seed: number, manager: boolean): ScenarioInput {
  return {
    name: "turner non-compliant source",
    seed,
    durationMs: 30,
    topology: { kind: "two-switch", local: 2, remote: 1, victim: true },
    switch: { kind: "input-buffered", bufferPackets: 4 },
    flows: [
      { source: "A1", destination: "BC", group: "noncompliant", startUs: 0 },
      { source: "B1", destination: "BC", group: "compliant", startUs: 100 },
      { source: "B2", destination: "BC", group: "compliant", startUs: 200 },
    ],
    marking: { kind: "turner" },
    controller: hybridController,
    nonCompliant: { hosts: ["A1"] },
    ...(manager ? { subnetManager: managerPolicy } : {}),
    metrics: { binUs: 10, windowMs: 2, stepUs: 250 },
  };
}

function summary(result: ScenarioResult) {
  return {
    nonCompliantRate: round(result.rate("group:noncompliant", 10, 30)),
    compliantRate: round(result.rate("group:compliant", 10, 30)),
    rootUtil: round(result.rate("link:B->BC", 10, 30)),
  };
}

const meters: Array<[string, string]> = [
  ["root link", "link:B->BC"],
  ["non-compliant A1", "group:noncompliant"],
  ["compliant B1 + B2", "group:compliant"],
];

const rateKeys = ["nonCompliantRate", "compliantRate", "rootUtil"] as const;
type Rates = Record<(typeof rateKeys)[number], number>;

/** The claims TN.* of the spec, from the rates without and with the manager. */
function noncompliantChecks(without: Rates, managed: Rates): Check[] {
  return [
    check.atLeast("TN.1", "without manager: nonCompliantRate (10-30 ms)", without.nonCompliantRate, 0.5),
    check.atLeast("TN.2", "with manager: compliantRate (10-30 ms)", managed.compliantRate, 0.55),
    check.atLeast(
      "TN.3",
      "with manager: compliantRate, gain over without",
      managed.compliantRate,
      without.compliantRate + 0.1,
      `compliantRate(without) + 0.1 = ${round(without.compliantRate + 0.1)}`,
    ),
    check.atLeast("TN.4", "with manager: rootUtil (10-30 ms)", managed.rootUtil, 0.85),
  ];
}

/** turner-2001 sec. 6.2: the subnet manager throttles a non-compliant source by its static IPD. */
export const turnerNoncompliant: Preset = {
  name: "turner-noncompliant",
  description: "turner-2001 sec. 6.2: a non-compliant source throttled by the subnet manager (without vs with)",
  expectedRuntime: "1 s",
  scenarios: (seed) => [noncompliantScenario(seed, false), noncompliantScenario(seed, true)],
  async run({ seed, scenarioRunner }) {
    const withoutRun = await runWith(scenarioRunner, noncompliantScenario(seed, false));
    const withRun = await runWith(scenarioRunner, noncompliantScenario(seed, true));
    const without = summary(withoutRun);
    const managed = { ...summary(withRun), ...withRun.manager! };
    return {
      params: { manager: managerPolicy, scenario: noncompliantScenario(seed, true) },
      fingerprint: fingerprintOf([withoutRun, withRun]),
      summary: { without, with: managed },
      checks: noncompliantChecks(without, managed),
      charts: [
        scenarioSTimePlot("turner-noncompliant-without", "Non-compliant A1, no subnet manager", withoutRun, meters),
        scenarioSTimePlot(
          "turner-noncompliant-with",
          "Non-compliant A1 throttled by the subnet manager",
          withRun,
          meters,
        ),
      ],
    };
  },
  judge(summary) {
    const without = summaryNumbers(summary.without, rateKeys);
    const managed = summaryNumbers(summary.with, rateKeys);
    return without === undefined || managed === undefined ? undefined : noncompliantChecks(without, managed);
  },
};
