/**
 * Golden records of the example scenarios: what `losslab run FILE --json` gives for every
 * example scenario file that runs to its end, checked in under apps/lab/golden/examples/ (the
 * presets' records are @losslab/reproductions', packages/reproductions/golden/).
 * `pnpm golden:update` rewrites them; the tests compare against them and, on a mismatch, say
 * which values moved and by how much.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseScenario, type RunOptions, runScenario } from "@losslab/scenario";
import { assertUnmoved } from "@losslab/test-kit/golden-records";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { resultJson } from "../src/commands/run.js";
import { dataDirOf, inlineDataFiles, readDataFile } from "../src/files/data-file.js";

export const examplesGoldenDir = join(repositoryRoot, "apps", "lab", "golden", "examples");

/** The golden record of the example scenario `file` (a file name in examples/). */
export const exampleGoldenFile = (file: string) => join(examplesGoldenDir, `${file}.json`);

/**
 * The example scenario files that run to their end (not the traces and sweeps beside them,
 * nor deadlock-ring.yaml, which shows a run stopped by a credit loop: cli.test.ts runs it).
 */
export const exampleScenarios = () =>
  readdirSync(join(repositoryRoot, "examples")).filter(
    (name) =>
      /\.(json|ya?ml)$/.test(name) &&
      !name.startsWith("trace-example") &&
      !name.startsWith("sweep-") &&
      name !== "deadlock-ring.yaml",
  );

/** What an example's golden record keeps of `losslab run FILE --json`. */
export const examplePart = ({ fingerprint, events, delivered, summary }: ReturnType<typeof resultJson>) => ({
  fingerprint,
  events,
  delivered,
  summary,
});

export type ExampleRecord = ReturnType<typeof examplePart>;

/** Runs an example scenario file as `losslab run FILE --json` does; its golden part. */
export async function exampleRecord(file: string, options: RunOptions = {}): Promise<ExampleRecord> {
  const path = join(repositoryRoot, "examples", file);
  const input = await readDataFile(path, "scenario file");
  await inlineDataFiles(input, path, await dataDirOf(path, undefined));
  return examplePart(resultJson(runScenario(parseScenario(input), options)));
}

/** The golden record of the example scenario `file`. */
export const readExampleGolden = (file: string): ExampleRecord =>
  JSON.parse(readFileSync(exampleGoldenFile(file), "utf8")) as ExampleRecord;

/** Throws a readable report when an example's `run --json` numbers differ from its golden record. */
export function assertExampleGolden(file: string, now: ExampleRecord): void {
  const name = `examples/${file}`;
  assertUnmoved(exampleGoldenFile(file), name, name, readExampleGolden(file), now);
}
