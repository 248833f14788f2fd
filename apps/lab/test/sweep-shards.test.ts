/**
 * A sweep as shards run by separate processes (`--shard I/N --out DIR`, as a job array's
 * tasks run them) into one shared directory, then `--collect DIR`: the same files, byte for
 * byte, as `--workers 1`, even with a shard killed (SIGKILL) and run again; a kept point that
 * does not check out is refused, named, with the shard to run again.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ringScenario } from "@losslab/test-kit/deadlock-ring";
import { cliArgs, losslab, startLosslab } from "@losslab/test-kit/losslab-cli";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { sweepFile } from "@losslab/test-kit/sweep-files";
import { beforeAll, describe, expect, it } from "vitest";
import { isCleanError } from "./hostile-scenarios.js";
import { losslabInProcess } from "./in-process.js";

/** 12 points; 30 ms each, so that a shard of 4 can be killed between two of its points. */
const sweep = {
  base: {
    name: "tiny",
    durationMs: 30,
    topology: { kind: "two-switch", local: 1, remote: 1 },
    flows: { pattern: "santos", victimMs: null },
  },
  parameters: { "topology.local": [1, 2, 3, 4, 5, 6], "topology.remote": [1, 2] },
};
const POINTS = 12;

/** The regular files of `dir` with their bytes (base64), by name: subdirectories (points/, logs/) and `except` left out. */
function files(dir: string, except: readonly string[] = []): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (except.includes(name) || !statSync(path).isFile()) continue;
    found[name] = readFileSync(path).toString("base64");
  }
  return found;
}

/** The point records in DIR/points/ (temporary files of a killed writer left out). */
const records = (dir: string) => readdirSync(join(dir, "points")).filter((name) => /^point-\d+\.json$/.test(name));

const file = sweepFile(sweep);
let uninterrupted: Record<string, string>;
/** The same grid at 2 ms a point, for the tests that need no time to kill a shard in. */
const quickSweep = { ...sweep, base: { ...sweep.base, durationMs: 2 } };
const quick = sweepFile(quickSweep);
let quickFiles: Record<string, string>;

beforeAll(async () => {
  const out = mkdtempSync(join(tmpdir(), "losslab-shards-w1-"));
  const run = await losslabInProcess("sweep", file, "--workers", "1", "--out", out);
  expect(run.code, run.stderr).toBe(0);
  uninterrupted = files(out);
  // The charts are there too: every file --workers 1 writes is compared.
  expect(Object.keys(uninterrupted)).toEqual(expect.arrayContaining(["results.csv", "results.json"]));
  expect(Object.keys(uninterrupted).filter((name) => name.endsWith(".svg")).length).toBeGreaterThan(0);
  const quickOut = mkdtempSync(join(tmpdir(), "losslab-shards-w1-"));
  expect((await losslabInProcess("sweep", quick, "--workers", "1", "--out", quickOut)).code).toBe(0);
  quickFiles = files(quickOut);
}, 60_000);

