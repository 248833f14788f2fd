import type { PacketTraceOptions } from "@losslab/metrics";
import { tracePackets } from "./packet-tracing.js";
import { parseScenario } from "./parse-scenario.js";
import { runToEnd } from "./run-loop.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { type ScenarioResult, scenarioResult } from "./scenario-result.js";
import type { Scenario } from "./schema.js";
import { buildSimulation } from "./simulation.js";

export interface RunOptions {
  /**
   * Called every simulated millisecond or so with the time reached (ms), the duration (ms) and
   * the engine events handled so far.
   */
  onProgress?: (doneMs: number, totalMs: number, events: number) => void;
  /** A packet trace of the run (`PacketTrace`): where its lines go, and which events it keeps. */
  trace?: Omit<PacketTraceOptions, "hostName">;
  /** The kinds the scenario may name: the built-in ones unless plugins add some (`withPlugins`). */
  kinds?: ScenarioKinds;
  /**
   * What becomes of a packet once its receiver has consumed it (core `ReleasedPackets`):
   * "reuse" (default) recycles it; "poison" spoils it instead, so a plugin policy or a
   * listener that keeps packets beyond its call shows up as a different fingerprint.
   */
  releasedPackets?: "reuse" | "poison";
}

/**
 * Builds the fabric a scenario describes (`buildSimulation`), runs it to the end
 * (`runToEnd`), and returns what it measured (`scenarioResult`).
 */
export function runScenario(scenario: Scenario, options: RunOptions = {}): ScenarioResult {
  const simulation = buildSimulation(scenario, options.kinds ?? builtInKinds, options.releasedPackets);
  const trace =
    options.trace === undefined ? undefined : tracePackets(simulation.fabric, simulation.routes, options.trace);
  const wallMs = runToEnd(simulation, options.onProgress);
  trace?.finish();
  return scenarioResult(simulation, wallMs);
}

/**
 * Checks everything about a scenario that can be checked without running it: the format,
 * the ranges and the rules across fields (`parseScenario`), the memory it needs
 * (`checkFits`, before anything is built), then the hosts its flows and generators name
 * and the parameters of its marking policy, controller and generators, by building the
 * whole simulation. Throws a ScenarioError naming the field; returns the validated
 * scenario. `runScenario` makes the same checks, so a scenario this accepts builds.
 */
export function checkScenario(input: unknown, kinds: ScenarioKinds = builtInKinds): Scenario {
  const scenario = parseScenario(input, kinds);
  buildSimulation(scenario, kinds);
  return scenario;
}
