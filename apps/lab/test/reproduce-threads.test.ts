/**
 * `losslab reproduce NAME --threads N` and `reproduce --all --threads N`: every preset runs
 * each of its runs, its sweep's points included, by the runner that splits it over N threads;
 * the result (result.json's text, the charts' CSV) is the one thread's. A preset with a run
 * that threads do not support is refused in one line naming the preset, the run and the
 * reason, before or as it runs; under --all such runs run on one thread instead, named in a
 * warning line. The presets' runs here are cut to a short horizon by the runner (the CLI has
 * no such option): the split is of each cut run, as of a full one.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { losslabInProcess } from "./in-process.js";
import { expectSameOnTwoThreads } from "./preset-threads.js";

// A sweep's points split (santos2002-fig5), and a Dragonfly's, take a minute or more: test/full/.
describe("reproduce --threads: the files of one thread, each run split", () => {
  it("santos: santos2002-fig4c (input-output-triggered marking, its run and the two it compares with)", {
    timeout: 300_000,
  }, async () => {
    await expectSameOnTwoThreads("santos2002-fig4c", 3);
  });

  it("turner: turner-vl (its two runs on one VL and on two)", { timeout: 300_000 }, async () => {
    await expectSameOnTwoThreads("turner-vl", 2);
  });

  it("datacenter: dcqcn-victim (PFC alone and DCQCN)", { timeout: 300_000 }, async () => {
    await expectSameOnTwoThreads("dcqcn-victim", 2);
  });

  it("hpcc: hpcc-websearch (a sweep of 8 points, HPCC's INT records crossing)", { timeout: 300_000 }, async () => {
    await expectSameOnTwoThreads("hpcc-websearch", 8);
  });

  it("under --all, uec-cbfc: the runs threads support split, the others on one thread, named in one line", {
    timeout: 300_000,
  }, async () => {
    await expectSameOnTwoThreads("uec-cbfc", 6, [
      "uec-cbfc: --threads 2: on one thread (the same results), run 7 of 7: the fabric has 1 switch (hosts stay with their switch), so it splits into at most 1 part, not 2",
    ]);
  });
});

describe("reproduce --threads: refusals", () => {
  it("refuses, before any run, a preset with a run that threads do not support, naming the run", async () => {
    const refused = async (name: string) => {
      const run = await losslabInProcess("reproduce", name, "--threads", "2", "--json");
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      return run.stderr;
    };
    // One of each family whose presets all have such a run.
    expect(await refused("chrysos-fig2a")).toBe(
      "losslab: chrysos-fig2a, run 1 of 1: --threads 2: the fabric has 1 switch (hosts stay with their switch), so it splits into at most 1 part, not 2\n",
    );
    // A sweep's points are its runs.
    expect(await refused("ferrer-fig4")).toMatch(
      /^losslab: ferrer-fig4, run 1 of 3: --threads 2: not supported on threads yet: adapter\.queues "per-destination"/,
    );
    expect(await refused("dragonfly-shift")).toMatch(
      /^losslab: dragonfly-shift, run \d+ of 36: --threads 2: not supported on threads yet: topology\.routing "ugal-g"/,
    );
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
});

describe("reproduce --all --threads", () => {
  it("runs every preset, those with runs threads refuse on one thread, named in one warning line each", {
    timeout: 300_000,
  }, async () => {
    const files = async (...args: string[]) => {
      const out = mkdtempSync(join(tmpdir(), "losslab-reproduce-all-threads-"));
      const only = "chrysos-fig3c,santos2002-fig6,ring-allreduce-bound";
      const run = await losslabInProcess("reproduce", "--all", "--only", only, "--out", out, "--workers", "1", ...args);
      expect(run.code, run.stderr).toBe(0);
      const kept: Record<string, string> = {};
      for (const preset of readdirSync(out).filter((name) => !name.includes("."))) {
        for (const file of readdirSync(join(out, preset)).filter((f) => f === "result.json" || f.endsWith(".csv"))) {
          kept[`${preset}/${file}`] = readFileSync(join(out, preset, file), "utf8");
        }
      }
      return { kept, warnings: run.stderr.split("\n").filter((line) => line.startsWith("losslab: warning:")) };
    };
    const one = await files();
    const two = await files("--threads", "2");
    expect(Object.keys(one.kept)).toContain("santos2002-fig6/result.json");
    expect(two.kept).toEqual(one.kept);
    expect(one.warnings).toEqual([]);
    expect(two.warnings).toEqual([
      "losslab: warning: chrysos-fig3c: --threads 2: on one thread (the same results), its run: the fabric has 1 switch (hosts stay with their switch), so it splits into at most 1 part, not 2",
      ...[1, 2, 3, 4].map(
        (run) =>
          `losslab: warning: ring-allreduce-bound, run ${run} of 4: --threads 2: a device acted on a device of another part without a link between them (traffic that starts flows when others complete or at a count of deliveries does: collectives, hot-spot triggers): run it with --threads 1; it runs again on one thread`,
      ),
    ]);
  });
});
