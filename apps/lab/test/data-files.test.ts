/**
 * Scenario files are data, not access (issue 21): files a scenario names are read only from
 * its directory or --data-dir; files that are no scenario (devices, pipes, directories, huge
 * or binary files) get a proper message; contents never appear in errors.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dataDirOf, inlineDataFiles, readDataFile } from "../src/files/data-file.js";
import { MAX_DATA_FILE_BYTES } from "../src/files/regular-file.js";
import { losslabProgram, runLosslab } from "../src/program.js";
import { readSweepFile } from "../src/sweep/sweep-file.js";

const CSV = "time_us,source,destination,bytes\n0,B1,BC,2048\n";

/** A scenario replaying trace `file`, written to `dir`; returns its path. */
function traceScenario(dir: string, file: unknown, extra: object = {}): string {
  const path = join(dir, "scenario.json");
  const scenario = {
    durationMs: 1,
    topology: { kind: "two-switch", local: 2, remote: 1 },
    traffic: [{ kind: "trace", file, ...extra }],
  };
  writeFileSync(path, JSON.stringify(scenario));
  return path;
}

/** `losslab <args>` in this process: its exit code and error line. */
async function losslab(...args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  const code = await runLosslab(["node", "losslab", ...args], (text) => {
    stderr += text;
  });
  return { code, stderr };
}

