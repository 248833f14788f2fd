import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { sweepFile } from "@losslab/test-kit/sweep-files";
import { describe, expect, it } from "vitest";

const base = {
  name: "tiny",
  durationMs: 2,
  topology: { kind: "two-switch", local: 1, remote: 1 },
  flows: { pattern: "santos", victimMs: null },
};

describe("losslab sweep", () => {
  // The base as a file relative to the sweep file; two parameters, 2 x 2 points.
  const grid = sweepFile(
    { base: "base.json", parameters: { "topology.local": [1, 2], "limits.window": [1, 2] } },
    { "base.json": base },
  );

  // Two sweeps in two CLI processes: about 19 s alone on the shared 2-core machine.
  it("writes the same results.csv with 1 and 2 workers, plus results.json and group charts", {
    timeout: 60_000,
  }, () => {
    const one = mkdtempSync(join(tmpdir(), "losslab-sweep-out-"));
    const two = mkdtempSync(join(tmpdir(), "losslab-sweep-out-"));
    const first = losslab("sweep", grid, "--workers", "1", "--out", one);
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("0 of 4 points already done");
    expect(losslab("sweep", grid, "--workers", "2", "--out", two).status).toBe(0);
    const csv = readFileSync(join(one, "results.csv"), "utf8");
    expect(readFileSync(join(two, "results.csv"), "utf8")).toBe(csv);
    expect(readFileSync(join(two, "results.json"), "utf8")).toBe(readFileSync(join(one, "results.json"), "utf8"));

    const lines = csv.trim().split("\n");
    expect(lines).toHaveLength(5);
    const header = lines[0]!.split(",");
    expect(header.slice(0, 5)).toEqual([
      "topology.local",
      "limits.window",
      "groups.local",
      "groups.remote",
      "groups.victim",
    ]);
    expect(header).toContain("links.A->B");
    expect(header.slice(-3)).toEqual(["delivered", "marked", "fingerprint"]);
    // Grid order, last parameter fastest; numbers with at most 6 significant digits.
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).join(","))).toEqual(["1,1", "1,2", "2,1", "2,2"]);
    for (const cell of lines[1]!.split(",").slice(2, -1)) {
      if (cell !== "") expect(cell.replace(/^0\.0*|\./g, "").replace(/e.*/, "").length).toBeLessThanOrEqual(6);
    }
    const json = JSON.parse(readFileSync(join(one, "results.json"), "utf8"));
    expect(json.parameters).toEqual(["topology.local", "limits.window"]);
    expect(json.points[3].parameters).toEqual({ "topology.local": 2, "limits.window": 2 });
    expect(json.points[3].summary["groups.local"]).toBe(Number(lines[4]!.split(",")[2]));
    for (const group of ["local", "remote", "victim"]) expect(existsSync(join(one, `groups.${group}.png`))).toBe(true);
    // Each point's fingerprint is the one `losslab run` gives the same scenario.
    const fingerprints = lines.slice(1).map((line) => line.split(",").at(-1));
    expect(new Set(fingerprints).size).toBe(4);
    expect(json.points[3].fingerprint).toBe(fingerprints[3]);
    const point = sweepFile(
      {},
      { "point.json": { ...base, topology: { ...base.topology, local: 2 }, limits: { window: 2 } } },
    );
    const single = losslab("run", join(point, "..", "point.json"), "--json");
    expect(JSON.parse(single.stdout).fingerprint).toBe(fingerprints[3]);
  });

  // Three sweeps through the CLI: slow on a loaded machine.
  it("resumes: only the points missing from results.csv run, and the file comes back identical", {
    timeout: 60_000,
  }, () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-sweep-out-"));
    expect(losslab("sweep", grid, "--workers", "2", "--out", out).status).toBe(0);
    const csv = readFileSync(join(out, "results.csv"), "utf8");
    const json = readFileSync(join(out, "results.json"), "utf8");
    const lines = csv.trimEnd().split("\n");
    writeFileSync(join(out, "results.csv"), `${lines.slice(0, -1).join("\n")}\n`);
    const resumed = losslab("sweep", grid, "--workers", "2", "--out", out);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toContain("3 of 4 points already done, running 1 on 1 worker");
    expect(resumed.stdout).toContain("ran 1 points");
    expect(readFileSync(join(out, "results.csv"), "utf8")).toBe(csv);
    expect(readFileSync(join(out, "results.json"), "utf8")).toBe(json);
    // Everything done: nothing runs.
    expect(losslab("sweep", grid, "--out", out).stdout).toContain("4 of 4 points already done, running 0");
    expect(readFileSync(join(out, "results.csv"), "utf8")).toBe(csv);
  });

  it("charts the listed outputs against the first parameter", () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-sweep-out-"));
    const file = sweepFile({ base, parameters: { "limits.window": [1, 2] }, outputs: ["links.A->B", "delivered"] });
    const { status, stdout } = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(status).toBe(0);
    expect(stdout).toContain("2 charts");
    expect(existsSync(join(out, "links.A-to-B.png"))).toBe(true);
    expect(existsSync(join(out, "delivered.svg"))).toBe(true);
    expect(existsSync(join(out, "groups.local.png"))).toBe(false);
  });

  // A base in cycles: each point is the base as written with its value set, then given its defaults
  // (durationMs derived from the base would clash with a swept durationCycles).
  it("sweeps a base written in cycles, its duration in cycles among the parameters", () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-sweep-out-"));
    const { durationMs: _, ...untimed } = base;
    const file = sweepFile({
      base: { ...untimed, cycleNs: 1, durationCycles: 1_000_000 },
      parameters: { durationCycles: [1_000_000, 2_000_000] },
    });
    const { status, stderr } = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(stderr).toBe("");
    expect(status).toBe(0);
    const rows = readFileSync(join(out, "results.csv"), "utf8").trim().split("\n");
    expect(rows).toHaveLength(3);
    expect(rows[1]).not.toBe(rows[2]!.replace("2000000", "1000000"));
  });

  // Six CLI processes.
  it("reports mistakes on stderr without a stack trace, exit code 2, before running anything", {
    timeout: 60_000,
  }, () => {
    const expectUserError = (result: ReturnType<typeof losslab>, text: string, lines = 1) => {
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain(text);
      expect(result.stderr).not.toContain("    at ");
      expect(result.stderr.trim().split("\n")).toHaveLength(lines);
    };
    const out = join(mkdtempSync(join(tmpdir(), "losslab-sweep-out-")), "never");

    const unknown = sweepFile({ base, parameters: { "topology.local": [1], "switch.bufferPacket": [1, 2] } });
    expectUserError(
      losslab("sweep", unknown, "--out", out),
      'unknown parameter path "switch.bufferPacket": switch has no field "bufferPacket"',
    );
    const nested = sweepFile({ base, parameters: { "topology.ring.size": [1] } });
    expectUserError(losslab("sweep", nested, "--out", out), 'unknown parameter path "topology.ring.size"');

    const rejected = sweepFile({ base, parameters: { "topology.local": [1, 2], "switch.bufferPackets": [4, 0] } });
    const bad = losslab("sweep", rejected, "--out", out);
    // One line (issue 21): the points' problems joined by "; ".
    expectUserError(bad, "2 of 4 points are invalid: point 2");
    expect(bad.stderr).toContain("point 2 (topology.local=1, switch.bufferPackets=0): switch.bufferPackets:");
    expect(bad.stderr).toContain("point 4 (topology.local=2, switch.bufferPackets=0): switch.bufferPackets:");
    const single = sweepFile({ base, parameters: { "switch.bufferPackets": [4, 0] } });
    expectUserError(losslab("sweep", single, "--out", out), "point 2 (switch.bufferPackets=0): switch.bufferPackets:");

    expectUserError(
      losslab("sweep", "does-not-exist.json", "--out", out),
      'losslab: cannot read sweep file "does-not-exist.json": no such file',
    );
    const noBase = sweepFile({ base: "missing.json", parameters: { "topology.local": [1] } });
    expectUserError(losslab("sweep", noBase, "--out", out), "cannot read base scenario file");
    expect(existsSync(out)).toBe(false);
  });
});

describe("losslab sweep, chart axis", () => {
  it("puts the parameter named by `x` on the x axis, one series per value of the others", () => {
    const file = sweepFile({
      base,
      parameters: { "topology.local": [1, 2], "limits.window": [1, 2] },
      outputs: ["groups.local"],
      x: "limits.window",
    });
    const out = mkdtempSync(join(tmpdir(), "losslab-sweep-x-"));
    expect(losslab("sweep", file, "--workers", "1", "--out", out).status).toBe(0);
    const svg = readFileSync(join(out, "groups.local.svg"), "utf8");
    expect(svg).toContain("groups.local vs limits.window");
    expect(svg).toContain("topology.local=1");
    expect(svg).toContain("topology.local=2");
    const bad = losslab("sweep", sweepFile({ base, parameters: { "topology.local": [1] }, x: "seed" }));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('x: "seed" is not a swept parameter; swept: topology.local');
  });
});
