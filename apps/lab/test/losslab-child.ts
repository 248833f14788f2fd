/**
 * A child process that runs `losslab` commands in-process, one per message, for tests that
 * run many (see losslab-runner.ts): the real program (runLosslab) without a process start
 * per command. It answers with the exit code, what the program wrote as its error, a stack
 * if it threw (a bug), and its memory after the command.
 */
import { runLosslab } from "../src/program.js";

export interface ChildRequest {
  id: number;
  args: string[];
}

export interface ChildAnswer {
  id: number;
  code: number;
  /** What runLosslab wrote to its error output (user errors, commander's messages). */
  stderr: string;
  /** The stack of an error the program threw instead of reporting it. */
  thrown?: string;
  /** Resident set size and V8 heap after the command, bytes. */
  rss: number;
  heapUsed: number;
}

process.on("message", async ({ id, args }: ChildRequest) => {
  let stderr = "";
  let code: number;
  let thrown: string | undefined;
  try {
    code = await runLosslab(["node", "losslab", ...args], (text) => {
      stderr += text;
    });
  } catch (error) {
    code = 1;
    thrown = (error as Error).stack ?? String(error);
  }
  const { rss, heapUsed } = process.memoryUsage();
  const answer: ChildAnswer = { id, code, stderr, rss, heapUsed, ...(thrown === undefined ? {} : { thrown }) };
  process.send!(answer);
});
