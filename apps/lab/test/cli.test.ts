import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { assertExampleGolden, examplePart, exampleScenarios } from "./example-records.js";

describe("losslab CLI", () => {
  it("--version prints the version of @losslab/lab", () => {
    const { status, stdout } = losslab("--version");
    expect(status).toBe(0);
    expect(stdout.trim()).toBe(JSON.parse(readFileSync(join(repositoryRoot, "apps/lab/package.json"), "utf8")).version);
  });

  it("--help lists the commands", () => {
    const { status, stdout } = losslab("--help");
    expect(status).toBe(0);
    for (const command of ["list", "reproduce", "run"]) expect(stdout).toContain(command);
  });

  it("list shows every preset with a description", () => {
    const { status, stdout } = losslab("list");
    expect(status).toBe(0);
    expect(stdout).toMatch(/^santos2002-fig2a\s+santos-2002 Fig\. 2\(a\)/m);
    expect(stdout).toContain("santos2002-fig3b");
  });

  it("an unknown preset exits non-zero with one line naming the known ones", () => {
    const { status, stdout, stderr } = losslab("reproduce", "nope");
    expect(status).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain('unknown preset "nope"; known presets: santos2002-fig2a');
    const typo = losslab("reproduce", "santos2002-fig2");
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain(
      'unknown preset "santos2002-fig2" (did you mean "santos2002-fig2a"?); known presets:',
    );
  });

  it("a bad flag or value exits non-zero with a one-line message", () => {
    const flag = losslab("reproduce", "santos2002-fig2a", "--frobnicate");
    expect(flag.status).toBe(2);
    expect(flag.stderr.trim()).toBe("losslab: unknown option '--frobnicate'");
    const seed = losslab("reproduce", "santos2002-fig2a", "--seed", "x");
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
    const first = losslab("reproduce", "santos2002-fig2a", "--json");
    expect(first.status).toBe(0);
    const json = JSON.parse(first.stdout);
    expect(Object.keys(json)).toEqual(["preset", "seed", "params", "fingerprint", "summary", "checks"]);
    expect(json.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(json.preset).toBe("santos2002-fig2a");
    expect(json.checks.map((c: { id: string }) => c.id)).toEqual(["C2a.1", "C2a.2", "C2a.3", "C2a.4"]);
    const second = losslab("reproduce", "santos2002-fig2a", "--json", "--seed", "7");
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout).seed).toBe(7);
    // Scenario S has no random choice: its trajectory is the same at any seed.
    expect(JSON.parse(second.stdout).fingerprint).toBe(json.fingerprint);
    expect(losslab("reproduce", "santos2002-fig2a", "--json").stdout).toBe(first.stdout);
  });

  it("reproduce writes CSV, SVG and PNG files", () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-out-"));
    const { status, stdout } = losslab("reproduce", "santos2002-fig2b", "--out", out);
    expect(status).toBe(0);
    expect(stdout).toContain("3 of 3 claims pass");
    expect(readFileSync(join(out, "santos2002-fig2b.csv"), "utf8")).toMatch(/^series,time \(ms\),rate/);
    expect(readFileSync(join(out, "santos2002-fig2b.svg"), "utf8")).toContain("<svg");
    expect(readFileSync(join(out, "santos2002-fig2b.png")).subarray(1, 4).toString()).toBe("PNG");
  });

  it("run: a scenario with a trace file replays every message of the trace", () => {
    const csv = readFileSync(join(repositoryRoot, "examples/trace-example.csv"), "utf8").trim().split("\n").slice(1);
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

  it("run examples/trimming-incast.yaml and link-failure.yaml: prints the trimming and link failure counts, and --json holds them", () => {
    const trimming = losslab("run", "examples/trimming-incast.yaml");
    expect(trimming.status).toBe(0);
    const line =
      /trimming: (\d+) packets trimmed, 0 headers dropped; (\d+) NACKs, (\d+) retransmissions, 0 timeouts/.exec(
        trimming.stdout,
      );
    expect(Number(line![1])).toBeGreaterThan(0);
    expect(line![2]).toBe(line![1]);
    expect(line![3]).toBe(line![1]);
    const failure = losslab("run", "examples/link-failure.yaml", "--json");
    expect(failure.status).toBe(0);
    const result = JSON.parse(failure.stdout);
    expect(result.failures.lost).toBeGreaterThan(0);
    expect(Object.keys(result.failures.byLink).sort()).toEqual(["pod0-agg0->pod0-edge0", "pod0-edge0->pod0-agg0"]);
    expect(result.recovery.total.timeouts).toBeGreaterThan(0);
    expect(result.completions["pod0-to-pod1"].count).toBe(4);
  });

  it("run examples/deadlock-ring.yaml: warns of the credit loop, then stops at the deadlock naming its cycle", () => {
    const { status, stdout, stderr } = losslab("run", "examples/deadlock-ring.yaml");
    expect(status).toBe(2);
    expect(stdout).toBe("");
    const [warning, error, ...rest] = stderr.trim().split("\n");
    expect(rest).toEqual([]);
    expect(warning).toMatch(/^losslab: warning: topology: possible credit loop, .* S0 port 1 -> S1 port 1 -> /);
    expect(error).toMatch(/^losslab: examples\/deadlock-ring\.yaml: deadlock at 2 ms: /);
    expect(error).toContain(
      "credit loop: S1 input 2 -> S2 input 2 -> S3 input 2 -> S4 input 2 -> S0 input 2 -> S1 input 2",
    );
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

  it("run --trace: the filtered events of one flow, the same fingerprint as without a trace", {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-trace-"));
    const file = join(dir, "victim.ndjson");
    const args = ["run", "examples/santos-fig2a.json", "--json"];
    const traced = losslab(...args, "--trace", file, "--trace-flows", "6", "--trace-window", "45ms..45.2ms");
    expect(traced.status).toBe(0);
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(traced.stderr).toContain(`wrote ${lines.length} trace lines to ${file}`);
    expect(JSON.parse(traced.stdout).fingerprint).toBe(JSON.parse(losslab(...args).stdout).fingerprint);
    expect(lines.every((line) => line.flow === 6)).toBe(true);
    const outside = lines.filter((line) => line.ev !== "generated" && (line.t < 45e6 || line.t >= 45.2e6));
    expect(outside).toEqual([]);
    const events = new Set(lines.map((line) => line.ev));
    for (const ev of ["injected", "arrived", "departed", "delivered", "received"]) expect(events.has(ev)).toBe(true);
    // The victim AV -> BV crosses A then B; its ACKs come back the other way.
    const hops = lines.filter((line) => line.kind === "data" && line.ev === "arrived").map((line) => line.dev);
    expect(new Set(hops)).toEqual(new Set(["A", "B"]));
  });

  // Seven CLI processes.
  it("reproduce --trace-only traces one run of a preset; bad trace flags are named", { timeout: 90_000 }, () => {
    const file = join(mkdtempSync(join(tmpdir(), "losslab-trace-")), "t.ndjson");
    const only = losslab(
      "reproduce",
      "santos2002-fig3b",
      "--trace",
      file,
      "--trace-run",
      "2",
      "--trace-only",
      "--trace-kinds",
      "delivered",
    );
    expect(only.status).toBe(0);
    expect(only.stdout).toBe("");
    expect(only.stderr).toMatch(/santos2002-fig3b, run 2 of 2: wrote \d+ trace lines/);
    expect(
      readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .every((line) => line.includes('"ev":"delivered"')),
    ).toBe(true);
    const cases: Array<[string[], string]> = [
      [
        ["reproduce", "santos2002-fig3b", "--trace", file],
        "santos2002-fig3b makes 2 runs: choose one with --trace-run 1..2",
      ],
      [
        ["run", "examples/santos-fig2a.json", "--trace-window", "1ms..2ms"],
        "--trace-window filters a trace: give --trace FILE too",
      ],
      [
        ["run", "examples/santos-fig2a.json", "--trace", file, "--trace-window", "2ms"],
        "--trace-window: expected FROM..TO",
      ],
      [
        ["run", "examples/santos-fig2a.json", "--trace", file, "--trace-flows", "a"],
        "--trace-flows: expected flow ids",
      ],
      [
        ["run", "examples/santos-fig2a.json", "--trace", file, "--trace-kinds", "hops"],
        'unknown event "hops"; allowed: generated',
      ],
      [["run", "examples/santos-fig2a.json", "--trace", join(file, "no", "dir")], "--trace: cannot write"],
    ];
    for (const [args, message] of cases) {
      const result = losslab(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).not.toContain("    at ");
    }
  });

  // Six CLI processes.
  it("a bad --out fails at once, before anything runs, naming the directory", { timeout: 60_000 }, () => {
    const file = join(mkdtempSync(join(tmpdir(), "losslab-out-")), "santos2002-fig2b");
    writeFileSync(file, "");
    const cases: string[][] = [
      ["run", "examples/santos-fig2a.json", "--out", join(file, "out")],
      ["reproduce", "santos2002-fig2a", "--out", join(file, "out")],
      ["reproduce", "--all", "--only", "santos2002-fig2a", "--out", file],
      // A preset's own directory (here a file) is checked before the first preset runs.
      ["reproduce", "--all", "--only", "santos2002-fig2a,santos2002-fig2b", "--out", dirname(file)],
      ["sweep", "examples/sweep-buffer-threshold.json", "--out", join(file, "out")],
      // Node 20's recursive mkdir never returns here.
      ["run", "examples/santos-fig2a.json", "--out", "/proc/losslab-out"],
    ];
    for (const args of cases) {
      const result = losslab(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^losslab: --out: cannot write to ".*": (ENOTDIR|ENOENT)\n$/);
      expect(result.stdout).toBe("");
    }
  });
});
