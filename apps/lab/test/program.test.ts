/** The command line's own mistakes: one `losslab:` line, exit code 2, a "did you mean" where one is close. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { losslabInProcess } from "./in-process.js";

describe("losslab parse errors", () => {
  it("an unknown command: the closest command and the list, in one line, exit 2", async () => {
    const typo = await losslabInProcess("rnu", "examples/santos-fig2a.json");
    expect(typo).toEqual({
      code: 2,
      stdout: "",
      stderr: `losslab: unknown command 'rnu' (did you mean "run"?); commands: list, reproduce, run, sweep, validate, schema, worker, import\n`,
    });
    const far = await losslabInProcess("simulate");
    expect(far.code).toBe(2);
    expect(far.stderr).toBe(
      "losslab: unknown command 'simulate'; commands: list, reproduce, run, sweep, validate, schema, worker, import\n",
    );
  });

  it("an unknown option or a missing argument: one line, exit 2", async () => {
    const option = await losslabInProcess("run", "x.json", "--jsno");
    expect(option).toEqual({
      code: 2,
      stdout: "",
      stderr: `losslab: unknown option '--jsno' (did you mean "--json"?)\n`,
    });
    const missing = await losslabInProcess("validate");
    expect(missing).toEqual({ code: 2, stdout: "", stderr: "losslab: missing required argument 'scenario-file'\n" });
  });

  it("--version and --help still end with 0", async () => {
    const version = await losslabInProcess("--version");
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(version.stderr).toBe("");
    const help = await losslabInProcess("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: losslab");
  });
});

describe("run and validate --help", () => {
  it("name the directory of the example scenarios, which holds them", async () => {
    const help = await losslabInProcess("run", "--help");
    // Commander wraps the text: read it as one line.
    const directory = /examples in (\S+)\)/.exec(help.stdout.replace(/\s+/g, " "))?.[1];
    expect(directory).toBeDefined();
    expect(existsSync(join(directory!, "santos-fig2a.json"))).toBe(true);
  });
});
