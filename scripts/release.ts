/**
 * `pnpm release [--dry-run]`: builds every package, runs every test, packs each package
 * with pnpm and checks the tarball (scripts/packing.ts: no `workspace:` range, exports that
 * point into dist/ only, LICENSE and README inside, no publint message, no
 * @arethetypeswrong/cli problem), then publishes with `changeset publish` (which uses pnpm
 * publish here, so `publishConfig` applies). Run `pnpm version-packages` first: it applies
 * the changesets, bumping versions and writing the CHANGELOG.md files. `--dry-run` stops
 * after the tarball checks.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attwReport, manifestProblems, packAll, publintMessages, tarballFiles } from "./packing.js";

const dryRun = process.argv.includes("--dry-run");
const run = (command: string, args: string[], cwd = process.cwd()) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
const step = (what: string) => process.stderr.write(`release: ${what}\n`);

step("build");
run("pnpm", ["build"]);
step("test");
run("pnpm", ["test"]);

const packs = mkdtempSync(join(tmpdir(), "losslab-release-"));
const problems: string[] = [];
for (const packed of packAll(packs)) {
  const found = [
    ...manifestProblems(packed.tarball),
    ...(await publintMessages(packed.tarball)).map((message) => `publint ${message}`),
    ...(await attwReport(packed.tarball)).problems.map((problem) => `attw ${problem}`),
  ];
  problems.push(...found.map((problem) => `${packed.name}: ${problem}`));
  step(`packed ${packed.name}@${packed.version} (${tarballFiles(packed.tarball).length} files)`);
}
rmSync(packs, { recursive: true, force: true });
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`release: ${problem}\n`);
  process.exit(1);
}
if (dryRun) {
  step("dry run: every tarball checks out; nothing published");
} else {
  step("publish");
  execFileSync("pnpm", ["exec", "changeset", "publish"], { stdio: "inherit" });
}