describe("losslab sweep --shard I/N, then --collect", () => {
  it("3 shards into one directory, one killed (SIGKILL) and run again, collect to the bytes of --workers 1", {
    timeout: 90_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-shards-"));
    // Shard 2 alone first, killed once it has kept its first point.
    const killed = startLosslab("sweep", file, "--shard", "2/3", "--out", dir, "--workers", "1");
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (readdirSync(dir).includes("points") && records(dir).length >= 1) {
          clearInterval(poll);
          resolve();
        }
      }, 5);
    });
    killed.child.kill("SIGKILL");
    expect((await killed.exit).signal).toBe("SIGKILL");
    const kept = records(dir);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(POINTS / 3);
    // Whole records only: each one parses.
    for (const name of kept) expect(() => JSON.parse(readFileSync(join(dir, "points", name), "utf8"))).not.toThrow();
    const inodes = kept.map((name) => statSync(join(dir, "points", name)).ino);

    // The three shards at once (shard 2 run again with the same command), as a job array's tasks would.
    const runs = ["1/3", "2/3", "3/3"].map((shard) => {
      const run = startLosslab("sweep", file, "--shard", shard, "--out", dir, "--workers", "1");
      let stdout = "";
      run.child.stdout!.on("data", (chunk) => {
        stdout += chunk;
      });
      return { run, stdout: () => stdout };
    });
    for (const { run } of runs) expect((await run.exit).code, run.stderr()).toBe(0);
    for (const { run } of runs) expect(run.stderr()).toBe("");
    // The rerun went on from what it kept: those records were taken, not written again.
    expect(runs[1]!.stdout()).toContain(
      `tiny: shard 2/3: ${POINTS / 3} of ${POINTS} points, ${kept.length} already done, running ${POINTS / 3 - kept.length} on 1 worker`,
    );
    expect(kept.map((name) => statSync(join(dir, "points", name)).ino)).toEqual(inodes);
    expect(records(dir)).toHaveLength(POINTS);

    const collect = await losslabInProcess("sweep", file, "--collect", dir);
    expect(collect.stderr).toBe("");
    expect(collect.code).toBe(0);
    expect(collect.stdout).toContain(`tiny: collected ${POINTS} points from 3 shards in ${dir}/points/`);
    expect(files(dir)).toEqual(uninterrupted);
  });

  it("refuses a kept point that does not check out, names it and the shard to run again", {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-shards-"));
    for (const shard of ["1/2", "2/2"]) {
      expect((await losslabInProcess("sweep", quick, "--shard", shard, "--out", dir, "--workers", "1")).code).toBe(0);
    }
    expect((await losslabInProcess("sweep", quick, "--collect", dir)).code).toBe(0);
    const record = (n: number) => join(dir, "points", `point-${n}.json`);
    const original = readFileSync(record(3), "utf8");
    const shardOf3 = JSON.parse(original).shard as string;
    expect(shardOf3).toMatch(/^[12]\/2$/);

    // Each way a kept point can be wrong, one at a time: refused with one line and exit 2, nothing trusted.
    const refused = async (why: string) => {
      const collect = await losslabInProcess("sweep", quick, "--collect", dir);
      expect(collect.code).toBe(2);
      expect(isCleanError(collect.stderr), collect.stderr).toBe(true);
      expect(collect.stderr).toBe(
        `losslab: --collect ${dir}: 1 of ${POINTS} points cannot be collected (point 3 (topology.local=2, topology.remote=1): ${why}); run shard ${shardOf3} again (losslab sweep ${quick} --shard ${shardOf3} --out ${dir}), then --collect again\n`,
      );
    };
    // A number edited, the file still JSON.
    const forged = JSON.parse(original);
    forged.result.values.delivered += 1;
    writeFileSync(record(3), JSON.stringify(forged));
    await refused("edited or damaged (its SHA-256 does not check out)");
    // Cut short.
    writeFileSync(record(3), original.slice(0, original.length / 2));
    await refused("cut short or not JSON");
    // Missing.
    unlinkSync(record(3));
    await refused("missing");
    // The record of another sweep file's point 3 (another base scenario).
    const other = sweepFile({ ...quickSweep, base: { ...quickSweep.base, durationMs: 3 } });
    const otherDir = mkdtempSync(join(tmpdir(), "losslab-shards-other-"));
    expect(
      (await losslabInProcess("sweep", other, "--shard", shardOf3, "--out", otherDir, "--workers", "1")).code,
    ).toBe(0);
    writeFileSync(record(3), readFileSync(join(otherDir, "points", "point-3.json")));
    await refused(`kept for another sweep file (${other})`);
    // The same sweep quick, its base scenario changed since the shards ran.
    writeFileSync(record(3), original);
    writeFileSync(quick, JSON.stringify({ ...quickSweep, base: { ...quickSweep.base, durationMs: 3 } }));
    try {
      const collect = await losslabInProcess("sweep", quick, "--collect", dir);
      expect(collect.code).toBe(2);
      expect(isCleanError(collect.stderr), collect.stderr).toBe(true);
      expect(collect.stderr).toContain(
        `${POINTS} of ${POINTS} points cannot be collected (point 1 (topology.local=1, topology.remote=1): its scenario has changed since it ran;`,
      );
      expect(collect.stderr).toContain("run shards 1/2, 2/2 again");
    } finally {
      writeFileSync(quick, JSON.stringify(quickSweep));
    }

    // The named shard run again replaces what was wrong, and collect gives the files of --workers 1.
    writeFileSync(record(3), original.replace(/"fingerprint":"[0-9a-f]/, '"fingerprint":"x'));
    await refused("edited or damaged (its SHA-256 does not check out)");
    const again = await losslabInProcess("sweep", quick, "--shard", shardOf3, "--out", dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(
      `losslab: shard ${shardOf3}: running again 1 kept point(s): point 3 (topology.local=2, topology.remote=1): edited or damaged (its SHA-256 does not check out)\n`,
    );
    expect(again.stdout).toContain("running 1 on 1 worker");
    expect((await losslabInProcess("sweep", quick, "--collect", dir)).code).toBe(0);
    expect(files(dir)).toEqual(quickFiles);
  });

  it("with a key, seals the kept points with an HMAC: a forger who recomputes the SHA-256 is refused", {
    timeout: 60_000,
  }, async () => {
    const keys = mkdtempSync(join(tmpdir(), "losslab-shards-key-"));
    const keyFile = join(keys, "queue.key");
    writeFileSync(keyFile, `${"5a".repeat(32)}\n`);
    const otherKey = join(keys, "other.key");
    writeFileSync(otherKey, `${"c3".repeat(32)}\n`);
    const dir = mkdtempSync(join(tmpdir(), "losslab-shards-"));
    for (const shard of ["1/2", "2/2"]) {
      const run = await losslabInProcess(
        "sweep",
        quick,
        "--shard",
        shard,
        "--out",
        dir,
        "--workers",
        "1",
        "--queue-key-file",
        keyFile,
      );
      expect(run.code, run.stderr).toBe(0);
    }
    const record = join(dir, "points", "point-3.json");
    const original = readFileSync(record, "utf8");
    const { hmac, ...body } = JSON.parse(original);
    expect(hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(body).not.toHaveProperty("sha256");
    const collect = (...key: string[]) => losslabInProcess("sweep", quick, "--collect", dir, ...key);
    /** `first`: the first point refused, and how many are. */
    const refusedFor = async (first: string, why: string, ...key: string[]) => {
      const run = await collect(...key);
      expect(run.code).toBe(2);
      expect(isCleanError(run.stderr), run.stderr).toBe(true);
      expect(run.stderr).toContain(`points cannot be collected (${first}: ${why}`);
    };
    const point1 = "point 1 (topology.local=1, topology.remote=1)";
    const point3 = "point 3 (topology.local=2, topology.remote=1)";

    // Without the key, a sealed record cannot be checked: refused, saying what to give.
    await refusedFor(
      point1,
      "sealed with a key: give the shards' key (LOSSLAB_QUEUE_KEY or --queue-key-file) to read it",
    );
    // A number changed, the HMAC kept.
    const forged = { ...body, result: { ...body.result, values: { ...body.result.values, delivered: 1 } } };
    writeFileSync(record, JSON.stringify({ ...forged, hmac }));
    await refusedFor(
      point3,
      "edited, damaged or forged (its HMAC does not check out under this key)",
      "--queue-key-file",
      keyFile,
    );
    // The forger's way around a bare SHA-256: re-sealed with one computed over the changed record.
    const sha256 = createHash("sha256").update(JSON.stringify(forged)).digest("hex");
    writeFileSync(record, JSON.stringify({ ...forged, sha256 }));
    await refusedFor(
      point3,
      "not sealed with the key (kept by a shard run without LOSSLAB_QUEUE_KEY or --queue-key-file, or forged)",
      "--queue-key-file",
      keyFile,
    );
    // Another key.
    writeFileSync(record, original);
    await refusedFor(
      point1,
      "edited, damaged or forged (its HMAC does not check out under this key)",
      "--queue-key-file",
      otherKey,
    );

    const done = await collect("--queue-key-file", keyFile);
    expect(done.code, done.stderr).toBe(0);
    expect(files(dir)).toEqual(quickFiles);
  });

  it("collects a point that failed as --workers 1 records it, exit code 3", { timeout: 60_000 }, async () => {
    // The test kit's deadlock ring deadlocks at 2 ms of a 3 ms run (sweep-resume.test.ts).
    const ring = sweepFile({ base: ringScenario(), parameters: { durationMs: [1, 3, 0.5] } });
    const w1 = mkdtempSync(join(tmpdir(), "losslab-shards-w1-"));
    expect((await losslabInProcess("sweep", ring, "--workers", "1", "--out", w1)).code).toBe(3);
    const dir = mkdtempSync(join(tmpdir(), "losslab-shards-"));
    const codes: number[] = [];
    for (const shard of ["1/2", "2/2"])
      codes.push((await losslabInProcess("sweep", ring, "--shard", shard, "--out", dir)).code);
    // The shard that ran point 2 says so as a sweep does (exit 3); the other's points ran through.
    expect(codes.sort()).toEqual([0, 3]);
    const collect = await losslabInProcess("sweep", ring, "--collect", dir);
    expect(collect.code).toBe(3);
    expect(collect.stderr).toContain("losslab: 1 of 3 points failed when their shard ran them");
    expect(files(dir)).toEqual(files(w1));
  });
});

describe("losslab sweep --shard, --collect and --slurm: bad use", () => {
  const empty = mkdtempSync(join(tmpdir(), "losslab-shards-empty-"));
  const allowed = "I/N with N from 1 to 1000 and I from 1 to N (1-based";
  it.each([
    [["--shard", "0/3"], '--shard I must be from 1 to 3 (1-based), got "0/3"'],
    [["--shard", "4/3"], '--shard I must be from 1 to 3 (1-based), got "4/3"'],
    [["--shard", "x"], `--shard must be ${allowed}`],
    [["--shard", "1/0"], '--shard N must be from 1 to 1000, got "1/0"'],
    [
      ["--shard", "1/3", "--queue", "redis://127.0.0.1:1"],
      "--shard and --queue do not go together: give one of --shard I/N",
    ],
    [["--shard", "1/3", "--collect", empty], "--shard and --collect do not go together"],
    [["--collect", empty, "--slurm", empty], "--collect and --slurm do not go together"],
    [["--shards", "3"], "--shards N goes with --slurm DIR only"],
    [["--slurm", empty, "--out", empty], "--out does not go with --slurm DIR"],
    [["--collect", empty, "--fresh"], "--fresh goes with a sweep or --shard, not with --collect"],
    [
      ["--collect", empty],
      `--collect: ${empty} holds no kept points (${empty}/points/point-<n>.json); run the shards first: losslab sweep ${file} --shard I/N --out ${empty}`,
    ],
    [["--slurm", empty, "--shards", "13"], `--shards: from 1 to ${POINTS} (one per point of the sweep), got 13`],
  ])("%j: one line naming the option, exit code 2", async (args, said) => {
    const answer = await losslabInProcess("sweep", file, ...args);
    expect(answer.code).toBe(2);
    expect(isCleanError(answer.stderr), answer.stderr).toBe(true);
    expect(answer.stderr).toContain(said);
    // Nothing was run or written.
    expect(readdirSync(empty)).toEqual([]);
  });
});

describe("losslab sweep --slurm DIR", () => {
  it("writes a job array that bash accepts; its tasks and the dependent collect step give the bytes of --workers 1", {
    timeout: 90_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-slurm-"));
    const write = losslab("sweep", quick, "--slurm", dir, "--shards", "3");
    expect(write.stderr).toBe("");
    expect(write.status).toBe(0);
    expect(write.stdout).toContain(`submit with: sh ${join(dir, "submit.sh")}`);
    const scripts = ["shards.sbatch", "collect.sbatch", "submit.sh"];
    for (const script of scripts) {
      const check = spawnSync("bash", ["-n", join(dir, script)], { encoding: "utf8" });
      expect(check.status, check.stderr).toBe(0);
    }
    const shards = readFileSync(join(dir, "shards.sbatch"), "utf8");
    expect(shards).toContain("#SBATCH --array=1-3\n");
    expect(shards).toMatch(/#SBATCH --cpus-per-task=1\n#SBATCH --mem=\d+M\n#SBATCH --time=\d+\n/);
    expect(shards).toContain('--shard "$SLURM_ARRAY_TASK_ID/3"');
    // The script runs this losslab: the node and CLI of the command that wrote it.
    expect(shards).toContain(
      [process.execPath, ...cliArgs.slice(0, -1), join(repositoryRoot, cliArgs.at(-1)!)].join(" "),
    );
    // Without Slurm and without a task id, the task says what it needs instead of running anything.
    const bare = spawnSync("bash", [join(dir, "shards.sbatch")], { encoding: "utf8", env: { PATH: process.env.PATH } });
    expect(bare.status).not.toBe(0);
    expect(bare.stderr).toContain("SLURM_ARRAY_TASK_ID: this script runs one shard of a job array");

    // A stand-in for Slurm's sbatch on PATH: it logs its arguments, runs the script at once (an
    // array script once per task of its `#SBATCH --array=1-N`, with SLURM_ARRAY_TASK_ID and
    // SLURM_CPUS_PER_TASK set as Slurm sets them) and prints a job id as --parsable does.
    const bin = mkdtempSync(join(tmpdir(), "losslab-fake-sbatch-"));
    const log = join(bin, "sbatch.log");
    writeFileSync(
      join(bin, "sbatch"),
      `#!/bin/bash
set -eu
echo "$*" >> ${log}
script="\${@: -1}"
range=$(sed -n 's/^#SBATCH --array=\\([0-9]*-[0-9]*\\)$/\\1/p' "$script")
cpus=$(sed -n 's/^#SBATCH --cpus-per-task=\\([0-9]*\\)$/\\1/p' "$script")
if [ -n "$range" ]; then
  for task in $(seq "\${range%-*}" "\${range#*-}"); do SLURM_ARRAY_TASK_ID=$task SLURM_CPUS_PER_TASK=$cpus bash "$script" >&2; done
else
  bash "$script" >&2
fi
echo "4242;cluster"
`,
    );
    chmodSync(join(bin, "sbatch"), 0o755);
    const submit = spawnSync("sh", [join(dir, "submit.sh")], {
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(submit.status, submit.stderr).toBe(0);
    expect(readFileSync(log, "utf8")).toBe(
      `--parsable ${join(dir, "shards.sbatch")}\n--dependency=afterok:4242 ${join(dir, "collect.sbatch")}\n`,
    );
    for (const shard of ["1/3", "2/3", "3/3"])
      expect(submit.stderr).toContain(`tiny: shard ${shard}: 4 of ${POINTS} points`);
    expect(submit.stderr).toContain(`tiny: collected ${POINTS} points from 3 shards`);
    expect(records(dir)).toHaveLength(POINTS);
    expect(files(dir, scripts)).toEqual(quickFiles);
  });

  it("chooses the number of shards from the estimated cost: one for a sweep of seconds", () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-slurm-"));
    const write = losslab("sweep", quick, "--slurm", dir);
    expect(write.status, write.stderr).toBe(0);
    expect(write.stdout).toContain(`tiny: ${POINTS} points in 1 shard (array tasks 1-1)`);
    expect(readFileSync(join(dir, "shards.sbatch"), "utf8")).toContain("#SBATCH --array=1-1\n");
  });
});
