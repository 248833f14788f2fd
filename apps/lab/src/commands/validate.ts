import { checkScenario, describeTopology, estimateCost, ScenarioError, scenarioWarnings } from "@losslab/scenario";
import { dataDirOf, inlineDataFiles, readDataFile } from "../files/data-file.js";
import { scenarioKinds } from "../plugins.js";
import { checkThreads } from "../split-runs/threads-refusal.js";
import { oneLine } from "../terminal/one-line.js";
import { UserError } from "../user-error.js";

export interface ValidateOptions {
  /** Where the files the scenario names may be (default: the scenario file's directory). */
  dataDir?: string;
  /** Plugin modules to load besides the scenario's `plugins` (`--plugin`). */
  plugin?: string[];
}

/**
 * `losslab validate <file>`: checks a scenario file without running it (format, ranges,
 * size, hosts, policy, controller and generator parameters) and says what it describes. It
 * refuses exactly what `run` refuses before running, the scenario's `threads` included: what
 * a split run does not support and a split the fabric does not allow (`checkThreads`).
 */
export async function validateCommand(file: string, options: ValidateOptions = {}): Promise<void> {
  const input = await readDataFile(file, "scenario file");
  const dir = await dataDirOf(file, options.dataDir);
  await inlineDataFiles(input, file, dir);
  // Loading a plugin runs it: validate loads the scenario's plugins as run does (plugins.ts).
  const { kinds } = await scenarioKinds(input, file, dir, options.plugin);
  try {
    const scenario = checkScenario(input, kinds);
    const shape = describeTopology(scenario.topology, kinds);
    let threads = scenario.threads ?? 1;
    if (threads > 1) {
      const plugins = (options.plugin ?? []).length > 0 || (scenario.plugins ?? []).length > 0;
      threads = checkThreads(
        `${file}: threads: ${threads}`,
        threads,
        scenario,
        kinds,
        plugins ? ["plugins"] : [],
        (warning) => process.stderr.write(`losslab: warning: ${warning}\n`),
      );
    }
    const cost = estimateCost(scenario, kinds);
    process.stdout.write(
      `${file}: valid (${shape}, ${scenario.durationMs} ms, marking ${scenario.marking.kind}, controller ${scenario.controller.kind}${threads > 1 ? `, on ${threads} threads` : ""}); ` +
        `at most ~${(cost.events / 1e6).toFixed(1)} million events, ~${Math.ceil(cost.seconds)} s\n`,
    );
    for (const warning of scenarioWarnings(scenario, kinds)) process.stderr.write(`losslab: warning: ${warning}\n`);
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(`${file}: ${oneLine(error.message)}`);
    throw error;
  }
}
