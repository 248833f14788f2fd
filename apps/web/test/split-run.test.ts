/**
 * The split run's failures before part 0 runs, in Node with stand-in workers (the browser
 * test runs real ones): a part whose worker does not load, or that reports an error while
 * building, ends the run with that error, and no promise is left waiting for it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseScenario } from "@losslab/scenario";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { type PartInput, type PartReport, runOnWorkers } from "../src/split-run.js";

/** fat-tree-k4 (4 pods: it splits into 2 parts) cut to a tenth of a millisecond. */
const { metrics, ...example } = parseYaml(readFileSync(join(repositoryRoot, "examples", "fat-tree-k4.yaml"), "utf8"));
const scenario = parseScenario({ ...example, durationMs: 0.1 });

/** A stand-in for a part's Web Worker: on its input, `behave` fires its events; it records being terminated. */
class StandInWorker {
  onmessage: ((event: { data: PartReport }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  received: PartInput | undefined;

  constructor(private readonly behave: (worker: StandInWorker) => void) {}

  postMessage(input: PartInput): void {
    this.received = input;
    setTimeout(() => this.behave(this), 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

async function splitWith(behave: (worker: StandInWorker) => void): Promise<{ error: Error; worker: StandInWorker }> {
  let worker: StandInWorker | undefined;
  const start = () => {
    worker = new StandInWorker(behave);
    return worker as unknown as Worker;
  };
  const error = await runOnWorkers(scenario, 2, start).then(
    () => new Error("the run did not fail"),
    (reason: Error) => reason,
  );
  return { error, worker: worker! };
}

describe("a run split over Web Workers, when a part fails before it runs", () => {
  it("reports a part whose worker does not load, and ends that worker", async () => {
    let prevented = false;
    const { error, worker } = await splitWith((part) =>
      part.onerror?.({
        message: "",
        preventDefault: () => {
          prevented = true;
        },
      }),
    );
    expect(error.message).toBe("threads 2: the worker of part 1 failed: its module did not load");
    expect(prevented).toBe(true);
    expect(worker.terminated).toBe(true);
    expect(worker.received?.part).toBe(1);
    expect(worker.received?.memory.parts).toBe(2);
  });

  it("reports the error a part posts while it builds, by its message", async () => {
    const { error, worker } = await splitWith((part) =>
      part.onmessage?.({
        data: { error: "the fabric has 1 pods, so it splits into at most 1 parts, not 2", name: "TopologyError" },
      }),
    );
    expect(error.message).toBe("threads 2: the fabric has 1 pods, so it splits into at most 1 parts, not 2");
    expect(worker.terminated).toBe(true);
  });
});
