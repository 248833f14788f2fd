/**
 * `losslab reproduce NAME --threads N`: each of a preset's runs split over N threads gives the
 * files of one thread (result.json: summary, fingerprint and claims; the charts' CSV data);
 * a preset with a run that threads do not support is refused in one line naming the preset,
 * the run and the reason, before or as it runs.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { losslabInProcess } from "./in-process.js";

/** result.json and every chart's CSV that `reproduce NAME ARGS --out DIR` writes, by file name. */
export async function presetFiles(name: string, ...args: string[]): Promise<Record<string, string>> {
  const out = mkdtempSync(join(tmpdir(), "losslab-reproduce-threads-"));
  const run = await losslabInProcess("reproduce", name, "--out", out, ...args);
  expect(run.code, run.stderr).toBe(0);
  const kept = readdirSync(out).filter((file) => file === "result.json" || file.endsWith(".csv"));
  return Object.fromEntries(kept.map((file) => [file, readFileSync(join(out, file), "utf8")]));
}

describe("reproduce --threads", () => {
  // santos-2002's two-switch fabric has 10 ns links: a window every 10 ns, 10 million windows
  // in the 100 ms run, so the split run takes minutes where one thread takes a second.
  it("santos2002-fig2a: the files of one thread with its run split over 2", { timeout: 600_000 }, async () => {
    const single = await presetFiles("santos2002-fig2a");
    expect(Object.keys(single)).toContain("santos2002-fig2a.csv");
    expect(JSON.parse(single["result.json"]!).fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(await presetFiles("santos2002-fig2a", "--threads", "2")).toEqual(single);
  });

  it("refuses, before any run, a preset with a run that threads do not support, naming the run", async () => {
    const marked = await losslabInProcess("reproduce", "santos2002-fig4b", "--threads", "2", "--json");
    expect(marked.code).toBe(2);
    expect(marked.stdout).toBe("");
    expect(marked.stderr).toBe(
      'losslab: santos2002-fig4b, run 1 of 2: --threads 2: not supported on threads yet: marking "input-triggered" (only "none")\n',
    );
    const oneSwitch = await losslabInProcess("reproduce", "chrysos-fig3c", "--threads", "2", "--json");
    expect(oneSwitch.code).toBe(2);
    expect(oneSwitch.stderr).toMatch(/^losslab: chrysos-fig3c, run 1 of 1: --threads 2: .*1 switch/);
    const all = await losslabInProcess("reproduce", "--all", "--threads", "2");
    expect(all.code).toBe(2);
    expect(all.stderr).toMatch(/^losslab: --threads splits one preset's runs; not with --all/);
  });

  it("refuses, as it runs, a preset whose run meets a refusal on threads (collectives), naming the run", {
    timeout: 120_000,
  }, async () => {
    const run = await losslabInProcess("reproduce", "ring-allreduce-bound", "--threads", "2", "--json");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "losslab: ring-allreduce-bound, run 1 of 4: --threads 2: a device acted on a device of another part without a link between them (traffic that starts flows when others complete does, such as collectives): run it with --threads 1\n",
    );
  });

  it("refuses more sweep workers than the cores hold split runs", async () => {
    const cores = availableParallelism();
    const fit = Math.max(1, Math.floor(cores / 2));
    const run = await losslabInProcess("reproduce", "santos2002-fig2a", "--threads", "2", "--workers", String(fit + 1));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^losslab: --workers ${fit + 1} with --threads 2 runs ${2 * (fit + 1)} threads, more than this machine's ${cores} cores`,
      ),
    );
  });
});
