/**
 * The built CLI (apps/lab/dist/cli.js, what `npm i @losslab/lab` installs as `losslab`), not
 * the sources: it is built first (turbo: cached when nothing changed). Sweeps on worker
 * threads need the worker module beside the bundle.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ringDeadlock, ringScenario } from "@losslab/test-kit/deadlock-ring";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { beforeAll, describe, expect, it } from "vitest";
import { errorLine } from "../src/terminal/error-line.js";
import { withoutSlowerSplit } from "./slower-split.js";

const cli = join(repositoryRoot, "apps", "lab", "dist", "cli.js");
const built = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: repositoryRoot, encoding: "utf8" });

beforeAll(() => {
  const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], {
    cwd: repositoryRoot,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`pnpm build failed:\n${build.stdout}\n${build.stderr}`);
}, 300_000);

describe("the built losslab CLI", () => {
  it("runs a sweep on 2 worker threads, with the same results.csv as on 1", { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const sweep = join(dir, "sweep.json");
    writeFileSync(
      sweep,
      JSON.stringify({
        base: { durationMs: 2, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } },
        parameters: { "topology.local": [1, 2, 3] },
      }),
    );
    const results: string[] = [];
    for (const workers of ["1", "2"]) {
      const out = join(dir, `out-${workers}`);
      const run = built("sweep", sweep, "--workers", workers, "--out", out);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      results.push(readFileSync(join(out, "results.csv"), "utf8"));
    }
    expect(results[1]).toBe(results[0]);
    expect(results[0]!.trim().split("\n")).toHaveLength(4);
  });

  it("reproduces presets at once on 2 worker threads, to the files of 1", { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const only = ["santos2002-fig2b", "santos2002-fig6"];
    const files = ["1", "2"].map((workers) => {
      const out = join(dir, `all-${workers}`);
      const run = built("reproduce", "--all", "--only", only.join(","), "--workers", workers, "--out", out);
      expect(run.status, run.stderr).toBe(0);
      return only.map((preset) => readFileSync(join(out, preset, "result.json"), "utf8"));
    });
    expect(files[1]).toEqual(files[0]);
  });

  it("records a point that fails on a worker thread and runs the others (exit code 3)", { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const sweep = join(dir, "sweep.json");
    // The deadlock ring runs through in 1 ms and deadlocks 2 ms into a 3 ms run (the test kit's deadlock-ring.ts).
    writeFileSync(sweep, JSON.stringify({ base: ringScenario(), parameters: { durationMs: [1, 3] } }));
    const out = join(dir, "out");
    const run = built("sweep", sweep, "--workers", "2", "--out", out);
    expect(run.status).toBe(3);
    expect(run.stderr).toContain(`losslab: point 2 (durationMs=3) failed: ${errorLine(ringDeadlock(3))}`);
    expect(run.stderr).not.toContain("    at ");
    const rows = readFileSync(join(out, "results.csv"), "utf8").trim().split("\n");
    expect(rows[1]).toMatch(/,[0-9a-f]{16}$/);
    expect(rows[2]).toMatch(/,"DeadlockError: deadlock at 2 ms: [^"]*",$/);
  });

  it("writes a Slurm job array whose tasks, run by hand, and collect step give the bytes of --workers 1", {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const sweep = join(dir, "sweep.json");
    writeFileSync(
      sweep,
      JSON.stringify({
        base: { durationMs: 2, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } },
        parameters: { "topology.local": [1, 2, 3, 4] },
      }),
    );
    const w1 = join(dir, "w1");
    expect(built("sweep", sweep, "--workers", "1", "--out", w1).status).toBe(0);
    const array = join(dir, "array");
    const write = built("sweep", sweep, "--slurm", array, "--shards", "2");
    expect(write.status, write.stderr).toBe(0);
    const script = readFileSync(join(array, "shards.sbatch"), "utf8");
    // The tasks run the built CLI that wrote the script, from wherever bash runs them.
    expect(script).toContain(`exec ${process.execPath} ${cli} sweep ${sweep}`);
    // Slurm's part, by hand: each task of --array=1-2 with its SLURM_ARRAY_TASK_ID, then the collect step.
    for (const task of ["1", "2"]) {
      const run = spawnSync("bash", [join(array, "shards.sbatch")], {
        cwd: tmpdir(),
        encoding: "utf8",
        env: { ...process.env, SLURM_ARRAY_TASK_ID: task },
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(`shard ${task}/2: 2 of 4 points`);
    }
    const collect = spawnSync("bash", [join(array, "collect.sbatch")], { cwd: tmpdir(), encoding: "utf8" });
    expect(collect.status, collect.stderr).toBe(0);
    for (const name of readdirSync(w1)) {
      expect(readFileSync(join(array, name)).equals(readFileSync(join(w1, name))), name).toBe(true);
    }
  });

  it("runs a scenario file and prints its fingerprint", { timeout: 60_000 }, () => {
    const run = built("run", "examples/santos-fig2a.json", "--json");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });

  it("runs the CBFC example: credit updates on the links, no PAUSE frame, congestion spread to the victim", {
    timeout: 60_000,
  }, () => {
    const run = built("run", "examples/cbfc-victim.yaml", "--json");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.stats.packetHops.creditUpdate).toBeGreaterThan(0);
    expect(result.stats.packetHops.pause).toBe(0);
    // The victim's max-min share is 0.5 of its link; spreading leaves it far below (docs/spec/cbfc.md).
    expect(result.summary.groups.victim).toBeLessThan(0.25);
  });

  it("runs the rerouting example: every flow finishes round the cut, and the routes recomputed once; a credit fabric may fail links", {
    timeout: 60_000,
  }, () => {
    const run = built("run", "examples/link-failure-reroute.yaml");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^ {2}into-edge0 +count 6 /m);
    expect(run.stdout).toMatch(
      /^link failures: [1-9]\d* frames lost \(pod0-agg0->pod0-edge0 \d+, pod0-edge0->pod0-agg0 \d+\); routes recomputed once$/m,
    );
    // The same cut on a lossless CBFC fabric, where the transport's timeout recovers the lost packets.
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const credits = join(dir, "credits.yaml");
    const example = readFileSync(join(repositoryRoot, "examples", "link-failure-reroute.yaml"), "utf8");
    writeFileSync(
      credits,
      example
        .replace("flowControl: { kind: pause, xoffBytes: 100000, xonBytes: 90000 }", "flowControl: { kind: cbfc }")
        .replace("lossyPriorities: [0]", "lossyPriorities: []")
        .replace("packets:", "adapter: { retransmitTimeoutUs: 200 }\npackets:"),
    );
    const cbfc = built("run", credits, "--json");
    expect(cbfc.status, cbfc.stderr).toBe(0);
    const result = JSON.parse(cbfc.stdout);
    expect(result.completions["into-edge0"].count).toBe(6);
    expect(result.failures.lost).toBeGreaterThan(0);
    expect(result.stats.packetHops.creditUpdate).toBeGreaterThan(0);
  });

  it("reproduces a collective preset: its claims with PASS, its charts as PNG", { timeout: 120_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-built-ring-"));
    const run = built("reproduce", "ring-allreduce-bound", "--out", out);
    expect(run.status).toBe(0);
    for (const id of ["RB.1", "RB.2", "RB.3", "RB.4"])
      expect(run.stdout).toMatch(new RegExp(`PASS {2}${id.replace(".", "\\.")} `));
    expect(readFileSync(join(out, "ring-allreduce-bound.png")).subarray(1, 4).toString()).toBe("PNG");
    const collectives = built("run", "examples/collectives.yaml", "--json");
    expect(collectives.status).toBe(0);
    expect(JSON.parse(collectives.stdout).collectives["ring-640k"].runs[0].stepsUs).toHaveLength(30);
  });

  it("runs the spraying example: the reorder buffer it prints, and one losslab: line for a bad multipath kind", {
    timeout: 60_000,
  }, () => {
    const run = built("run", "examples/spraying-permutation.yaml", "--json");
    expect(run.status).toBe(0);
    const reorder = JSON.parse(run.stdout).reorder;
    expect(reorder.all.maxPackets).toBeGreaterThan(0);
    expect(reorder.all.arrivals).toBe(16_000);
    expect(Object.keys(reorder.flows)).toHaveLength(16);
    expect(built("run", "examples/spraying-permutation.yaml").stdout).toMatch(
      /^reorder buffer \(in-order delivery, per flow\): max [1-9]\d* packets/m,
    );
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const bad = join(dir, "bad.yaml");
    writeFileSync(
      bad,
      readFileSync(join(repositoryRoot, "examples", "spraying-permutation.yaml"), "utf8").replace(
        "kind: oblivious",
        "kind: spray",
      ),
    );
    const refused = built("run", bad);
    expect(refused.status).toBe(2);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^losslab: .*multipath.*ecmp, oblivious, round-robin, reps/);
  });

  it("runs a scenario split over 2 and 4 threads (the part workers beside the bundle), with the result of 1", {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const file = join(dir, "fat-tree.json");
    writeFileSync(
      file,
      JSON.stringify({
        durationMs: 0.2,
        topology: { kind: "fat-tree", k: 4, delayNs: 100 },
        flows: [0, 1, 2, 3, 4, 5, 6, 7].map((host) => ({ source: `H${host}`, destination: `H${15 - host}` })),
      }),
    );
    const results = ["1", "2", "4"].map((threads) => {
      const run = built("run", file, "--json", "--threads", threads);
      expect(withoutSlowerSplit(run.stderr)).toBe("");
      expect(run.status).toBe(0);
      const { stats, ...result } = JSON.parse(run.stdout);
      expect(stats.threads?.length ?? 1).toBe(Number(threads));
      return { result, hops: stats.packetHops };
    });
    expect(results[0]!.result.delivered).toBeGreaterThan(0);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  it("writes the single run's packet trace from a run split over 2 threads, and stops at its deadlock as it does", {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const file = join(dir, "fat-tree.json");
    writeFileSync(
      file,
      JSON.stringify({
        durationMs: 0.1,
        topology: { kind: "fat-tree", k: 4, delayNs: 500 },
        flows: [0, 1, 2, 3, 4, 5, 6, 7].map((host) => ({ source: `H${host}`, destination: `H${15 - host}` })),
      }),
    );
    const traces = ["1", "2"].map((threads) => {
      const out = join(dir, `trace-${threads}.ndjson`);
      const run = built("run", file, "--json", "--threads", threads, "--trace", out, "--trace-kinds", "all");
      expect(run.status, run.stderr).toBe(0);
      return readFileSync(out, "utf8");
    });
    expect(traces[0]!.split("\n").length).toBeGreaterThan(100);
    expect(traces[1] === traces[0], "the trace of 2 threads differs").toBe(true);
    const ring = join(dir, "ring.json");
    writeFileSync(ring, JSON.stringify({ ...ringScenario(), durationMs: 3 }));
    const [single, split] = ["1", "2"].map((threads) => built("run", ring, "--json", "--threads", threads));
    expect(split!.status).toBe(2);
    expect(split!.stderr).toBe(single!.stderr);
    expect(split!.stderr).toContain(ringDeadlock(3).message);
  });

  it("splits a run by the file's threads:, and a sweep's points by --threads, with the results of one thread", {
    timeout: 120_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-built-"));
    const scenario = {
      durationMs: 0.2,
      topology: { kind: "fat-tree", k: 4, delayNs: 100 },
      flows: [0, 1, 2, 3].map((host) => ({ source: `H${host}`, destination: `H${15 - host}` })),
    };
    writeFileSync(join(dir, "plain.json"), JSON.stringify(scenario));
    writeFileSync(join(dir, "two.json"), JSON.stringify({ ...scenario, threads: 2 }));
    const [plain, two] = ["plain.json", "two.json"].map((file) => {
      const run = built("run", join(dir, file), "--json");
      expect(withoutSlowerSplit(run.stderr)).toBe("");
      expect(run.status).toBe(0);
      return JSON.parse(run.stdout);
    });
    expect(plain.stats.threads).toBeUndefined();
    expect(two.stats.threads).toHaveLength(2);
    const { stats: _plain, ...plainResult } = plain;
    const { stats: _two, ...twoResult } = two;
    expect(twoResult).toEqual(plainResult);

    writeFileSync(
      join(dir, "sweep.json"),
      JSON.stringify({ base: "plain.json", parameters: { "packets.dataBytes": [1024, 2048] } }),
    );
    const csv = ["1", "2"].map((threads) => {
      const out = join(dir, `sweep-${threads}`);
      const sweep = built("sweep", join(dir, "sweep.json"), "--threads", threads, "--out", out);
      expect(sweep.stderr).toBe("");
      expect(sweep.status).toBe(0);
      return readFileSync(join(out, "results.csv"), "utf8");
    });
    expect(csv[0]!.trim().split("\n")).toHaveLength(3);
    expect(csv[1]).toBe(csv[0]);
  });
});
