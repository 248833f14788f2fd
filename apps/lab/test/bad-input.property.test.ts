/**
 * One contract for bad input (issue 21): for any bad or hostile scenario file
 * (hostile-scenarios.ts), `losslab validate` and `losslab run` both end with exit code 2 and
 * one `losslab:` line naming what is wrong, the same line, with no stack trace, within a
 * time limit and a small V8 heap; a plugin named from outside the scenario's directory never
 * runs. The cases include custom topologies and `plugins:` entries (issue 42). The commands
 * run in one long-lived child process
 * (losslab-runner.ts); bad-scenarios.test.ts runs the kept corpus, some through real processes.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { snapshot } from "@losslab/test-kit/sweep-files";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESUME_SWEEP, resumeDamage } from "./hostile-resume.js";
import { hostileCase, pluginRan, writeCase } from "./hostile-scenarios.js";
import { breach, LosslabRunner } from "./losslab-runner.js";

/** Cases per run: a few seconds in the default suite; LOSSLAB_PROPERTY_RUNS=500 searches longer. */
const RUNS = Number(process.env.LOSSLAB_PROPERTY_RUNS ?? 25);

const runner = new LosslabRunner(30_000);
afterAll(() => runner.stop());

describe("bad scenario files", () => {
  it("are refused by validate and run alike: exit 2, one losslab: line, no stack trace, no hang, bounded memory", {
    // Each command may take its 30 s limit before it counts as a hang.
    timeout: RUNS * 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(hostileCase, async (hostile) => {
        const dir = mkdtempSync(join(tmpdir(), "losslab-bad-"));
        try {
          const file = writeCase(dir, hostile);
          const validate = await runner.run(["validate", file]);
          const run = await runner.run(["run", file, "--json"]);
          expect(breach(validate), `validate, ${hostile.label}`).toBeUndefined();
          expect(breach(run), `run, ${hostile.label}`).toBeUndefined();
          expect((run as { stderr: string }).stderr, hostile.label).toBe((validate as { stderr: string }).stderr);
          // A plugin refused for where it is never runs: its code would leave a file behind.
          expect(pluginRan(dir), hostile.label).toBe(false);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("damaged resume files", () => {
  const dir = mkdtempSync(join(tmpdir(), "losslab-resume-"));
  const file = join(dir, "sweep.json");
  const fresh = join(dir, "fresh");
  let expected: Record<string, string>;

  beforeAll(async () => {
    writeFileSync(file, JSON.stringify(RESUME_SWEEP));
    const run = await runner.run(["sweep", file, "--workers", "1", "--out", fresh]);
    expect(run).toMatchObject({ code: 0 });
    expected = snapshot(fresh);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("never make a sweep run again re-use a damaged row: exit 0, no stack trace, the files of a run from scratch", {
    timeout: RUNS * 60_000,
  }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(resumeDamage, async ({ label, damage }) => {
        const out = join(dir, `case-${n++}`);
        cpSync(fresh, out, { recursive: true });
        damage(out);
        const again = await runner.run(["sweep", file, "--workers", "1", "--out", out]);
        if (label.endsWith("is a directory")) {
          // A directory where a results file goes is refused before anything runs.
          expect(breach(again), label).toBeUndefined();
        } else {
          expect(again, label).toMatchObject({ code: 0, stderr: "" });
          expect(snapshot(out), label).toEqual(expected);
        }
        rmSync(out, { recursive: true, force: true });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the contract check itself", () => {
  it("tells a refusal from an accepted file, a hang and a crash", async () => {
    expect(breach(await runner.run(["validate", "examples/santos-fig2a.json"]))).toBe("exit code 0");
    expect(breach(await runner.run(["validate", "apps/lab/test/bad-scenarios/empty.json"]))).toBeUndefined();
    expect(breach({ hung: true })).toBe("no answer within the time limit");
    expect(breach({ id: 0, code: 1, stderr: "", thrown: "RangeError: x\n    at y", rss: 0, heapUsed: 0 })).toMatch(
      /^threw instead of reporting/,
    );
    expect(breach({ id: 0, code: 2, stderr: "losslab: a\nlosslab: b\n", rss: 0, heapUsed: 0 })).toMatch(
      /^not one clean/,
    );
  });
});
