/** The `losslab` CLI run from its TypeScript sources in a child process, as `pnpm losslab` does. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { repositoryRoot } from "./repository.js";

/** The node arguments that run the CLI from its TypeScript sources. */
export const cliArgs = ["--conditions=@losslab/source", "--import", "tsx", "apps/lab/src/cli.ts"];

/** Runs `losslab ARGS` from the repository root to its end: its exit status, stdout and stderr. */
export function losslab(...args: string[]) {
  const result = spawnSync(process.execPath, [...cliArgs, ...args], { cwd: repositoryRoot, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The CLI as a running child process (to signal it): its stderr so far, and its exit. */
export function startLosslab(...args: string[]): {
  child: ChildProcess;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, [...cliArgs, ...args], { cwd: repositoryRoot });
  child.stdout!.resume();
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, stderr: () => stderr, exit };
}
