/**
 * A sweep stopped by SIGINT, SIGTERM or SIGKILL in the middle keeps the points it finished,
 * leaves no file cut short, and the same command run again produces exactly the files of a
 * sweep never interrupted.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { losslab, startLosslab } from "@losslab/test-kit/losslab-cli";
import { rowsOnDisk, snapshot } from "@losslab/test-kit/sweep-files";
import { beforeAll, describe, expect, it } from "vitest";

const POINTS = 6;
const sweep = {
  base: {
    name: "tiny",
    durationMs: 20,
    topology: { kind: "two-switch", local: 1, remote: 1 },
    flows: { pattern: "santos", victimMs: null },
  },
  parameters: { "topology.local": [1, 2, 3, 4, 5, 6] },
};

/** The rows of results.csv, each checked whole: every column, ending with a fingerprint. */
function completeRows(csv: string): number {
  const [header, ...rows] = readFileSync(csv, "utf8").trimEnd().split("\n");
  const width = header!.split(",").length;
  for (const row of rows) {
    expect(row.split(",")).toHaveLength(width);
    expect(row).toMatch(/,[0-9a-f]{16}$/);
  }
  return rows.length;
}

describe("losslab sweep, interrupted", () => {
  const dir = mkdtempSync(join(tmpdir(), "losslab-interrupt-"));
  const file = join(dir, "sweep.json");
  writeFileSync(file, JSON.stringify(sweep));
  let uninterrupted: Record<string, string>;

  beforeAll(() => {
    const out = join(dir, "uninterrupted");
    expect(losslab("sweep", file, "--workers", "1", "--out", out).status).toBe(0);
    uninterrupted = snapshot(out);
  }, 60_000);

  // SIGINT and SIGTERM end the process by the signal itself, after the line (the shell's 130 and 143).
  const cases = [
    { signal: "SIGINT", said: true, workers: "1" },
    { signal: "SIGTERM", said: true, workers: "2" },
    { signal: "SIGKILL", said: false, workers: "1" },
  ] as const;
  it.each(cases)(
    "$signal with $workers worker(s): keeps the finished points, then resumes to the same files",
    {
      timeout: 90_000,
    },
    async ({ signal, said, workers }) => {
      const out = join(dir, signal);
      const csv = join(out, "results.csv");
      const run = startLosslab("sweep", file, "--workers", workers, "--out", out);
      // Signal once two points are on disk.
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (rowsOnDisk(csv) >= 2) {
            clearInterval(poll);
            resolve();
          }
        }, 10);
      });
      const signalled = Date.now();
      run.child.kill(signal);
      const exit = await run.exit;
      // Worker threads end with the process: it does not wait for the points they were running.
      expect(Date.now() - signalled).toBeLessThan(5_000);
      const kept = completeRows(csv);
      expect(kept).toBeGreaterThanOrEqual(2);
      expect(kept).toBeLessThan(POINTS);
      expect(exit.signal).toBe(signal);
      if (said) {
        const lines = run.stderr().trim().split("\n");
        expect(lines.at(-1)).toBe(
          `losslab: interrupted; ${kept} of ${POINTS} points kept in ${csv}; run the same command again to resume`,
        );
        expect(run.stderr()).not.toContain("    at ");
        // Nothing but what was kept: no temporary file, no chart of a partial run.
        expect(readdirSync(out)).toEqual(["results.csv", "results.json"]);
      }

      const resumed = losslab("sweep", file, "--workers", workers, "--out", out);
      expect(resumed.status).toBe(0);
      expect(resumed.stderr).toBe(
        `losslab: resuming from ${csv}: re-using ${kept} of ${POINTS} points, running ${POINTS - kept}: ${POINTS - kept} not in it\n`,
      );
      expect(snapshot(out)).toEqual(uninterrupted);
    },
  );
});