/** The message of the UserError `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).name).toBe("UserError");
  return (error as Error).message;
}

const fresh = () => mkdtempSync(join(tmpdir(), "losslab-data-"));

describe("scenario files that are no scenario", () => {
  it("says what /dev/zero, a directory, a pipe, a missing file and a dangling link are", async () => {
    const dir = fresh();
    execFileSync("mkfifo", [join(dir, "pipe.json")]);
    symlinkSync("/nonexistent/x.json", join(dir, "gone.json"));
    const cases: Array<[string, string]> = [
      ["/dev/zero", 'cannot read scenario file "/dev/zero": not a regular file (a device, pipe or socket)'],
      [dir, `cannot read scenario file "${dir}": it is a directory`],
      [join(dir, "pipe.json"), "not a regular file (a device, pipe or socket)"],
      [join(dir, "missing.json"), "no such file"],
      [join(dir, "gone.json"), "no such file"],
    ];
    for (const [file, message] of cases) expect(await refusal(readDataFile(file, "scenario file"))).toContain(message);
  });

  it("refuses files above the size limit, and files that are not UTF-8, without quoting them", async () => {
    const dir = fresh();
    const big = join(dir, "big.json");
    writeFileSync(big, `{"name":"${"x".repeat(MAX_DATA_FILE_BYTES)}"}`);
    expect(await refusal(readDataFile(big, "scenario file"))).toBe(
      `cannot read scenario file "${big}": it is 32.0 MiB; losslab reads files of at most 32 MiB`,
    );
    const binary = join(dir, "binary.json");
    writeFileSync(binary, Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x7d]));
    expect(await refusal(readDataFile(binary, "scenario file"))).toBe(
      `cannot read scenario file "${binary}": not UTF-8 text`,
    );
  });

  it("quotes at most a short excerpt of a file that does not parse", async () => {
    const dir = fresh();
    const file = join(dir, "bad.json");
    writeFileSync(file, `{"name": ${"secret".repeat(100_000)}}`);
    const message = await refusal(readDataFile(file, "scenario file"));
    expect(message).toMatch(/ is not valid JSON: /);
    expect(message.length).toBeLessThan(file.length + 250);
  });
});

describe("files a scenario names", () => {
  it("are read from the scenario's directory, symbolic links inside it included", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "trace.csv"), CSV);
    symlinkSync("trace.csv", join(dir, "alias.csv"));
    const file = traceScenario(dir, "alias.csv");
    const input = JSON.parse(JSON.stringify({ traffic: [{ kind: "trace", file: "alias.csv" }] }));
    await inlineDataFiles(input, file, await dataDirOf(file, undefined));
    expect(input.traffic[0]).toEqual({ kind: "trace", csv: CSV });
    expect((await losslab("validate", file)).code).toBe(0);
  });

  it("are refused outside it: .. escapes, absolute paths and symbolic links that leave it", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "data"));
    writeFileSync(join(dir, "outside.csv"), CSV);
    symlinkSync("/etc/passwd", join(dir, "data", "evil.csv"));
    symlinkSync("/etc", join(dir, "data", "up"));
    const within = join(dir, "data");
    for (const [name, why] of [
      ["../outside.csv", "is outside"],
      ["../../../../../../../../etc/passwd", "is outside"],
      ["/etc/passwd", "is outside"],
      [join(dir, "outside.csv"), "is outside"],
      ["evil.csv", "is a symbolic link to a file outside"],
      ["up/passwd", "is a symbolic link to a file outside"],
    ]) {
      const { code, stderr } = await losslab("validate", traceScenario(within, name));
      expect(code).toBe(2);
      expect(stderr).toContain(`traffic[0].file: ${JSON.stringify(name)} ${why} "${within}"`);
      expect(stderr).not.toContain("root:");
    }
  });

  it("come from --data-dir, which run, validate and sweep document in --help", async () => {
    for (const name of ["run", "validate", "sweep"]) {
      const help = losslabProgram()
        .commands.find((command) => command.name() === name)!
        .helpInformation();
      expect(help).toContain("--data-dir <dir>");
    }
  });

  it("come from --data-dir when it is given, and only from there", async () => {
    const scenarios = fresh();
    const data = fresh();
    writeFileSync(join(data, "trace.csv"), CSV);
    const file = traceScenario(scenarios, "trace.csv");
    expect((await losslab("validate", file)).stderr).toContain("no such file");
    expect(await losslab("validate", file, "--data-dir", data)).toEqual({ code: 0, stderr: "" });
    writeFileSync(join(scenarios, "trace.csv"), CSV);
    const outside = traceScenario(scenarios, "../x/trace.csv");
    expect((await losslab("run", outside, "--data-dir", data)).stderr).toContain(
      "files named in a scenario are read only from --data-dir",
    );
    expect((await losslab("run", file, "--data-dir", join(data, "none"))).stderr).toBe(
      `losslab: --data-dir "${join(data, "none")}": no such directory\n`,
    );
  });

  it("name what is wrong with a trace: both file and csv, not a name, not a file, a bad line", async () => {
    const dir = fresh();
    mkdirSync(join(dir, "traces"));
    execFileSync("mkfifo", [join(dir, "pipe.csv")]);
    writeFileSync(join(dir, "long.csv"), `time_us,source,destination,bytes\n0,B1,BC,${"9".repeat(10 * 2 ** 20)}x\n`);
    const cases: Array<[unknown, object, string]> = [
      ["trace.csv", { csv: CSV }, "traffic[0]: give the trace as traffic[0].file or traffic[0].csv, not both"],
      ["trace.csv", { entries: [] }, "traffic[0]: give the trace as traffic[0].file or traffic[0].entries, not both"],
      [42, {}, "traffic[0].file: must be the name of a trace file (.csv or .json), got 42"],
      ["traces", {}, 'traffic[0].file: cannot read trace file "traces": it is a directory'],
      ["pipe.csv", {}, 'traffic[0].file: cannot read trace file "pipe.csv": not a regular file'],
      ["trace.csv\u0000.json", {}, "contains a NUL character"],
      [
        "long.csv",
        {},
        `traffic[0].csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "${"9".repeat(200)}"... (10485761 characters)`,
      ],
    ];
    for (const [name, extra, message] of cases) {
      const { code, stderr } = await losslab("validate", traceScenario(dir, name, extra));
      expect(code).toBe(2);
      expect(stderr).toContain(message);
      expect(stderr.length).toBeLessThan(1000);
    }
  });

  it("include a sweep's base scenario, read from the sweep file's directory", async () => {
    const dir = fresh();
    writeFileSync(join(dir, "outside.json"), "{}");
    mkdirSync(join(dir, "sweeps"));
    const sweep = join(dir, "sweeps", "sweep.json");
    writeFileSync(sweep, JSON.stringify({ base: "../outside.json", parameters: { seed: [1, 2] } }));
    expect(await refusal(readSweepFile(sweep))).toContain(`${sweep}: base: "../outside.json" is outside`);
  });

  it("of a sweep make a grid of at most 10,000 points", async () => {
    const dir = fresh();
    const sweep = join(dir, "sweep.json");
    const base = { durationMs: 1, topology: { kind: "two-switch", local: 2, remote: 1 }, flows: { pattern: "santos" } };
    const seeds = Array.from({ length: 201 }, (_, i) => i);
    const windows = Array.from({ length: 100 }, (_, i) => i + 1);
    writeFileSync(sweep, JSON.stringify({ base, parameters: { seed: seeds, "limits.window": windows } }));
    expect(await refusal(readSweepFile(sweep))).toBe(
      `${sweep}: parameters: the grid has 20100 points (201 x 100); a sweep has at most 10000`,
    );
  });
});
