/**
 * The machine a report was made on: printed at the top of `reproduce --all`'s index.html
 * so wall times and results can be compared across machines.
 */
import { existsSync, readFileSync } from "node:fs";
import { arch, cpus, platform, release } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface ReportEnvironment {
  /** e.g. "v20.19.0". */
  node: string;
  /** e.g. "linux 6.1.0". */
  os: string;
  arch: string;
  cpuCount: number;
  cpuModel: string;
  /** The version in apps/lab/package.json ("unknown" if it cannot be found). */
  losslabVersion: string;
  /** ISO 8601, UTC. */
  date: string;
}

export function collectEnvironment(now: Date = new Date()): ReportEnvironment {
  const cores = cpus();
  return {
    node: process.version,
    os: `${platform()} ${release()}`,
    arch: arch(),
    cpuCount: cores.length,
    cpuModel: cores[0]?.model.trim() || "unknown",
    losslabVersion: losslabVersion(),
    date: now.toISOString(),
  };
}

/** Walks up from this module (src/report/ or a bundled dist/) to @losslab/lab's package.json. */
export function losslabVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
        if (pkg.name === "@losslab/lab" && typeof pkg.version === "string") return pkg.version;
      } catch {
        // not a readable package.json: keep walking up
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return "unknown";
}
