/**
 * Which runs a preset makes by its context's runner (`scenarioRunner`, and its sweep's points
 * by `inThisThread` of it): what lets `reproduce --threads N` split them all. The runner
 * records each scenario and runs it cut to 0.2 ms (or 1000 cycles), in which a preset's claims
 * may find nothing to measure: an error after its runs is not what this looks at.
 */
import { inThisThread, type Preset, type ScenarioRunner, type SweepRunner } from "@losslab/reproductions";
import { parseScenario, runScenario, type Scenario } from "@losslab/scenario";
import { expect } from "vitest";
import { cutScenario } from "./cut-scenario.js";

/**
 * Runs `preset` at seed 1 and checks that it ran each run `scenarios` lists by its runner, in
 * the order listed; for a sweep, in any order, a point another sweep made in this process
 * (`ranBefore`, which this adds to) not being run again (shared-points.ts).
 */
export async function expectRunsByRunner(preset: Preset, ranBefore: Set<string>): Promise<void> {
  const listed = preset.scenarios(1).map((input) => JSON.stringify(parseScenario(input)));
  const ran: string[] = [];
  const runner: ScenarioRunner = async (scenario: Scenario) => {
    const text = JSON.stringify(scenario);
    ran.push(text);
    ranBefore.add(text);
    return runScenario(cutScenario(scenario, 0.2, 1000));
  };
  // A point that fails on its cut run must not keep the sweep from the other points.
  const points = inThisThread(runner);
  const sweepRunner: SweepRunner = (task, inputs, events) =>
    points(task, inputs, { ...events, failed: events.failed ?? (() => undefined as never) });
  await preset.run({ seed: 1, progress: () => {}, scenarioRunner: runner, sweepRunner }).catch(() => undefined);
  if (preset.sweep === true) {
    expect(ran.every((text) => listed.includes(text))).toBe(true);
    expect(listed.filter((text) => !ranBefore.has(text))).toEqual([]);
  } else {
    expect(ran).toEqual(listed);
  }
}
