/**
 * What `npm i @losslab/lab` gives a user: every workspace package packed with pnpm (as
 * `pnpm release` publishes them), installed in a directory outside the workspace from those
 * tarballs alone (pnpm, offline: third-party packages come from the store the workspace
 * install filled), and the installed `losslab` bin run there, worker threads included.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readGolden } from "./golden-kit.js";
import { root } from "./kit.js";

const dir = mkdtempSync(join(tmpdir(), "losslab-packed-"));
const app = join(dir, "app");
const bin = join(app, "node_modules", ".bin", "losslab");
const installed = (...args: string[]) => spawnSync(bin, args, { cwd: app, encoding: "utf8" });

function pnpm(args: string[], cwd: string): string {
  const run = spawnSync("pnpm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (run.status !== 0) throw new Error(`pnpm ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

beforeAll(() => {
  pnpm(["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], root);
  const tarballs = join(dir, "tarballs");
  const packageDirs = [
    ...readdirSync(join(root, "packages")).map((name) => join("packages", name)),
    join("apps", "lab"),
  ];
  const files: Record<string, string> = {};
  for (const packageDir of packageDirs) {
    const { name } = JSON.parse(readFileSync(join(root, packageDir, "package.json"), "utf8"));
    files[name] = pnpm(["pack", "--pack-destination", tarballs], join(root, packageDir)).trim().split("\n").at(-1)!;
  }
  mkdirSync(app);
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "user", private: true, dependencies: { "@losslab/lab": `file:${files["@losslab/lab"]}` } }),
  );
  // The @losslab dependencies of the tarballs (^0.1.0 ranges) resolve to the other tarballs.
  const overrides = Object.entries(files).map(([name, file]) => `  "${name}": "file:${file}"`);
  writeFileSync(join(app, "pnpm-workspace.yaml"), `overrides:\n${overrides.join("\n")}\n`);
  pnpm(["install", "--offline"], app);
}, 300_000);

describe("the installed losslab bin", () => {
  it("prints the version of the package", () => {
    const { version } = JSON.parse(readFileSync(join(root, "apps", "lab", "package.json"), "utf8"));
    expect(installed("--version").stdout.trim()).toBe(version);
  });

  it("runs a sweep on 2 worker threads, with the results of 1", { timeout: 60_000 }, () => {
    const sweep = join(dir, "sweep.json");
    writeFileSync(
      sweep,
      JSON.stringify({
        base: { durationMs: 2, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } },
        parameters: { "topology.local": [1, 2, 3] },
      }),
    );
    const results = ["1", "2"].map((workers) => {
      const out = join(dir, `sweep-${workers}`);
      const run = installed("sweep", sweep, "--workers", workers, "--out", out);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      return readFileSync(join(out, "results.csv"), "utf8");
    });
    expect(results[1]).toBe(results[0]);
    expect(results[0]!.trim().split("\n")).toHaveLength(4);
  });

  it("reproduces ferrer-fig5 on 2 worker threads, on the trajectory of its golden record", { timeout: 180_000 }, () => {
    const run = installed("reproduce", "ferrer-fig5", "--workers", "2", "--json");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.checks.every((check: { pass: boolean }) => check.pass)).toBe(true);
    expect(result.fingerprint).toBe(readGolden("ferrer-fig5").full!.fingerprint);
  });
});
