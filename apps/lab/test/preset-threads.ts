/**
 * A preset's files (result.json's text, its charts' CSV) with each of its runs cut short by
 * the runner, on one thread and split over two by the CLI's runner (`presetRunsOnThreads`),
 * for reproduce-threads.test.ts and its full counterpart.
 */
import { chartToCsv, resultJsonText, type ScenarioRunner } from "@losslab/reproductions";
import { runScenario } from "@losslab/scenario";
import { cutScenario } from "@losslab/test-kit/cut-scenario";
import { expect, vi } from "vitest";
import { presetRunsOnThreads } from "../src/split-runs/preset-runs.js";
import { threadRunner } from "../src/sweep/thread-runner.js";

/** Short enough that a two-switch run's 10 ns windows take well under a second. */
const CUT_MS = 0.2;
const CUT_CYCLES = 2000;

/**
 * The preset's result.json text and charts' CSV with each run cut short, on `threads`
 * threads (the CLI's runner: `warn` as under --all), and how many runs were split.
 */
async function cutFiles(name: string, threads: number, warn?: (line: string) => void) {
  // A fresh copy of the presets: a sweep's points made once stay made in a process (shared-points.ts).
  vi.resetModules();
  const { findPreset } = await import("@losslab/reproductions");
  const preset = findPreset(name);
  const split = threads > 1 ? presetRunsOnThreads(preset, 1, threads, warn) : undefined;
  let splitRuns = 0;
  const runner: ScenarioRunner = async (scenario, onProgress) => {
    const cut = cutScenario(scenario, CUT_MS, CUT_CYCLES);
    const result = split === undefined ? runScenario(cut) : await split(cut, onProgress);
    if (result.stats.threads !== undefined) splitRuns++;
    return result;
  };
  const result = await preset.run({
    seed: 1,
    progress: () => {},
    scenarioRunner: runner,
    // A sweep's points from the sources run in this thread (`atOnceHere`), each split.
    sweepRunner: threadRunner(1, undefined, { threads, runner }),
  });
  const files: Record<string, string> = { "result.json": resultJsonText(preset.name, 1, result) };
  for (const chart of result.charts) files[`${chart.name}.csv`] = chartToCsv(chart);
  return { files, splitRuns };
}

/** The preset's files at 2 threads equal those on one, with `split` of its runs split (`warnings` as under --all). */
export async function expectSameOnTwoThreads(name: string, split: number, warnings: string[] = []) {
  const one = await cutFiles(name, 1);
  const heard: string[] = [];
  const two = await cutFiles(name, 2, warnings.length > 0 ? (line) => heard.push(line) : undefined);
  expect(two.files).toEqual(one.files);
  expect(JSON.parse(one.files["result.json"]!).fingerprint).toMatch(/^[0-9a-f]{16}$/);
  expect(two.splitRuns).toBe(split);
  expect(heard).toEqual(warnings);
}
