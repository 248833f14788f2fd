/**
 * One contract for bad input (issue 21): for any bad or hostile scenario file
 * (hostile-scenarios.ts), `losslab validate` and `losslab run` both end with exit code 2 and
 * one `losslab:` line naming what is wrong, the same line, with no stack trace, within a
 * time limit and a small V8 heap. The commands run in one long-lived child process
 * (losslab-runner.ts); bad-scenarios.test.ts runs the kept corpus, some through real processes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { hostileCase, writeCase } from "./hostile-scenarios.js";
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
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
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
