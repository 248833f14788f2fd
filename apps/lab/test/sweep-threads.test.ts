/**
 * `losslab sweep --threads N` (docs/spec/parallel.md sec. 6): each point's run split over N
 * threads gives the records of one thread; what a split run refuses is refused before any
 * point runs, naming the point; threads times workers stays within the cores.
 */
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { sweepFile } from "@losslab/test-kit/sweep-files";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runsAtOnce } from "../src/split-runs/runs-at-once.js";
import { losslabInProcess } from "./in-process.js";

/** An example of examples/, cut to `durationMs` (measured throughout). */
function example(name: string, durationMs: number): Record<string, unknown> {
  const { durationCycles, metrics, ...scenario } = parse(
    readFileSync(join(repositoryRoot, "examples", `${name}.yaml`), "utf8"),
  );
  const { measureMs, ...rest } = metrics ?? {};
  return { ...scenario, metrics: rest, durationMs };
}

const out = () => mkdtempSync(join(tmpdir(), "losslab-sweep-threads-"));

describe("sweep --threads", () => {
  // A k = 4 fat tree (by pods), two packet sizes: 2 points.
  const grid = sweepFile(
    { base: "base.json", parameters: { "packets.dataBytes": [1024, 2048] } },
    { "base.json": example("fat-tree-k4", 0.2) },
  );

  it("writes the records of one thread with each point split over 2", { timeout: 120_000 }, async () => {
    const [one, two] = [out(), out()];
    const single = await losslabInProcess("sweep", grid, "--workers", "1", "--out", one);
    expect(single.code, single.stderr).toBe(0);
    const split = await losslabInProcess("sweep", grid, "--workers", "1", "--threads", "2", "--out", two);
    expect(split.code, split.stderr).toBe(0);
    expect(split.stdout).toContain("running 2 on 1 worker, each split over 2 threads");
    const csv = readFileSync(join(one, "results.csv"), "utf8");
    // Two points with different fingerprints: the records say something.
    const fingerprints = new Set(
      csv
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",").at(-1)),
    );
    expect(fingerprints.size).toBe(2);
    expect(readFileSync(join(two, "results.csv"), "utf8")).toBe(csv);
    expect(readFileSync(join(two, "results.json"), "utf8")).toBe(readFileSync(join(one, "results.json"), "utf8"));
    // As shards: each split over 2 threads, collected to the same records.
    const shards = out();
    for (const shard of ["1/2", "2/2"]) {
      const run = await losslabInProcess("sweep", grid, "--shard", shard, "--threads", "2", "--out", shards);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("each split over 2 threads");
    }
    expect((await losslabInProcess("sweep", grid, "--collect", shards)).code).toBe(0);
    expect(readFileSync(join(shards, "results.csv"), "utf8")).toBe(csv);
  });

  it("splits the points' runs: traffic a split run refuses as it runs fails the point on threads only", {
    timeout: 120_000,
  }, async () => {
    const collectives = sweepFile(
      { base: "base.json", parameters: { seed: [1] } },
      { "base.json": example("collectives", 0.3) },
    );
    const [one, two] = [out(), out()];
    expect((await losslabInProcess("sweep", collectives, "--workers", "1", "--out", one)).code).toBe(0);
    const split = await losslabInProcess("sweep", collectives, "--threads", "2", "--out", two);
    expect(split.code).toBe(3);
    expect(split.stderr).toContain(
      "point 1 (seed=1) failed: --threads 2: a device acted on a device of another part without a link between them",
    );
  });

  it("refuses, before any point runs, a point a split run does not support, naming it", async () => {
    // A 9-group Dragonfly, routed by Valiant or by UGAL-G (which reads every router's queues).
    const dragonfly = {
      durationMs: 0.1,
      topology: { kind: "dragonfly", p: 2, a: 4, h: 2, delayNs: 50 },
      switch: { kind: "input-buffered", vls: 3 },
      flows: [{ source: "H0", destination: "H40" }],
    };
    const routed = sweepFile(
      { base: "base.json", parameters: { "topology.routing": ["valiant", "ugal-g"] } },
      { "base.json": dragonfly },
    );
    const dir = out();
    const run = await losslabInProcess("sweep", routed, "--threads", "2", "--out", dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `losslab: ${routed}: point 2 (topology.routing=ugal-g): --threads 2: not supported on threads yet: topology.routing "ugal-g" (it reads every router's queues)\n`,
    );
    expect(existsSync(join(dir, "results.csv"))).toBe(false);
    const many = await losslabInProcess("sweep", grid, "--threads", "5", "--out", out());
    expect(many.code).toBe(2);
    expect(many.stderr).toBe(
      `losslab: ${grid}: point 1 (packets.dataBytes=1024): --threads 5: the fabric has 4 pods, so it splits into at most 4 parts, not 5\n`,
    );
  });

  it("says that the base scenario's threads: is run's, and runs the points on one thread", {
    timeout: 60_000,
  }, async () => {
    const withThreads = sweepFile(
      { base: "base.json", parameters: { "packets.dataBytes": [1024] } },
      { "base.json": { ...example("fat-tree-k4", 0.1), threads: 2 } },
    );
    const run = await losslabInProcess("sweep", withThreads, "--workers", "1", "--out", out());
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      "losslab: note: the base scenario's threads: 2 is for `losslab run`; a sweep splits its points over --threads (default 1)\n",
    );
    expect(run.stdout).toContain("running 1 on 1 worker\n");
  });

  it("refuses more workers than the cores hold split runs, and --threads where this machine runs nothing", async () => {
    const cores = availableParallelism();
    const fit = Math.max(1, Math.floor(cores / 2));
    const crowded = await losslabInProcess("sweep", grid, "--threads", "2", "--workers", String(fit + 1));
    expect(crowded.code).toBe(2);
    expect(crowded.stderr).toBe(
      `losslab: --workers ${fit + 1} with --threads 2 runs ${2 * (fit + 1)} threads, more than this machine's ${cores} cores: give --workers ${fit === 1 ? "1" : `${fit} or fewer`}, or leave --workers out\n`,
    );
    const collect = await losslabInProcess("sweep", grid, "--threads", "2", "--collect", out());
    expect(collect.code).toBe(2);
    expect(collect.stderr).toMatch(/^losslab: --threads splits the points this machine runs.*not with --collect/);
  });

  it("runs as many split runs at once as the cores hold", () => {
    expect(runsAtOnce(1, undefined, 8)).toBe(8);
    expect(runsAtOnce(2, undefined, 8)).toBe(4);
    expect(runsAtOnce(3, undefined, 8)).toBe(2);
    expect(runsAtOnce(16, undefined, 8)).toBe(1);
    expect(runsAtOnce(2, 4, 8)).toBe(4);
    expect(runsAtOnce(16, 1, 8)).toBe(1);
    // One thread keeps what --workers always allowed: more workers than cores.
    expect(runsAtOnce(1, 12, 8)).toBe(12);
    expect(() => runsAtOnce(2, 5, 8)).toThrow(
      "--workers 5 with --threads 2 runs 10 threads, more than this machine's 8 cores",
    );
  });
});
