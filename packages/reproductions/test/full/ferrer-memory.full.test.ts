/**
 * Memory over simulated time in ferrer-2012's paper-scale run (issue 21 part 6): the
 * 1,024-host MVCM run of ferrer-fig10-large, heap sampled after a full garbage collection
 * every simulated ms by scripts/heap-over-time.ts in its own process (the issue's criterion is
 * RSS). Before idle queues were forgotten the heap grew with every (source, destination)
 * pair ever used: 233 MiB at 1 ms, 365 MiB at 2 ms. Opt-in (`pnpm test:full`): about 35 minutes.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../../..");

describe("ferrer-fig10-large's MVCM run (full)", () => {
  it("levels off: RSS after 10 % of the run grows by less than 15 % to the end", { timeout: 3_600_000 }, () => {
    const output = execFileSync(
      process.execPath,
      ["--expose-gc", "--conditions=@losslab/source", "--import", "tsx", "scripts/heap-over-time.ts", "MVCM"],
      { cwd: root, encoding: "utf8", maxBuffer: 1 << 24 },
    );
    const samples = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { fraction?: number; rssMiB?: number })
      .filter((sample) => sample.rssMiB !== undefined) as Array<{ fraction: number; rssMiB: number }>;
    const atTenth = samples.find((sample) => sample.fraction >= 0.1)!;
    const peak = Math.max(...samples.map((sample) => sample.rssMiB));
    expect(samples.length).toBeGreaterThan(10);
    expect(peak / atTenth.rssMiB).toBeLessThan(1.15);
  });
});
