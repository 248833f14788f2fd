/**
 * What a sweep run again re-uses: only rows that check out whole (this sweep's header, every
 * column, numbers as losslab writes them, a fingerprint, one row per point, and results.json
 * saying the same of them); the rest runs again, the run says so, and the files come out as if
 * nothing had happened. A point whose simulation fails is recorded and does not stop the others.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkScenario } from "@losslab/scenario";
import { ringDeadlock, ringScenario } from "@losslab/test-kit/deadlock-ring";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { snapshot, sweepFile } from "@losslab/test-kit/sweep-files";
import { describe, expect, it } from "vitest";
import { errorLine } from "../src/terminal/error-line.js";

const base = {
  name: "tiny",
  durationMs: 2,
  topology: { kind: "two-switch", local: 1, remote: 1 },
  flows: { pattern: "santos", victimMs: null },
};

describe("losslab sweep, resumed from damaged results", () => {
  it("re-uses only whole rows, reruns the others, and rewrites a damaged results.json", { timeout: 60_000 }, () => {
    const file = sweepFile({ base, parameters: { "topology.local": [1, 2], "limits.window": [1, 2] } });
    const out = mkdtempSync(join(tmpdir(), "losslab-resume-out-"));
    const csv = join(out, "results.csv");
    expect(losslab("sweep", file, "--workers", "1", "--out", out).status).toBe(0);
    const before = snapshot(out);

    const [header, first, second, third, fourth] = readFileSync(csv, "utf8").trimEnd().split("\n");
    const delivered = header!.split(",").indexOf("delivered");
    const cells = (line: string) => line.split(",");
    // Row 2: a summary number damaged. Row 3: its fingerprint one digit short. Row 4: the
    // file ends inside its `delivered` number, as a write cut short would leave it (the
    // issue's case: a value of 17818 read back as 17).
    const damaged = cells(second!).map((cell, i) => (i === 2 ? `${cell}x` : cell));
    const short = cells(third!).map((cell, i, all) => (i === all.length - 1 ? cell.slice(1) : cell));
    const cut = cells(fourth!).slice(0, delivered + 1);
    cut[delivered] = cut[delivered]!.slice(0, 2);
    writeFileSync(csv, [header, first, damaged.join(","), short.join(","), cut.join(",")].join("\n"));

    const resumed = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toBe(
      `losslab: resuming from ${csv}: re-using 1 of 4 points, running 3: 3 with a row cut short or damaged\n`,
    );
    expect(resumed.stdout).toContain("1 of 4 points already done, running 3");
    expect(snapshot(out)).toEqual(before);

    // A damaged results.json vouches for no empty cell: the rows with one run again.
    const json = join(out, "results.json");
    writeFileSync(json, readFileSync(json, "utf8").slice(0, 200));
    const rows = readFileSync(csv, "utf8").trimEnd().split("\n").slice(1);
    const whole = rows.filter((row) => !/,,/.test(row)).length;
    expect(whole).toBeLessThan(4); // the points have different links: some rows have empty cells
    const unconfirmed = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(unconfirmed.stderr).toBe(
      `losslab: resuming from ${csv}: re-using ${whole} of 4 points, running ${4 - whole}: ${4 - whole} whose row has empty cells results.json cannot confirm (results.json is not JSON)\n`,
    );
    expect(snapshot(out)).toEqual(before);

    // --fresh runs every point, with no word about the earlier file.
    const fresh = losslab("sweep", file, "--workers", "1", "--out", out, "--fresh");
    expect(fresh.status).toBe(0);
    expect(fresh.stderr).toBe("");
    expect(fresh.stdout).toContain("0 of 4 points already done, running 4");
    expect(snapshot(out)).toEqual(before);
  });

  // Issue 42: each of these was re-used as "verified".
  it("runs again a row with a blanked cell, under an extra column or a reordered header, and a duplicate row", {
    timeout: 120_000,
  }, () => {
    const file = sweepFile({ base, parameters: { "limits.window": [1, 2], "switch.bufferPackets": [2, 4] } });
    const out = mkdtempSync(join(tmpdir(), "losslab-resume-out-"));
    const csv = join(out, "results.csv");
    expect(losslab("sweep", file, "--workers", "1", "--out", out).status).toBe(0);
    const before = snapshot(out);
    const text = readFileSync(csv, "utf8");
    const [header, ...rows] = text
      .trimEnd()
      .split("\n")
      .map((line) => line.split(","));
    const again = (damaged: string) => {
      writeFileSync(csv, damaged);
      const run = losslab("sweep", file, "--workers", "1", "--out", out);
      expect(run.status).toBe(0);
      expect(snapshot(out)).toEqual(before);
      return run.stderr;
    };
    const lines = (table: string[][]) => `${table.map((row) => row.join(",")).join("\n")}\n`;

    // A blanked summary cell in row 2 (results.json still says what was there).
    const blanked = rows.map((row, r) => row.map((cell, c) => (r === 1 && c === 3 ? "" : cell)));
    expect(again(lines([header!, ...blanked]))).toBe(
      `losslab: resuming from ${csv}: re-using 3 of 4 points, running 1: 1 whose row results.json does not confirm\n`,
    );
    // An extra column, and a reordered header (the values would land in other columns).
    const extra = [header!, ...rows].map((row, r) => [
      ...row.slice(0, 3),
      r === 0 ? "groups.extra" : "0.5",
      ...row.slice(3),
    ]);
    expect(again(lines(extra))).toMatch(
      /is not re-used \(its summary columns are not in the order losslab writes them\): running all 4 points\n$/,
    );
    // An extra column where losslab's order would put it, filled in every row: results.json,
    // whose columns are the run's, no longer vouches for any row (fast-check found it re-used).
    const at = header!.findIndex((name) => name.startsWith("links."));
    const inOrder = [header!, ...rows].map((row, r) => [
      ...row.slice(0, at),
      r === 0 ? "links.A->A0" : "0.5",
      ...row.slice(at),
    ]);
    expect(again(lines(inOrder))).toBe(
      `losslab: ${csv} is not re-used (its columns are not those of results.json): running all 4 points\n`,
    );
    const swapped = [...header!];
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    expect(again(lines([swapped, ...rows]))).toBe(
      `losslab: ${csv} is not re-used (its summary columns are not in the order losslab writes them): running all 4 points\n`,
    );
    // A duplicate row: neither copy is taken.
    expect(again(lines([header!, ...rows, rows[0]!]))).toBe(
      `losslab: resuming from ${csv}: re-using 3 of 4 points, running 1: 1 with more than one row\n`,
    );
  });

  it("reads only a regular file: a results.csv that is a named pipe is not re-used (it hung)", {
    timeout: 60_000,
  }, () => {
    const file = sweepFile({ base, parameters: { "limits.window": [1, 2] } });
    const out = mkdtempSync(join(tmpdir(), "losslab-resume-out-"));
    const csv = join(out, "results.csv");
    execFileSync("mkfifo", [csv]);
    const run = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      `losslab: ${csv} is not re-used (not a regular file (a device, pipe or socket)): running all 2 points\n`,
    );
    expect(readFileSync(csv, "utf8").split("\n")).toHaveLength(4);
  });

  it("runs every point when results.csv is another sweep's or has no fingerprints", { timeout: 60_000 }, () => {
    const file = sweepFile({ base, parameters: { "limits.window": [1, 2] } });
    const out = mkdtempSync(join(tmpdir(), "losslab-resume-out-"));
    const csv = join(out, "results.csv");
    writeFileSync(csv, "topology.local,groups.local,fingerprint\n1,0.5,0123456789abcdef\n");
    const other = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(other.status).toBe(0);
    expect(other.stderr).toBe(
      `losslab: ${csv} is not re-used (its parameter columns are not this sweep's): running all 2 points\n`,
    );
    // A file from before fingerprints: its rows cannot be checked, so none is trusted.
    const lines = readFileSync(csv, "utf8").trimEnd().split("\n");
    writeFileSync(csv, `${lines.map((line) => line.split(",").slice(0, -1).join(",")).join("\n")}\n`);
    const old = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(old.stderr).toContain("is not re-used (it has no fingerprint column");
    expect(readFileSync(csv, "utf8")).toBe(`${lines.join("\n")}\n`);
  });
});

describe("losslab sweep, a point that fails", () => {
  // The deadlock ring (the test kit's deadlock-ring.ts) runs through in 1 ms and 0.5 ms, and deadlocks at
  // 2 ms of a 3 ms run: the model stops that point only, at run time.
  const ring = ringScenario();

  it("is recorded with its parameters and error, the others run, exit code 3", { timeout: 60_000 }, () => {
    // What `losslab validate` checks: the point is valid, its failure comes at run time.
    expect(() => checkScenario({ ...ring, durationMs: 3 })).not.toThrow();

    const file = sweepFile({ base: ring, parameters: { durationMs: [1, 3, 0.5] } });
    const out = mkdtempSync(join(tmpdir(), "losslab-resume-out-"));
    const csv = join(out, "results.csv");
    const run = losslab("sweep", file, "--workers", "2", "--out", out);
    expect(run.status).toBe(3);
    expect(run.stderr).not.toContain("    at ");
    const error = errorLine(ringDeadlock(3));
    expect(error).toMatch(/^DeadlockError: deadlock at 2 ms: /);
    expect(run.stderr.split("\n").filter((line) => !line.includes("warning: topology"))).toEqual([
      `losslab: point 2 (durationMs=3) failed: ${error}`,
      `losslab: 1 of 3 points failed; their errors are in ${csv} and results.json, and the same command runs them again`,
      "",
    ]);
    expect(run.stdout).toContain("ran 3 points");

    const [header, ...rows] = readFileSync(csv, "utf8").trimEnd().split("\n");
    expect(header!.split(",").slice(-2)).toEqual(["error", "fingerprint"]);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^1,0\.\d+,.*,,[0-9a-f]{16}$/);
    // The message holds commas: quoted, as CSV does.
    expect(rows[1]).toBe(`3,${",".repeat(header!.split(",").length - 3)}"${error}",`);
    expect(rows[2]).toMatch(/^0\.5,0\.\d+,.*,,[0-9a-f]{16}$/);
    const json = JSON.parse(readFileSync(join(out, "results.json"), "utf8"));
    expect(json.points[1]).toEqual({ parameters: { durationMs: 3 }, summary: {}, error });
    expect(json.points[2].fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(readdirSync(out)).toContain("groups.flows.svg");
    const first = snapshot(out);

    // Run again: the failed point runs again (and fails again), the two others are re-used.
    const again = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(again.status).toBe(3);
    expect(again.stderr.split("\n").filter((line) => !line.includes("warning: topology"))[0]).toBe(
      `losslab: resuming from ${csv}: re-using 2 of 3 points, running 1: 1 that failed before`,
    );
    expect(snapshot(out)).toEqual(first);
  });
});
