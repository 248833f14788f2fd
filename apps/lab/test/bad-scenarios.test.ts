/**
 * The kept corpus of bad scenario files (issues 21 and 42): inputs that broke `losslab` before
 * (stack traces, hangs, out-of-memory, files called valid that could not run), found by the
 * generator of hostile-scenarios.ts and from the issue. Each must be refused by validate and
 * run with the same one line naming its field (expected.json); a few go through real
 * `losslab` processes to check the exit code and the whole of stderr.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { cliArgs } from "@losslab/test-kit/losslab-cli";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { afterAll, describe, expect, it } from "vitest";
import { isCleanError } from "./hostile-scenarios.js";
import { breach, LosslabRunner } from "./losslab-runner.js";

const dir = join(import.meta.dirname, "bad-scenarios");
const expected = JSON.parse(readFileSync(join(dir, "expected.json"), "utf8")) as Record<string, string>;
const files = readdirSync(dir).filter((file) => /\.(json|ya?ml)$/.test(file) && file !== "expected.json");

describe("the corpus of bad scenarios", () => {
  const runner = new LosslabRunner(30_000);
  afterAll(() => runner.stop());

  it("has the message each file must get", () => {
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(files)("%s: validate and run refuse it with the same line, naming the field", async (file) => {
    const path = join(dir, file);
    const validate = await runner.run(["validate", path]);
    const run = await runner.run(["run", path, "--json"]);
    expect(breach(validate)).toBeUndefined();
    expect(breach(run)).toBeUndefined();
    const line = (validate as { stderr: string }).stderr;
    expect((run as { stderr: string }).stderr).toBe(line);
    expect(line).toContain(expected[file]);
  });
});

/** `losslab ...` as a process, asynchronously, so several run side by side. */
function losslabProcess(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...cliArgs, ...args], { cwd: repositoryRoot }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : (error.code as number | null), stdout, stderr });
    });
  });
}

describe("bad input through the real losslab process", () => {
  it("ends with exit code 2 and one losslab: line on stderr, nothing on stdout", { timeout: 60_000 }, async () => {
    const cases: Array<[string[], string]> = [
      [["validate", join(dir, "fattree-16-ary-4-tree.json")], "topology: 65536 hosts"],
      [["run", join(dir, "trace-file-outside-the-scenario-directory.json")], "traffic[0].file:"],
      [["validate", join(dir, "yaml-infinite-bandwidth.yaml")], "topology.bandwidth:"],
      [["run", "/dev/zero"], 'cannot read scenario file "/dev/zero": not a regular file'],
    ];
    const results = await Promise.all(cases.map(([args]) => losslabProcess(...args)));
    for (const [i, result] of results.entries()) {
      const [args, message] = cases[i]!;
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(isCleanError(result.stderr), result.stderr).toBe(true);
      expect(result.stderr.trim().split("\n")).toHaveLength(1);
      expect(result.stderr).toContain(message);
    }
  });
});
