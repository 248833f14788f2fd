/**
 * Packs every workspace package once with pnpm (scripts/packing.ts, as `pnpm release`
 * publishes them) and installs them all in a new directory outside the workspace, from the
 * tarballs alone (pnpm, offline: third-party packages come from the store the workspace
 * install filled). Shared by the packed tests of the default suite and the full one.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { type Packed, packAll } from "../../../scripts/packing.js";

export interface PackedInstall {
  /** The temporary directory: tarballs/ and app/. */
  readonly dir: string;
  /** The user's project, with every package a dependency. */
  readonly app: string;
  /** The installed `losslab` bin. */
  readonly bin: string;
  readonly packed: Packed[];
  /** Deletes the directory. */
  remove(): void;
}

function pnpm(args: string[], cwd: string): string {
  const run = spawnSync("pnpm", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (run.status !== 0) throw new Error(`pnpm ${args.join(" ")} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** Builds, packs and installs (a minute or two); call `remove` when done. */
export function installPacked(): PackedInstall {
  const dir = mkdtempSync(join(tmpdir(), "losslab-packed-"));
  const app = join(dir, "app");
  pnpm(["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], repositoryRoot);
  const tarballs = join(dir, "tarballs");
  const packed = packAll(tarballs);
  // The example plugin (issue 25), as its author would publish it: its workspace range becomes ^0.1.0.
  const plugin = pnpm(["pack", "--pack-destination", tarballs], join(repositoryRoot, "examples", "plugin-marking"))
    .trim()
    .split("\n")
    .at(-1) as string;
  mkdirSync(app);
  // Every package a direct dependency, so that the consumer files below can import each one.
  const dependencies = {
    ...Object.fromEntries(packed.map(({ name, tarball }) => [name, `file:${tarball}`])),
    "losslab-marking-dctcp": `file:${plugin}`,
  };
  writeFileSync(
    join(app, "package.json"),
    JSON.stringify({ name: "user", private: true, type: "module", dependencies }),
  );
  // The @losslab dependencies of the tarballs (^0.1.0 ranges) resolve to the other tarballs.
  const overrides = packed.map(({ name, tarball }) => `  "${name}": "file:${tarball}"`);
  // bullmq's msgpackr-extract has a build script pnpm asks about; its prebuilt binary is enough.
  writeFileSync(
    join(app, "pnpm-workspace.yaml"),
    `overrides:\n${overrides.join("\n")}\nallowBuilds:\n  msgpackr-extract: false\n`,
  );
  pnpm(["install", "--offline"], app);
  return {
    dir,
    app,
    bin: join(app, "node_modules", ".bin", "losslab"),
    packed,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
