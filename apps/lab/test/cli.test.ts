import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { assertExampleGolden, examplePart, exampleScenarios } from "./golden-kit.js";
import { losslab, root } from "./kit.js";

describe("losslab CLI", () => {
  it("--help lists the commands", () => {
    const { status, stdout } = losslab("--help");
    expect(status).toBe(0);
    for (const command of ["list", "reproduce", "run"]) expect(stdout).toContain(command);
  });

  it("list shows every preset with a description", () => {
    const { status, stdout } = losslab("list");
    expect(status).toBe(0);
    expect(stdout).toMatch(/^santos-fig2a\s+santos-2002 Fig\. 2\(a\)/m);
    expect(stdout).toContain("santos-fig3d");
  });

  it("an unknown preset exits non-zero with one line naming the known ones", () => {
    const { status, stdout, stderr } = losslab("reproduce", "nope");
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain('unknown preset "nope"; known presets: santos-fig2a');
  });

  it("a bad flag or value exits non-zero with a one-line message", () => {
    const flag = losslab("reproduce", "santos-fig2a", "--frobnicate");
    expect(flag.status).not.toBe(0);
    expect(flag.stderr.trim()).toBe("error: unknown option '--frobnicate'");
    const seed = losslab("reproduce", "santos-fig2a", "--seed", "x");
    expect(seed.status).not.toBe(0);
    expect(seed.stderr).toContain('--seed must be an integer >= 0, got "x"');
  });

  it("run: a missing file and an invalid scenario are reported, not thrown", () => {
    const missing = losslab("run", "does-not-exist.json");
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe('losslab: cannot read scenario file "does-not-exist.json": no such file');
    const dir = mkdtempSync(join(tmpdir(), "losslab-"));
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ durationMs: 10, topology: { kind: "ring" }, flows: [] }));
    const bad = losslab("run", file);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("topology.kind");
    expect(bad.stderr).not.toContain("    at ");
  });

  it("reproduce --json prints the spec's JSON shape, identical on a second run", () => {
    const first = losslab("reproduce", "santos-fig2a", "--json");
    expect(first.status).toBe(0);
    const json = JSON.parse(first.stdout);
    expect(Object.keys(json)).toEqual(["preset", "seed", "params", "summary", "checks"]);
    expect(json.preset).toBe("santos-fig2a");
    expect(json.checks.map((c: { id: string }) => c.id)).toEqual(["C2a.1", "C2a.2", "C2a.3", "C2a.4"]);
    const second = losslab("reproduce", "santos-fig2a", "--json", "--seed", "7");
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).seed).toBe(7);
    expect(losslab("reproduce", "santos-fig2a", "--json").stdout).toBe(first.stdout);
  });

  it("reproduce writes CSV, SVG and PNG files", () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-out-"));
    const { status, stdout } = losslab("reproduce", "santos-fig3b", "--out", out);
    expect(status).toBe(0);
    expect(stdout).toContain("3 of 3 claims pass");
    expect(readFileSync(join(out, "santos-fig3b.csv"), "utf8")).toMatch(/^series,time \(ms\),rate/);
    expect(readFileSync(join(out, "santos-fig3b.svg"), "utf8")).toContain("<svg");
    expect(readFileSync(join(out, "santos-fig3b.png")).subarray(1, 4).toString()).toBe("PNG");
  });

  it("run: a scenario with a trace file replays every message of the trace", () => {
    const csv = readFileSync(join(root, "examples/trace-example.csv"), "utf8").trim().split("\n").slice(1);
    const packets = csv.map((line) => Math.ceil(Number(line.split(",")[3]) / 2048)).reduce((a, b) => a + b, 0);
    const { status, stdout } = losslab("run", "examples/trace-replay.json", "--json");
    expect(status).toBe(0);
    const result = JSON.parse(stdout);
    expect(csv.length).toBe(44);
    expect(result.delivered).toBe(packets);
    // Every message is a flow of known size that completed: 44 completion times in all.
    const completed = Object.values(result.completions as Record<string, { count: number; p50Us: number }>);
    expect(completed.reduce((sum, c) => sum + c.count, 0)).toBe(44);
    // A one-packet message crosses two switches in at least its own serialization time.
    for (const c of completed) expect(c.p50Us).toBeGreaterThan(2.068);
  });

  // Two CLI processes per example, the fat-tree one simulating 1.5 M cycles: give it time.
  it("validate and run: every example scenario in examples/ is valid, runs, and matches its golden record", {
    timeout: 90_000,
  }, () => {
    const examples = exampleScenarios();
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) {
      const valid = losslab("validate", `examples/${example}`);
      expect(valid.stdout).toContain(": valid (");
      const { status, stdout, stderr } = losslab("run", `examples/${example}`, "--json");
      expect(stderr).toBe("");
      expect(status).toBe(0);
      assertExampleGolden(example, examplePart(JSON.parse(stdout)));
    }
  });

  it("validate reports a mistake the format cannot see: an unknown host", () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-"));
    const file = join(dir, "host.yaml");
    writeFileSync(
      file,
      "durationMs: 5\ntopology: { kind: single-switch, hosts: 2 }\nflows: [{ source: H0, destination: H9 }]\n",
    );
    const { status, stderr } = losslab("validate", file);
    expect(status).toBe(2);
    expect(stderr.trim()).toBe(`losslab: ${file}: flows[0].destination: unknown host "H9"; hosts are H0, H1`);
  });
});
