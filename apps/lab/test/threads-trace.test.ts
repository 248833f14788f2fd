/**
 * `losslab run --trace FILE --threads N` (docs/spec/parallel.md sec. 6, "Packet traces"): the
 * trace file of a run split over threads is the single run's, byte for byte, at 2, 3 and 4
 * threads; its filters cut at the same lines.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { losslabInProcess } from "./in-process.js";

const dir = mkdtempSync(join(tmpdir(), "losslab-threads-trace-"));

/** An example of examples/ cut to `durationMs` (measured throughout), written as JSON; its path. */
function example(name: string, durationMs: number): string {
  const { durationCycles, metrics, ...scenario } = parse(
    readFileSync(join(repositoryRoot, "examples", `${name}.yaml`), "utf8"),
  );
  const { measureMs, ...rest } = metrics ?? {};
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify({ ...scenario, metrics: rest, durationMs }));
  return file;
}

/**
 * Two switches whose host links (100 ns) are shorter than the window (the 1 us link between
 * them): packets reach their first switch in the window they are made in, under their
 * provisional ids, and leave it under their final ones.
 */
function shortHostLinks(): string {
  const host = (id: string, to: string, port: number) => [
    { id, kind: "host", ports: 1 },
    { a: { node: id, port: 0 }, b: { node: to, port }, delayPs: 100_000 },
  ];
  const hosts = [host("HA", "A", 0), host("HA2", "A", 2), host("HB", "B", 0)];
  const file = join(dir, "short-host-links.json");
  writeFileSync(
    file,
    JSON.stringify({
      durationMs: 0.1,
      topology: {
        kind: "custom",
        nodes: [
          { id: "A", kind: "switch", ports: 3 },
          { id: "B", kind: "switch", ports: 3 },
          ...hosts.map(([node]) => node),
        ],
        links: [
          ...hosts.map(([, link]) => link),
          { a: { node: "A", port: 1 }, b: { node: "B", port: 1 }, delayPs: 1_000_000 },
        ],
      },
      marking: { kind: "ipm" },
      flows: [
        { source: "HA", destination: "HB" },
        { source: "HA2", destination: "HB" },
        { source: "HB", destination: "HA" },
      ],
    }),
  );
  return file;
}

/** The trace file of `run file --trace ... --threads threads` with `flags`, and the line saying how many lines it wrote. */
async function traced(file: string, threads: number, flags: string[]): Promise<{ trace: string; note: string }> {
  const out = join(dir, `trace-${threads}.ndjson`);
  const run = await losslabInProcess("run", file, "--json", "--threads", String(threads), "--trace", out, ...flags);
  expect(run.code, run.stderr).toBe(0);
  const note = run.stderr.split("\n").find((line) => line.startsWith("wrote ")) ?? "";
  return { trace: readFileSync(out, "utf8"), note };
}

describe("run --trace --threads", () => {
  // Every event of the trace, PAUSE frames and credit returns included.
  const all = ["--trace-kinds", "all"];
  it.each([
    ["examples/fat-tree-k4.yaml, 0.3 ms (by pods)", () => example("fat-tree-k4", 0.3), [2, 3, 4], all],
    ["examples/cbfc-victim.yaml, 0.3 ms (two switches)", () => example("cbfc-victim", 0.3), [2], all],
    ["two switches with host links shorter than the window", shortHostLinks, [2], all],
    [
      "the same, one flow in a time window",
      shortHostLinks,
      [2],
      [...all, "--trace-flows", "1", "--trace-window", "20us..70us"],
    ],
    [
      "examples/fat-tree-k4.yaml, 0.2 ms, the default events only",
      () => example("fat-tree-k4", 0.2),
      [2, 4],
      ["--trace-kinds", "injected,departed,delivered"],
    ],
  ] as const)(
    "%s: the single run's trace file, byte for byte",
    { timeout: 240_000 },
    async (_, file, counts, flags) => {
      const path = file();
      const single = await traced(path, 1, [...flags]);
      expect(single.trace.split("\n").length).toBeGreaterThan(100);
      for (const threads of counts) {
        const split = await traced(path, threads, [...flags]);
        expect(split.note, `${threads} threads`).toBe(single.note.replace("trace-1", `trace-${threads}`));
        // Compared whole: toBe on two long strings reports the first line that differs.
        expect(split.trace === single.trace, `${threads} threads: the trace differs`).toBe(true);
      }
    },
  );
});
