/** Shared by the CLI tests: the repository root and the CLI run from source, as `pnpm losslab` does. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";

export const root = join(import.meta.dirname, "..", "..", "..");

/** The node arguments that run the CLI from its TypeScript sources. */
export const cliArgs = ["--conditions=@losslab/source", "--import", "tsx", "apps/lab/src/cli.ts"];

export function losslab(...args: string[]) {
  const result = spawnSync(process.execPath, [...cliArgs, ...args], { cwd: root, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
