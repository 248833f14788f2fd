/**
 * The installed CLI reproduces santos2002-fig5 on 2 worker threads (issue 21 part 4): its
 * 32-run sweep from the packed tarballs installed outside the workspace, every claim
 * passing, on the trajectory the sources give. About 8 minutes on 2 cores, so opt-in
 * (`pnpm test:full`); the default suite runs ferrer-fig5 this way (packed.test.ts).
 */
import { spawnSync } from "node:child_process";
import { findPreset } from "@losslab/reproductions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installPacked, type PackedInstall } from "../packed-install.js";

let install: PackedInstall;
beforeAll(() => {
  install = installPacked();
}, 600_000);
afterAll(() => install.remove());

describe("the installed losslab bin (full)", () => {
  it("reproduces santos2002-fig5 on 2 worker threads: every claim, the sources' fingerprint", {
    timeout: 1_800_000,
  }, async () => {
    const run = spawnSync(install.bin, ["reproduce", "santos2002-fig5", "--workers", "2", "--json"], {
      cwd: install.app,
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    expect(run.stderr.split("\n").filter((line) => line.startsWith("losslab:"))).toEqual([]);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.checks.filter((check: { pass: boolean }) => !check.pass)).toEqual([]);
    const fromSource = await findPreset("santos2002-fig5").run({ seed: 1, progress: () => {} });
    expect(result.fingerprint).toBe(fromSource.fingerprint);
  });
});
