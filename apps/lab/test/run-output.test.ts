/**
 * What `run` prints (issue 22): the text summary at a glance (rates, marked share and
 * latency per flow group, busiest links, marks per switch) and `--json`, the summary
 * without time series unless `--series` asks for them. Run in-process on examples/santos-fig4b.yaml
 * cut to 3 ms (input-triggered marking marks from the first milliseconds).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseScenario, runScenario } from "@losslab/scenario";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatSummary, resultJson } from "../src/commands/run.js";
import { losslabInProcess } from "./in-process.js";

let file: string;
let input: Record<string, unknown>;

beforeAll(() => {
  input = parse(readFileSync(join(repositoryRoot, "examples", "santos-fig4b.yaml"), "utf8"));
  input.durationMs = 3;
  input.metrics = { measureMs: [1, 3] };
  file = join(mkdtempSync(join(tmpdir(), "losslab-run-")), "fig4b-3ms.json");
  writeFileSync(file, JSON.stringify(input));
});

describe("run --json", () => {
  it("prints the summary, marks, counts, fingerprint and cost; the time series only with --series", async () => {
    const plain = await losslabInProcess("run", file, "--json");
    expect(plain.code).toBe(0);
    const json = JSON.parse(plain.stdout);
    expect(Object.keys(json)).toEqual([
      "scenario",
      "fingerprint",
      "events",
      "delivered",
      "marked",
      "stats",
      "summary",
      "marks",
      "completions",
    ]);
    expect(json.marked).toBeGreaterThan(0);
    expect(json.marks.switches).toEqual({ A: { marked: 0 }, B: { marked: json.marked } });
    expect(Object.keys(json.marks.markedPct)).toEqual(["all", "group:local", "group:remote", "group:victim"]);
    expect(json.marks.markedPct.all).toBeGreaterThan(0);

    const full = await losslabInProcess("run", file, "--json", "--series");
    expect(full.code).toBe(0);
    const withSeries = JSON.parse(full.stdout);
    expect(Object.keys(withSeries)).toEqual([...Object.keys(json), "series"]);
    expect(withSeries.series["group:local"].length).toBeGreaterThan(2);
    // The same run: the series are the only addition.
    const { series: _series, stats: _fullStats, ...rest } = withSeries;
    const { stats: _stats, ...same } = json;
    expect(rest).toEqual(same);
    expect(plain.stdout.length).toBeLessThan(full.stdout.length);
  });

  it("--series without --json is a mistake, found before the run", async () => {
    const answer = await losslabInProcess("run", join(repositoryRoot, "does-not-exist.json"), "--series");
    expect(answer).toEqual({
      code: 2,
      stdout: "",
      stderr: "losslab: --series adds the time series to --json; use it with --json\n",
    });
  });
});

describe("run's text", () => {
  it("shows per flow group the rate, the marked share and the latency; links; marks per switch", () => {
    const result = runScenario(parseScenario(input));
    const text = formatSummary(result);
    const json = resultJson(result);
    const lines = text.split("\n");
    expect(lines[0]).toBe("santos-2002 Fig. 4(b): input-triggered marking, LIPD, L=10 R=10");
    expect(lines[1]).toBe("3 ms simulated; averages over 1-3 ms");
    expect(lines[3]).toMatch(/^ {2}flow group +rate +marked +latency us$/);
    // The victim starts at 40 ms: no rate, no packets to mark, no latency yet.
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}victim +0\.0000 +- +-$/));
    for (const group of ["local", "remote"]) {
      const rate = result.summary.groups[group]!.toFixed(4);
      const marked = result.summary.markedPct[`group:${group}`]!.toFixed(2);
      const latency = result.summary.latencyUs[`group:${group}`]!.toFixed(3);
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  ${group} +${rate} +${marked} % +${latency}$`)));
    }
    expect(text).toMatch(/\n {2}all +- +\d+\.\d\d % +\d+\.\d{3}\n/);
    expect(text).toContain("\nbusiest links, utilisation (fraction of link bandwidth):\n  B->BC ");
    expect(text).toContain(`\nmarks: ${result.marked} by input-triggered marking: B ${result.marked}\n`);
    expect(text).toContain(`fingerprint ${json.fingerprint}`);
  });

  it("puts the PAUSE statistics in --json under PAUSE only, and PAUSE and queue lines in the text", () => {
    expect(resultJson(runScenario(parseScenario(input)))).not.toHaveProperty("pause");
    const paused = runScenario(
      parseScenario({
        durationMs: 0.05,
        topology: { kind: "single-switch", hosts: 3 },
        switch: {
          kind: "input-buffered",
          inputBufferBytes: 9216,
          flowControl: { kind: "pause", xoffBytes: 4000, xonBytes: 2000 },
        },
        packets: { dataBytes: 1000 },
        adapter: { acks: false },
        flows: [
          { source: "H0", destination: "H2", stopUs: 12 },
          { source: "H1", destination: "H2", stopUs: 12 },
        ],
        metrics: { queueLengths: { intervalUs: 1 } },
      }),
    );
    expect(resultJson(paused).pause).toEqual(paused.pause);
    expect(paused.pause?.frames).toBe(2);
    // One XOFF per input, each held 10.04 us (packages/scenario/test/pfc.test.ts derives it).
    const text = formatSummary(paused);
    expect(text).toContain("\nPAUSE: 2 XOFF frames, senders held 20.1 us in all; most: H0->S 10.0 us, H1->S 10.0 us\n");
    expect(text).toContain("\nqueue lengths (KB; p50 / p95 / p99 / max), longest first:\n  S:in");
    expect(formatSummary(runScenario(parseScenario(input)))).not.toContain("PAUSE:");
  });

  it("says why there are no marks", () => {
    const result = runScenario(parseScenario({ ...input, marking: { kind: "none" } }));
    expect(formatSummary(result)).toContain("\nmarks: none (no marking policy)\n");
  });
});
