import { findPreset, resultJsonText } from "@losslab/reproductions";
import { parseScenario, runScenario, threadsUnsupported } from "@losslab/scenario";
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { handleRequest, type Message, presetList, type Request, type ThreadsHost } from "../src/protocol.js";
import { MAX_POINTS } from "../src/run-view.js";
import { observeRuns } from "../src/scenario-tap.js";

/** A worker that cannot start parts (there are no Web Workers in Node): `isolated` says whether it is cross-origin isolated. */
const noParts = (isolated: boolean): ThreadsHost => ({
  isolated,
  startPart: () => {
    throw new Error("no part should start");
  },
});

/** The messages the worker posts for one request, each through structuredClone as postMessage does. */
async function messagesOf(request: Request, host = noParts(false)): Promise<Message[]> {
  const messages: Message[] = [];
  await handleRequest(request, (message) => messages.push(structuredClone(message)), observeRuns, host);
  return messages;
}

const small = { durationMs: 2, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } };

describe("the worker protocol", () => {
  it("runs a preset: started, then done with reproduce --json's text", async () => {
    const messages = await messagesOf({ type: "run-preset", preset: "santos2002-fig2a", seed: 1 });
    expect(messages[0]).toEqual({ type: "started", name: "santos2002-fig2a", runs: 1 });
    const last = messages.at(-1)!;
    if (last.type !== "done") throw new Error(`ended with ${JSON.stringify(last)}`);
    const preset = findPreset("santos2002-fig2a");
    const expected = resultJsonText(preset.name, 1, await preset.run({ seed: 1, progress: () => {} }));
    expect(last.outcome.summaryJson).toBe(expected);
    expect(last.outcome.checks.map((check) => check.id)).toEqual(["C2a.1", "C2a.2", "C2a.3", "C2a.4"]);
    expect(last.outcome.table).toContain("4 of 4 claims pass");
    expect(Object.keys(last.outcome.csv)).toEqual(last.outcome.charts.map((chart) => chart.name));
    expect(last.outcome.csv["santos2002-fig2a"]).toMatch(/^series,time \(ms\),/);
    expect(messages.filter((m) => m.type === "error")).toEqual([]);
  });

  it("runs a scenario's text: progress, the run's series, then its summary", async () => {
    const messages = await messagesOf({ type: "run-scenario", text: JSON.stringify(small) });
    const types = messages.map((m) => m.type);
    expect(types[0]).toBe("started");
    expect(types).toContain("run-progress");
    expect(types.slice(-2)).toEqual(["run-result", "done"]);
    const view = messages.find((m) => m.type === "run-result")!;
    if (view.type !== "run-result") throw new Error("no run-result");
    expect(view.view.run).toBe(1);
    expect(view.view.timesMs.length).toBeGreaterThan(0);
    expect(view.view.timesMs.length).toBeLessThanOrEqual(MAX_POINTS);
    expect(view.view.links.map((l) => `${l.from}->${l.to}`)).toContain("A->B");
    for (const link of view.view.links) expect(link.values).toHaveLength(view.view.timesMs.length);
    expect(view.view.rates.map((r) => r.name)).toContain("group:remote");
    const done = messages.at(-1)!;
    if (done.type !== "done") throw new Error("not done");
    const direct = runScenario(parseScenario(small));
    expect(JSON.parse(done.outcome.summaryJson).fingerprint).toBe(direct.fingerprint);
    const progress = messages.filter((m) => m.type === "run-progress");
    for (const m of progress) if (m.type === "run-progress") expect(m.totalMs).toBe(2);
  });

  it("accepts YAML, and reports the scenario schema's own error for a bad field", async () => {
    const yaml = "durationMs: 2\ntopology: { kind: two-switch, local: 1, remote: 1 }\nflows: { pattern: santos }\n";
    expect((await messagesOf({ type: "run-scenario", text: yaml })).at(-1)!.type).toBe("done");
    const bad = { ...small, durationMs: -1 };
    const expected = errorOf(Error, () => parseScenario(bad)).message;
    expect(expected).toContain("durationMs");
    expect(await messagesOf({ type: "run-scenario", text: JSON.stringify(bad) })).toEqual([
      { type: "error", message: expected },
    ]);
  });

  it("reports text that is not YAML or JSON, and an unknown preset", async () => {
    const [notYaml] = await messagesOf({ type: "run-scenario", text: "durationMs: [1, 2" });
    expect(notYaml).toMatchObject({ type: "error" });
    expect((notYaml as { message: string }).message).toMatch(/^the scenario is not valid YAML or JSON/);
    const [unknown] = await messagesOf({ type: "run-preset", preset: "santos-fig99", seed: 1 });
    expect((unknown as { message: string }).message).toContain('unknown preset "santos-fig99"');
  });

  it("traces one flow of a run's scenario: progress, then the trace, which survives structuredClone", async () => {
    const [run] = (await messagesOf({ type: "run-scenario", text: JSON.stringify(small) })).filter(
      (m) => m.type === "run-result",
    );
    if (run?.type !== "run-result") throw new Error("no run-result");
    // Flow 0 is B1 -> BC (santos' flows in order: local, remote, the victim).
    const request: Request = {
      type: "trace-flow",
      scenario: JSON.stringify(run.view.scenario),
      flow: 0,
      fromMs: 0,
      toMs: 2,
    };
    const messages = await messagesOf(request);
    expect(messages.slice(0, -1).every((m) => m.type === "run-progress")).toBe(true);
    const last = messages.at(-1)!;
    if (last.type !== "trace") throw new Error(`ended with ${JSON.stringify(last).slice(0, 200)}`);
    expect(last.trace.flow).toBe(0);
    expect(last.trace.devices).toEqual(["B1", "B", "BC"]);
    expect(last.trace.total).toBeGreaterThan(0);
    expect(last.trace.timesNs).toHaveLength(last.trace.total);
    const [bad] = await messagesOf({ ...request, scenario: "durationMs: -1" });
    expect(bad).toMatchObject({ type: "error" });
  });

  it("runs on one thread, saying why in one message, where a split run cannot be made", async () => {
    const text = JSON.stringify(small);
    const fingerprint = runScenario(parseScenario(small)).fingerprint;
    const threadsOf = (messages: Message[]) => messages.filter((m) => m.type === "threads");
    const done = (messages: Message[]) => {
      const last = messages.at(-1)!;
      if (last.type !== "done") throw new Error(`ended with ${JSON.stringify(last).slice(0, 200)}`);
      return last.outcome;
    };
    // A page that is not cross-origin isolated: the headers it lacks.
    const notIsolated = await messagesOf({ type: "run-scenario", text, threads: 2 });
    const [note] = threadsOf(notIsolated);
    expect(note).toMatchObject({ type: "threads", threads: 1 });
    expect(note?.type === "threads" && note.fallback).toContain(
      "not cross-origin isolated: its server must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp",
    );
    expect(JSON.parse(done(notIsolated).summaryJson).fingerprint).toBe(fingerprint);
    expect(done(notIsolated).threads).toBeUndefined();
    // An isolated page, a scenario a split run does not support: threadsUnsupported's words.
    const managed = { ...small, nonCompliant: { hosts: ["A1"] }, subnetManager: { host: "BV" } };
    const unsupported = threadsUnsupported(parseScenario(managed));
    expect(unsupported).toBeDefined();
    const refused = await messagesOf(
      { type: "run-scenario", text: JSON.stringify(managed), threads: 2 },
      noParts(true),
    );
    expect(threadsOf(refused)).toEqual([{ type: "threads", threads: 1, fallback: unsupported }]);
    expect(done(refused).summaryJson).toContain('"fingerprint"');
    // A preset's runs are not split; one thread asked for says nothing.
    const preset = await messagesOf(
      { type: "run-preset", preset: "santos2002-fig2a", seed: 1, threads: 2 },
      noParts(true),
    );
    expect(threadsOf(preset)).toEqual([
      { type: "threads", threads: 1, fallback: "a preset's runs are not split over threads (a scenario's run is)" },
    ]);
    expect(threadsOf(await messagesOf({ type: "run-scenario", text, threads: 1 }, noParts(true)))).toEqual([]);
  });

  it("puts back the previous run observer when a request ends", async () => {
    expect(observeRuns(undefined)).toBeUndefined();
    await messagesOf({ type: "run-scenario", text: "{" });
    expect(observeRuns(undefined)).toBeUndefined();
  });

  it("offers every preset `losslab list` shows", () => {
    const names = presetList().map((p) => p.name);
    expect(names).toContain("santos2002-fig2a");
    expect(names).toContain("ferrer-fig11-large");
    expect(new Set(names).size).toBe(names.length);
  });
});
