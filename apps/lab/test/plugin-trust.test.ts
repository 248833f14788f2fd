/**
 * Plugins resolve like dependencies, not like paths (issue 42): each way a scenario, a
 * sweep or a flag could make losslab run code from anywhere, and each way a plugin could
 * break losslab while it loads, as the issue found them. Every one ends with one `losslab:`
 * line and exit code 2 within a few seconds, and the code of a refused plugin never runs (it
 * would leave a file named RAN behind).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { MARKING_MODULE } from "./hostile-plugins.js";

const scenario = {
  durationMs: 1,
  topology: { kind: "two-switch", local: 1, remote: 1 },
  flows: { pattern: "santos", victimMs: null },
};

/** A case directory: `s/` for the scenario, `outside/evil.mjs` beside it (code that leaves RAN when it runs). */
function caseDir(): { dir: string; ran: () => boolean } {
  const dir = mkdtempSync(join(tmpdir(), "losslab-plugin-trust-"));
  mkdirSync(join(dir, "s"));
  mkdirSync(join(dir, "outside"));
  writeFileSync(join(dir, "outside", "evil.mjs"), MARKING_MODULE);
  return { dir, ran: () => existsSync(join(dir, "outside", "RAN")) || existsSync(join(dir, "RAN")) };
}

/** `validate` and `run` of a scenario naming `plugin`: both must refuse it with `message` and run nothing. */
function refusedByBoth(plugin: string, message: string | RegExp, files: Record<string, string> = {}) {
  const { dir, ran } = caseDir();
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, "s", name), text);
  const file = join(dir, "s", "scenario.json");
  writeFileSync(file, JSON.stringify({ ...scenario, plugins: [plugin] }));
  for (const command of ["validate", "run"]) {
    const started = Date.now();
    const result = losslab(command, file);
    expect(result.status, `${command} ${plugin}`).toBe(2);
    expect(result.stderr.split("\n")).toHaveLength(2);
    expect(result.stderr).toMatch(/^losslab: /);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(Date.now() - started).toBeLessThan(15_000);
  }
  expect(ran()).toBe(false);
  return dir;
}

describe("plugins: only installed packages and files inside the scenario's directory", () => {
  it("refuses ../, an absolute path and a file: URL in plugins:, for validate and run alike, before running anything", {
    timeout: 60_000,
  }, () => {
    refusedByBoth("../outside/evil.mjs", /plugins\[0\] "\.\.\/outside\/evil\.mjs": '\.\.' is not allowed/);
    const { dir } = caseDir();
    refusedByBoth(join(dir, "outside", "evil.mjs"), /an absolute path is not allowed/);
    refusedByBoth(pathToFileURL(join(dir, "outside", "evil.mjs")).href, /a URL or a drive .* is not a plugin/);
    refusedByBoth("data:text/javascript,export default [];", /a URL or a drive .* is not a plugin/);
    refusedByBoth("node:fs", /a URL or a drive .* is not a plugin/);
    refusedByBoth("fs", /Node's built-in modules are not plugins/);
  });

  it("refuses a symbolic link out of the directory, and --plugin outside the working directory", {
    timeout: 60_000,
  }, () => {
    const { dir, ran } = caseDir();
    symlinkSync(join(dir, "outside", "evil.mjs"), join(dir, "s", "link.mjs"));
    const file = join(dir, "s", "scenario.json");
    writeFileSync(file, JSON.stringify({ ...scenario, plugins: ["./link.mjs"] }));
    const linked = losslab("validate", file);
    expect(linked.status).toBe(2);
    expect(linked.stderr).toMatch(/is a symbolic link to a file outside/);
    writeFileSync(join(dir, "s", "plain.json"), JSON.stringify(scenario));
    const flag = losslab("validate", join(dir, "s", "plain.json"), "--plugin", "../outside/evil.mjs");
    expect(flag.stderr).toMatch(/^losslab: --plugin "\.\.\/outside\/evil\.mjs": '\.\.' is not allowed/);
    expect(ran()).toBe(false);
  });

  it("refuses plugins as a sweep parameter (a data: URL there ran in the worker threads)", { timeout: 30_000 }, () => {
    const { dir, ran } = caseDir();
    const file = join(dir, "s", "sweep.json");
    const evil = `data:text/javascript,import("node:fs").then((fs)=>fs.writeFileSync(${JSON.stringify(join(dir, "RAN"))},"x"));export default [];`;
    writeFileSync(file, JSON.stringify({ base: scenario, parameters: { plugins: [[evil], []] } }));
    const result = losslab("sweep", file, "--workers", "2", "--out", join(dir, "out"));
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      `losslab: ${file}: parameters."plugins": plugins cannot be swept (a plugin is code): name them in the base scenario or with --plugin\n`,
    );
    expect(ran()).toBe(false);
  });
});

