/**
 * What `run` prints of collectives (issue 44): examples/collectives.yaml in-process, its
 * table's collectives section, `--json`'s `collectives`, `--series`' `collective:<name>`
 * points, and `--out`'s collectives chart with a bound line per kind.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { losslabInProcess } from "./in-process.js";

const file = join(repositoryRoot, "examples", "collectives.yaml");
const names = ["all-to-all", "halving-doubling", "pipeline", "ring-160k", "ring-2560k", "ring-640k"];

describe("run with collectives", () => {
  it("prints each collective's completion, longest step and slowest rank", async () => {
    const { code, stdout } = await losslabInProcess("run", file);
    expect(code).toBe(0);
    expect(stdout).toContain("collectives, completion time (us): first flow's start to last flow's delivery:");
    expect(stdout).toMatch(/ {2}ring-160k \(ring-allreduce, 16 ranks, 160000 bytes\): runs 1 {2}mean [\d.]+/);
    expect(stdout).toMatch(/ {2}pipeline \(pipeline, 4 ranks, 400000 bytes\): runs 2 /);
    expect(stdout).toMatch(/slowest run: 30 steps, longest step \d+ \([\d.]+ us\), slowest rank \d+ on H\d+/);
  });

  it("--json holds every run's steps; --series a point per run; --out draws completion against size", async () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-collectives-"));
    const { code, stdout } = await losslabInProcess("run", file, "--json", "--series", "--out", out);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json.collectives)).toEqual(names);
    const ring = json.collectives["ring-640k"];
    expect(ring).toMatchObject({ kind: "ring-allreduce", ranks: 16, bytes: 640000, count: 1 });
    const run = ring.runs[0];
    expect(run.stepsUs).toHaveLength(30);
    // The steps' shares add up to the completion (each rounded to 6 digits).
    const sum = run.stepsUs.reduce((a: number, b: number) => a + b, 0);
    expect(Math.abs(sum - run.completionUs)).toBeLessThan(0.01);
    expect(json.collectives.pipeline.runs).toHaveLength(2);
    // Started 300 us into the run, so its point is at 0.3 ms.
    expect(json.series["collective:ring-640k"]).toEqual([[0.3, run.completionUs]]);
    const csv = readFileSync(join(out, "collectives.csv"), "utf8");
    expect(csv).toContain("ring-allreduce, 16 ranks");
    expect(csv).toContain("bound, all-to-all, 16 ranks");
    expect(csv).toContain("bound, pipeline, 4 ranks");
  });
});
