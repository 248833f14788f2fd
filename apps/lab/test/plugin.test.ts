/**
 * Plugins (issue 25): a marking policy defined outside losslab (examples/plugin-marking),
 * named in a scenario's `plugins:` or with `--plugin`, validated, documented and run like a
 * built-in one, on worker threads too.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";

const example = "examples/plugin-marking";
const scenario = `${example}/scenario.yaml`;

describe("a marking policy from a plugin", () => {
  it("passes its own tests (npm test in the plugin's directory)", () => {
    const run = spawnSync(process.execPath, ["--conditions=@losslab/source", "--import", "tsx", "--test", "test/"], {
      cwd: join(repositoryRoot, example),
      encoding: "utf8",
    });
    expect(run.stdout).toMatch(/# pass 3\n# fail 0/);
    expect(run.status).toBe(0);
  });

  it("runs the example scenario, which names it: its marks are in the summary", () => {
    const { status, stdout } = losslab("run", scenario, "--json");
    expect(status).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.scenario.marking).toEqual({ kind: "dctcp-step", thresholdPackets: 8 });
    expect(result.marked).toBeGreaterThan(0);
    expect(result.marks.switches.S.marked).toBe(result.marked);
    // The plugin is named as written (a relative path), not as this machine resolved it.
    expect(result.scenario.plugins).toEqual(["./index.js"]);
  });

  it("validates its parameters like a built-in's, and names the field of a typo", () => {
    // A plugin file is inside the scenario's directory: a copy of the plugin beside the scenario.
    const dir = mkdtempSync(join(repositoryRoot, example, ".tmp-"));
    copyFileSync(join(repositoryRoot, example, "index.js"), join(dir, "index.js"));
    try {
      const bad = (marking: string) => {
        const file = join(dir, "bad.yaml");
        writeFileSync(
          file,
          readFileSync(join(repositoryRoot, scenario), "utf8").replace(/marking: .*/, `marking: ${marking}`),
        );
        return losslab("validate", file);
      };
      const zero = bad("{ kind: dctcp-step, thresholdPackets: 0 }");
      expect(zero.status).toBe(2);
      expect(zero.stderr).toMatch(/marking\.thresholdPackets: Too small: expected number to be >=1 \(got 0\)/);
      const typo = bad("{ kind: dctcp-step, treshold: 4 }");
      expect(typo.stderr).toMatch(/marking: unknown field "treshold"/);
      const kind = bad("{ kind: dctcp-stepp }");
      expect(kind.stderr).toMatch(
        /marking\.kind: unknown "dctcp-stepp" \(did you mean "dctcp-step"\?\); allowed: .*red, dctcp-step/,
      );
      expect(bad("{ kind: dctcp-step }").stdout).toMatch(/valid \(.*marking dctcp-step/);
    } finally {
      spawnSync("rm", ["-rf", dir]);
    }
  });

  it("--plugin loads it for a scenario that does not name it; the JSON Schema export lists it", () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-plugin-"));
    const file = join(dir, "s.yaml");
    writeFileSync(file, readFileSync(join(repositoryRoot, scenario), "utf8").replace(/^plugins: .*$/m, ""));
    expect(losslab("validate", file).stderr).toMatch(/marking\.kind: unknown "dctcp-step"/);
    const flagged = losslab("validate", file, "--plugin", `./${example}/index.js`);
    expect(flagged.status).toBe(0);
    const schema = JSON.parse(losslab("schema", "--plugin", `./${example}/index.js`).stdout);
    expect(JSON.stringify(schema)).toContain('"const":"dctcp-step"');
    expect(JSON.stringify(JSON.parse(losslab("schema").stdout))).not.toContain("dctcp-step");
  });

  it("a plugin that is not one, or not there, is one clear line", () => {
    const missing = losslab("validate", scenario, "--plugin", "./no-such-plugin.js");
    expect(missing.stderr).toBe('losslab: --plugin: cannot read plugin "./no-such-plugin.js": no such file\n');
    const notAPlugin = losslab("validate", scenario, "--plugin", "./apps/lab/src/terminal/one-line.ts");
    expect(notAPlugin.stderr).toMatch(/its default export must be a kind definition/);
    const uninstalled = losslab("validate", scenario, "--plugin", "losslab-no-such-package");
    expect(uninstalled.stderr).toMatch(
      /^losslab: --plugin "losslab-no-such-package": not installed where \. can see it/,
    );
  });

  // The built CLI, as installed: worker threads of the source CLI cannot import a plain .js
  // plugin that imports the workspace's TypeScript sources.
  it("runs in a sweep's worker threads of the built CLI, with the same results as in-process", () => {
    const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], {
      cwd: repositoryRoot,
      encoding: "utf8",
    });
    expect(build.status, build.stderr).toBe(0);
    const dir = mkdtempSync(join(repositoryRoot, example, ".tmp-"));
    copyFileSync(join(repositoryRoot, example, "index.js"), join(dir, "index.js"));
    try {
      const sweep = join(dir, "sweep.json");
      writeFileSync(join(dir, "base.yaml"), readFileSync(join(repositoryRoot, scenario), "utf8"));
      writeFileSync(sweep, JSON.stringify({ base: "base.yaml", parameters: { "marking.thresholdPackets": [4, 16] } }));
      const results = (workers: string) => {
        const out = join(dir, `out-${workers}`);
        const cli = join(repositoryRoot, "apps", "lab", "dist", "cli.js");
        const run = spawnSync(process.execPath, [cli, "sweep", sweep, "--workers", workers, "--out", out], {
          cwd: repositoryRoot,
          encoding: "utf8",
        });
        expect(run.stderr).not.toMatch(/error/i);
        expect(run.status).toBe(0);
        return readFileSync(join(out, "results.csv"), "utf8");
      };
      const threads = results("2");
      expect(threads).toBe(results("1"));
      expect(threads.split("\n").filter((line) => line !== "")).toHaveLength(3);
    } finally {
      spawnSync("rm", ["-rf", dir]);
    }
  }, 120_000);
});
