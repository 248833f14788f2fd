/**
 * Runs `losslab` commands in a long-lived child process (losslab-child.ts) with a small V8
 * heap, so a test can try hundreds of bad inputs in seconds: each command must answer within
 * `timeoutMs` (else the child is killed and the answer says `hung`), and a child that dies
 * (out of memory, say) is restarted for the next command.
 */
import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { isCleanError } from "./hostile-scenarios.js";
import type { ChildAnswer } from "./losslab-child.js";

export type RunnerAnswer = ChildAnswer | { hung: true } | { died: string };

/** Above this resident size after a command, the command allocated what it should have refused. */
const MAX_RSS = 1024 * 2 ** 20;

/**
 * How an answer to bad input breaks the contract (exit code 2, one clean `losslab:` line,
 * no stack trace, no hang, bounded memory), or undefined when it keeps it.
 */
export function breach(answer: RunnerAnswer): string | undefined {
  if ("hung" in answer) return "no answer within the time limit";
  if ("died" in answer) return `the process died: ${answer.died}`;
  if (answer.thrown !== undefined) return `threw instead of reporting: ${answer.thrown}`;
  if (answer.code !== 2) return `exit code ${answer.code}`;
  if (!isCleanError(answer.stderr)) return `not one clean losslab: line: ${answer.stderr.slice(0, 3000)}`;
  if (answer.rss > MAX_RSS) return `${Math.round(answer.rss / 2 ** 20)} MB resident after the command`;
  return undefined;
}

export class LosslabRunner {
  private child: ChildProcess | undefined;
  private next = 0;
  private stderr = "";

  constructor(
    private readonly timeoutMs: number,
    /** V8's heap limit of the child, MB. */
    private readonly heapMb = 512,
  ) {}

  async run(args: string[]): Promise<RunnerAnswer> {
    const child = this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      const done = (answer: RunnerAnswer) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        resolve(answer);
      };
      const onMessage = (answer: ChildAnswer) => {
        if (answer.id === id) done(answer);
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.child = undefined;
        done({ died: `exit ${code ?? signal}: ${this.stderr.slice(-2000)}` });
      };
      const timer = setTimeout(() => {
        this.stop();
        done({ hung: true });
      }, this.timeoutMs);
      child.on("message", onMessage);
      child.on("exit", onExit);
      child.send({ id, args });
    });
  }

  stop(): void {
    this.child?.kill("SIGKILL");
    this.child = undefined;
  }

  private start(): ChildProcess {
    if (this.child !== undefined) return this.child;
    this.stderr = "";
    const child = fork(join(import.meta.dirname, "losslab-child.ts"), [], {
      cwd: repositoryRoot,
      execArgv: ["--conditions=@losslab/source", "--import", "tsx", `--max-old-space-size=${this.heapMb}`],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.child = child;
    return child;
  }
}
