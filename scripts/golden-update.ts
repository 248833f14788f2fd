/**
 * `pnpm golden:update [--remeasure | --full] [NAME ...]`: rewrites the golden records, the
 * presets' under packages/reproductions/golden/ and the example scenarios' under
 * apps/lab/golden/examples/ (all of them, or the named presets and examples/FILE). Each preset gets
 * its short-horizon record; a preset that is not `long` also runs in full (2 workers) and
 * gets a full-horizon record when that takes less than 30 s. Once measured, a preset keeps
 * its kind of record (a record without a full part is not run in full again) unless
 * --remeasure is given; --full gives the named presets a full record whatever their time
 * (timings on a loaded machine mislead, and presets sharing cached runs time as 0 s). Each example scenario in
 * examples/ gets the `run --json` numbers of a full run. A change that moves a record says
 * why in its commit message.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import {
  FULL_RECORD_SECONDS,
  fullPart,
  GOLDEN_SEED,
  type GoldenRecord,
  goldenFile,
  listedFingerprint,
  presetShortRecord,
  readGolden,
} from "@losslab/test-kit/preset-golden";
import { threadRunner } from "../apps/lab/src/sweep/thread-runner.js";
import {
  exampleGoldenFile,
  exampleRecord,
  exampleScenarios,
  examplesGoldenDir,
} from "../apps/lab/test/example-records.js";
import { presets } from "../packages/reproductions/src/presets/index.js";

const flags = ["--remeasure", "--full"];
const remeasure = process.argv.includes("--remeasure");
const forceFull = process.argv.includes("--full");
const names = process.argv.slice(2).filter((arg) => !flags.includes(arg));
const wanted = (name: string) => names.length === 0 || names.includes(name);
const known = [...presets.map((p) => p.name), ...exampleScenarios().map((file) => `examples/${file}`)];
const unknown = names.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  process.stderr.write(`unknown: ${unknown.join(", ")}; give preset names or examples/FILE (${known.join(", ")})\n`);
  process.exit(2);
}
const write = (file: string, record: unknown) => writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
mkdirSync(examplesGoldenDir, { recursive: true });

for (const preset of presets.filter((p) => wanted(p.name))) {
  let started = performance.now();
  const record: GoldenRecord = { name: preset.name, seed: GOLDEN_SEED, short: presetShortRecord(preset) };
  const shortSeconds = (performance.now() - started) / 1000;
  let note = `short ${shortSeconds.toFixed(1)} s`;
  const slowBefore = existsSync(goldenFile(preset.name)) && readGolden(preset.name).full === undefined;
  if (preset.long === true) note += ", long: no full run";
  else if (slowBefore && !remeasure && !forceFull)
    note += ", no full run (slower than 30 s before; --remeasure times it again)";
  else {
    started = performance.now();
    const result = await preset.run({ seed: GOLDEN_SEED, progress: () => {}, sweepRunner: threadRunner(2) });
    const seconds = (performance.now() - started) / 1000;
    // Once measured, a preset keeps its kind of record: the machine's load must not flip it.
    const fullBefore = existsSync(goldenFile(preset.name)) && readGolden(preset.name).full !== undefined;
    const full = forceFull || (fullBefore && !remeasure) || seconds < FULL_RECORD_SECONDS;
    if (full) record.full = fullPart(result);
    // The preset's fingerprint must combine those of the scenario files it lists.
    const listed = listedFingerprint(preset);
    if (listed !== result.fingerprint) {
      throw new Error(
        `${preset.name}: scenarios() does not list the runs run() makes (fingerprint ${listed} != ${result.fingerprint})`,
      );
    }
    note += `, full ${seconds.toFixed(1)} s${full ? "" : " (too slow for a full record)"}`;
  }
  write(goldenFile(preset.name), record);
  process.stdout.write(`${preset.name}: ${note}\n`);
}

for (const example of exampleScenarios().filter((file) => wanted(`examples/${file}`))) {
  const started = performance.now();
  write(exampleGoldenFile(example), await exampleRecord(example));
  process.stdout.write(`examples/${example}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
