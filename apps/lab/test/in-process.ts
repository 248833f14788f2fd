/** `losslab` run in the test's own process (fast: no child process, no TypeScript loader start-up). */
import { vi } from "vitest";
import { runLosslab } from "../src/program.js";

/**
 * Runs `losslab ARGS` here and returns its exit code, stdout and stderr (captured from
 * process.stdout/stderr and from runLosslab's error writer). Resets process.exitCode.
 */
export async function losslabInProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const returned = await runLosslab(["node", "losslab", ...args], (text) => {
      stderr += text;
    });
    const code = returned !== 0 ? returned : typeof process.exitCode === "number" ? process.exitCode : 0;
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}
