/**
 * What would be published, packed once and checked: every workspace package packed with pnpm
 * (so `publishConfig` applies, as `pnpm publish` does), the tarballs' manifests checked, and
 * their entry points checked by publint and @arethetypeswrong/cli. Used by `pnpm release`
 * and by the packed-packages test (apps/lab/test/packed.test.ts), so that the suite packs once.
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { publishedPackageDirs, repositoryRoot } from "@losslab/test-kit/repository";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

export interface Packed {
  name: string;
  version: string;
  /** The package's directory, relative to the repository root. */
  dir: string;
  /** The absolute path of its tarball. */
  tarball: string;
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });

/** Packs every published package (built beforehand) into `destination` with pnpm. */
export function packAll(destination: string): Packed[] {
  return publishedPackageDirs().map((dir) => {
    const { name, version } = JSON.parse(readFileSync(join(repositoryRoot, dir, "package.json"), "utf8"));
    const tarball = run("pnpm", ["pack", "--pack-destination", destination], join(repositoryRoot, dir))
      .trim()
      .split("\n")
      .at(-1) as string;
    return { name, version, dir, tarball };
  });
}

/** The files of a tarball, without the leading "package/". */
export function tarballFiles(tarball: string): string[] {
  return run("tar", ["-tzf", tarball], repositoryRoot)
    .split("\n")
    .filter(Boolean)
    .map((file) => file.replace(/^package\//, ""));
}

/** What `pnpm release` always checked: no `workspace:` range, nothing pointing into src/, LICENSE and README inside. */
export function manifestProblems(tarball: string): string[] {
  const files = tarballFiles(tarball);
  const manifest = JSON.parse(run("tar", ["-xzOf", tarball, "package/package.json"], repositoryRoot));
  const problems: string[] = [];
  if (JSON.stringify(manifest).includes("workspace:")) problems.push('a "workspace:" range in the packed manifest');
  const entryPoints = JSON.stringify([manifest.exports, manifest.main, manifest.module, manifest.types, manifest.bin]);
  if (entryPoints.includes("@losslab/source") || entryPoints.includes("src/")) {
    problems.push("the packed exports point into src/");
  }
  for (const file of ["LICENSE", "README.md"]) {
    if (!files.includes(file)) problems.push(`${file} missing from the tarball`);
  }
  return problems;
}

/** publint's messages (errors, warnings and suggestions, strict mode) for a tarball, as text. */
export async function publintMessages(tarball: string): Promise<string[]> {
  const bytes = readFileSync(tarball);
  const result = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer },
    level: "suggestion",
    strict: true,
  });
  return result.messages.map((message) => `${message.type}: ${formatMessage(message, result.pkg) ?? message.code}`);
}

/** The module resolutions attw checks: its table's columns. */
export const RESOLUTION_KINDS = ["node10", "node16-cjs", "node16-esm", "bundler"] as const;
export type ResolutionKind = (typeof RESOLUTION_KINDS)[number];

export interface AttwReport {
  /** Per entry point ("." ...) and resolution kind: "ok (CJS)", "ok (ESM)", "ok" or the problems found. */
  entrypoints: Record<string, Record<ResolutionKind, string>>;
  /** Every problem attw found, as `kind (entry point, resolution)`. */
  problems: string[];
}

interface AttwProblem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

interface AttwResolution {
  resolution?: { fileName: string };
  implementationResolution?: { fileName: string };
}

/** Runs @arethetypeswrong/cli on a tarball (its JSON output) and sums up each column of its table. */
export async function attwReport(tarball: string): Promise<AttwReport> {
  const attw = join(repositoryRoot, "node_modules", ".bin", "attw");
  const { status: code, stdout, stderr } = await runProcess(attw, [tarball, "--format", "json"]);
  // Exit code 1 means problems were found (reported below); anything else but 0 is a failure to run.
  if (code !== 0 && code !== 1) throw new Error(`attw ${tarball} exited with ${code}:\n${stderr}`);
  const { analysis } = JSON.parse(stdout) as {
    analysis: {
      problems: AttwProblem[];
      entrypoints: Record<string, { resolutions: Record<string, AttwResolution> }>;
    };
  };
  const entrypoints: AttwReport["entrypoints"] = {};
  for (const [entrypoint, { resolutions }] of Object.entries(analysis.entrypoints)) {
    const row = {} as Record<ResolutionKind, string>;
    for (const kind of RESOLUTION_KINDS) {
      const found = analysis.problems.filter(
        (problem) =>
          (problem.entrypoint === undefined || problem.entrypoint === entrypoint) &&
          (problem.resolutionKind === undefined || problem.resolutionKind === kind),
      );
      const implementation = resolutions[kind]?.implementationResolution?.fileName ?? "";
      const format = !kind.startsWith("node16")
        ? ""
        : implementation.endsWith(".json")
          ? " (JSON)"
          : implementation.endsWith(".cjs")
            ? " (CJS)"
            : " (ESM)";
      row[kind] = found.length === 0 ? `ok${format}` : found.map((problem) => problem.kind).join(", ");
    }
    entrypoints[entrypoint] = row;
  }
  const problems = analysis.problems.map(
    (problem) => `${problem.kind} (${problem.entrypoint ?? "package"}, ${problem.resolutionKind ?? "all"})`,
  );
  return { entrypoints, problems };
}

/** Runs `command` without a shell (in `cwd`); resolves with its exit code and output. */
export function runProcess(
  command: string,
  args: readonly string[],
  cwd?: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}
