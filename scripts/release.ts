/**
 * `pnpm release [--dry-run]`: builds every package, runs every test, packs each package
 * with pnpm and checks the tarball's manifest (no `workspace:` range, exports that point
 * into dist/ only, LICENSE and README inside), then publishes with `changeset publish`
 * (which uses pnpm publish here, so `publishConfig` applies). Run `pnpm version-packages`
 * first: it applies the changesets, bumping versions and writing the CHANGELOG.md files.
 * `--dry-run` stops after the tarball checks.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dryRun = process.argv.includes("--dry-run");
const run = (command: string, args: string[], cwd = process.cwd()) =>
  execFileSync(command, args, { cwd, stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
const step = (what: string) => process.stderr.write(`release: ${what}\n`);

step("build");
run("pnpm", ["build"]);
step("test");
run("pnpm", ["test"]);

const packs = mkdtempSync(join(tmpdir(), "losslab-release-"));
const dirs = [...readdirSync("packages").map((name) => join("packages", name)), join("apps", "lab")];
const problems: string[] = [];
for (const dir of dirs) {
  const tarball = run("pnpm", ["pack", "--pack-destination", packs], dir).trim().split("\n").at(-1)!;
  const listing = run("tar", ["-tzf", tarball]).split("\n");
  const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"]));
  const text = JSON.stringify(manifest);
  if (text.includes("workspace:")) problems.push(`${manifest.name}: a "workspace:" range in the packed manifest`);
  const entryPoints = JSON.stringify([manifest.exports, manifest.main, manifest.types, manifest.bin]);
  if (entryPoints.includes("@losslab/source") || entryPoints.includes("src/")) {
    problems.push(`${manifest.name}: the packed exports point into src/`);
  }
  for (const file of ["package/LICENSE", "package/README.md"]) {
    if (!listing.includes(file)) problems.push(`${manifest.name}: ${file.slice(8)} missing from the tarball`);
  }
  step(`packed ${manifest.name}@${manifest.version} (${listing.filter(Boolean).length} files)`);
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
