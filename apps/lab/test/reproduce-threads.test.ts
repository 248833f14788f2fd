/**
 * `losslab reproduce NAME --threads N`: each of a preset's runs split over N threads gives the
 * files of one thread (result.json: summary, fingerprint and claims; the charts' CSV data);
 * a preset with a run that threads do not support is refused in one line naming the preset,
 * the run and the reason, before or as it runs.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import type { Preset } from "@losslab/reproductions";
import { parseScenario, runScenario } from "@losslab/scenario";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { presetRunsOnThreads } from "../src/split-runs/preset-runs.js";
import { losslabInProcess } from "./in-process.js";

/** A preset of one run, examples/fat-tree-k4.yaml cut to 0.1 ms, that runs it by `run`. */
function fatTreePreset(run: Preset["run"]): Preset {
  const { durationCycles, metrics, ...scenario } = parse(
    readFileSync(join(repositoryRoot, "examples", "fat-tree-k4.yaml"), "utf8"),
  );
  const { measureMs, ...rest } = metrics ?? {};
  const input = { ...scenario, metrics: rest, durationMs: 0.1 };
  return { name: "fat-tree-test", description: "", expectedRuntime: "1 s", scenarios: () => [input], run };
}

const empty = { params: {}, fingerprint: "", summary: {}, checks: [], charts: [] };

describe("reproduce --threads", () => {
  it("refuses, before any run, a preset with a run that threads do not support, naming the run", async () => {
    const managed = await losslabInProcess("reproduce", "turner-noncompliant", "--threads", "2", "--json");
    expect(managed.code).toBe(2);
    expect(managed.stdout).toBe("");
    expect(managed.stderr).toBe(
      "losslab: turner-noncompliant, run 2 of 2: --threads 2: not supported on threads yet: subnetManager\n",
    );
    const oneSwitch = await losslabInProcess("reproduce", "chrysos-fig3c", "--threads", "2", "--json");
    expect(oneSwitch.code).toBe(2);
    expect(oneSwitch.stderr).toMatch(/^losslab: chrysos-fig3c, run 1 of 1: --threads 2: .*1 switch/);
    const all = await losslabInProcess("reproduce", "--all", "--threads", "2");
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/^losslab: --threads splits one preset's runs; not with --all/);
  });

  it("refuses, as it runs, a preset whose run meets a refusal on threads (collectives), naming the run", {
    timeout: 120_000,
  }, async () => {
    const run = await losslabInProcess("reproduce", "ring-allreduce-bound", "--threads", "2", "--json");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "losslab: ring-allreduce-bound, run 1 of 4: --threads 2: a device acted on a device of another part without a link between them (traffic that starts flows when others complete or at a count of deliveries does: collectives, hot-spot triggers): run it with --threads 1\n",
    );
  });

  it("refuses more sweep workers than the cores hold split runs", async () => {
    const cores = availableParallelism();
    const fit = Math.max(1, Math.floor(cores / 2));
    const run = await losslabInProcess("reproduce", "santos2002-fig2a", "--threads", "2", "--workers", String(fit + 1));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^losslab: --workers ${fit + 1} with --threads 2 runs ${2 * (fit + 1)} threads, more than this machine's ${cores} cores`,
      ),
    );
  });

  it("gives presets a runner that splits each run, and warns of a preset that ran one without it", async () => {
    const preset = fatTreePreset(async () => empty);
    const { runner, unsplit } = presetRunsOnThreads(preset, 1, 2);
    const split = await runner(parseScenario(preset.scenarios(1)[0]));
    expect(split.stats.threads).toHaveLength(2);
    expect(split.fingerprint).toBe(runScenario(parseScenario(preset.scenarios(1)[0])).fingerprint);
    expect(unsplit()).toBeUndefined();
    // A preset that runs its scenario itself never calls the runner: its run was not split,
    // which must not pass unseen.
    const bypass = presetRunsOnThreads(preset, 1, 2);
    expect(bypass.unsplit()).toBe(
      "fat-tree-test: --threads 2: 1 of its 1 runs ran on one thread (this preset runs them itself; its results are the same)",
    );
  });
});