describe("plugins: loading is bounded", () => {
  it("a module that throws null, a string or an object whose toString throws: one line, no stack trace", {
    timeout: 60_000,
  }, () => {
    refusedByBoth("./p.mjs", /plugin "\.\/p\.mjs": could not be loaded: it threw null$/m, { "p.mjs": "throw null;\n" });
    refusedByBoth("./p.mjs", /it threw no$/m, { "p.mjs": 'throw "no";\n' });
    refusedByBoth("./p.mjs", /it threw a value that cannot be shown$/m, {
      "p.mjs": 'throw { toString() { throw new Error("again"); } };\n',
    });
  });

  it("a top-level await that never settles: one line after 5 s, and the process ends (a pending timer too)", {
    timeout: 60_000,
  }, () => {
    const message = /plugin "\.\/p\.mjs": did not finish loading within 5 s \(a top-level await that never settles\?\)/;
    refusedByBoth("./p.mjs", message, { "p.mjs": "await new Promise(() => {});\nexport default [];\n" });
    refusedByBoth("./p.mjs", message, {
      "p.mjs": "await new Promise((resolve) => setTimeout(resolve, 2 ** 31 - 1));\nexport default [];\n",
    });
  });

  it("a named pipe, a link to /dev/zero, /dev/zero itself: refused before Node opens them (it hung with 7 GB)", {
    timeout: 60_000,
  }, () => {
    const pipe = caseDir();
    execFileSync("mkfifo", [join(pipe.dir, "s", "p.mjs")]);
    const file = join(pipe.dir, "s", "scenario.json");
    writeFileSync(file, JSON.stringify({ ...scenario, plugins: ["./p.mjs"] }));
    for (const command of ["validate", "run"]) {
      const result = losslab(command, file);
      expect(result.stderr).toBe(
        `losslab: ${file}: plugins[0]: cannot read plugin "./p.mjs": not a regular file (a device, pipe or socket)\n`,
      );
    }
    const zero = caseDir();
    symlinkSync("/dev/zero", join(zero.dir, "s", "zero.mjs"));
    writeFileSync(join(zero.dir, "s", "scenario.json"), JSON.stringify({ ...scenario, plugins: ["./zero.mjs"] }));
    expect(losslab("run", join(zero.dir, "s", "scenario.json")).stderr).toMatch(
      /plugins\[0\] "\.\/zero\.mjs": "\.\/zero\.mjs" is a symbolic link to a file outside/,
    );
    refusedByBoth("/dev/zero", /an absolute path is not allowed/);
  });

  // The built CLI, as installed: the source CLI's worker threads cannot import a plain .js
  // plugin that imports the workspace's TypeScript sources (plugin.test.ts builds it too).
  it("a plugin that hangs only in a sweep's worker thread: those points fail with one line each, the sweep ends", {
    timeout: 180_000,
  }, () => {
    const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], {
      cwd: repositoryRoot,
      encoding: "utf8",
    });
    expect(build.status, build.stderr).toBe(0);
    const example = join(repositoryRoot, "examples", "plugin-marking");
    const dir = mkdtempSync(join(example, ".tmp-"));
    copyFileSync(join(example, "index.js"), join(dir, "index.js"));
    writeFileSync(
      join(dir, "thread-hang.mjs"),
      'import { isMainThread } from "node:worker_threads";\nimport policy from "./index.js";\nif (!isMainThread) await new Promise(() => {});\nexport default policy;\n',
    );
    const base = { ...scenario, plugins: ["./thread-hang.mjs"], marking: { kind: "dctcp-step" } };
    writeFileSync(join(dir, "sweep.json"), JSON.stringify({ base, parameters: { "limits.window": [1, 2] } }));
    try {
      const cli = join(repositoryRoot, "apps", "lab", "dist", "cli.js");
      const started = Date.now();
      const run = spawnSync(
        process.execPath,
        [cli, "sweep", join(dir, "sweep.json"), "--workers", "2", "--out", join(dir, "out")],
        {
          cwd: repositoryRoot,
          encoding: "utf8",
          timeout: 120_000,
        },
      );
      expect(run.status).toBe(3);
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stderr).toContain(
        'losslab: point 1 (limits.window=1) failed: UserError: plugin "./thread-hang.mjs": did not finish loading within 5 s',
      );
    } finally {
      spawnSync("rm", ["-rf", dir]);
    }
  });
});
