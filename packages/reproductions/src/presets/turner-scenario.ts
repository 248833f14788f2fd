/**
 * Scenario S of santos-2002 (Fig. 1, Table 1) as the turner-2001 presets use it
 * (docs/spec/turner.md): turner marking (sec. 4) and the hybrid controller (sec. 5.1).
 */
import type { ScenarioInput, ScenarioResult } from "@losslab/scenario";
import { runWith, type ScenarioRunner } from "../scenario-runner.js";

/** turner-2001 sec. 5.1 with LIPD, Rmin = Rmax/256 (santos), static IPD 0, window 1..8. */
export const hybridController = { kind: "hybrid", response: "lipd", maxIpd: 255, staticIpd: 0, maxWindow: 8 } as const;

/** The parts of a scenario S the turner presets vary. */
export interface TurnerSetup {
  local: number;
  remote: number;
  durationMs: number;
  /** Victim AV -> BV interval, ms; null: no victim flow. */
  victimMs: [number, number] | null;
  marking: ScenarioInput["marking"];
  controller: ScenarioInput["controller"];
}

/** The scenario file of one turner run of scenario S. */
export function turnerScenario(setup: TurnerSetup, seed: number): ScenarioInput {
  return {
    name: "turner on scenario S",
    seed,
    durationMs: setup.durationMs,
    topology: { kind: "two-switch", local: setup.local, remote: setup.remote, victim: setup.victimMs !== null },
    switch: { kind: "input-buffered", bufferPackets: 4 },
    flows: { pattern: "santos", staggerUs: 100, victimMs: setup.victimMs },
    marking: setup.marking,
    controller: setup.controller,
    metrics: { binUs: 10, windowMs: 2, stepUs: 250, responses: true },
  };
}

/** One turner run of scenario S by a preset context's runner (`runWith`). */
export const runTurnerS = (
  runner: ScenarioRunner | undefined,
  setup: TurnerSetup,
  seed: number,
): Promise<ScenarioResult> => runWith(runner, turnerScenario(setup, seed));
