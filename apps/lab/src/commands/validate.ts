import { checkScenario, costWarnings, estimateCost, ScenarioError } from "@losslab/scenario";
import { inlineTraceFiles, readDataFile } from "../data-file.js";
import { UserError } from "../user-error.js";

/**
 * `losslab validate <file>`: checks a scenario file without running it (format, hosts,
 * policy, controller and generator parameters) and says what it describes.
 */
export async function validateCommand(file: string): Promise<void> {
  const input = await readDataFile(file, "scenario file");
  await inlineTraceFiles(input, file);
  try {
    const scenario = checkScenario(input);
    const topology = scenario.topology;
    const shape =
      topology.kind === "two-switch"
        ? `two-switch L=${topology.local} R=${topology.remote}`
        : `single switch, ${topology.hosts} hosts`;
    const cost = estimateCost(scenario);
    process.stdout.write(
      `${file}: valid (${shape}, ${scenario.durationMs} ms, marking ${scenario.marking.kind}, controller ${scenario.controller.kind}); ` +
        `at most ~${(cost.events / 1e6).toFixed(1)} million events, ~${Math.ceil(cost.seconds)} s\n`,
    );
    for (const warning of costWarnings(scenario)) process.stderr.write(`losslab: warning: ${warning}\n`);
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: ${error.message}`);
    throw error;
  }
}
