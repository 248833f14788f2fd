/**
 * `losslab import ns3-hpcc` and `losslab import htsim`, and scenario files that name a peer's
 * file as topology or traffic, on small files written here (no peer's file is in the
 * repository): what an import maps, that its scenario validates and runs through the built
 * CLI, and that bad input is one `losslab:` line naming the file, the line and the field.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { breach, LosslabRunner } from "./losslab-runner.js";

const cli = join(repositoryRoot, "apps", "lab", "dist", "cli.js");
const built = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: repositoryRoot, encoding: "utf8" });

const dir = mkdtempSync(join(tmpdir(), "losslab-import-"));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

/** A switch (node 0) and 4 hosts at 100 Gb/s, 1 us links; a fifth link line beyond the count, as the artifact's file has. */
const topology = write(
  "topology.txt",
  "5 1 4\n0\n0 1 100Gbps 0.001ms 0\n0 2 100Gbps 0.001ms 0\n0 3 100Gbps 0.001ms 0\n0 4 100Gbps 1000ns 0\n0 5 25Gbps 0.001ms 0\n",
);
/** Three flows into host 1, the last one short. */
const flows = write("flow.txt", "3\n2 1 3 100 100000 0.000001\n3 1 3 100 100000 0.000001\n4 1 3 100 5000 0.00002\n");
const config = (lines: string[]) => lines.join("\n");
const hpccConfig = write(
  "hpcc.txt",
  config([
    "PACKET_PAYLOAD_SIZE 1000",
    "SIMULATOR_STOP_TIME 0.0006",
    "CC_MODE 3",
    "RATE_AI 50Mb/s",
    "U_TARGET 0.95",
    "MI_THRESH 0",
    "HAS_WIN 1",
    "BUFFER_SIZE 32",
    "ERROR_RATE_PER_LINK 0.0000",
    "LINK_DOWN 0 0 0",
  ]),
);
const dcqcnConfig = write(
  "dcqcn.txt",
  config([
    "ENABLE_QCN 1",
    "SIMULATOR_STOP_TIME 0.0006",
    "CC_MODE 1",
    "ALPHA_RESUME_INTERVAL 1",
    "RATE_DECREASE_INTERVAL 4",
    "RP_TIMER 300",
    "EWMA_GAIN 0.00390625",
    "FAST_RECOVERY_TIMES 1",
    "RATE_AI 20Mb/s",
    "RATE_HAI 200Mb/s",
    "MIN_RATE 1000Mb/s",
    "CLAMP_TARGET_RATE 0",
    "KMAX_MAP 2 100000000000 1600 400000000000 6400",
    "KMIN_MAP 2 100000000000 400 400000000000 1600",
    "PMAX_MAP 2 100000000000 0.2 400000000000 0.2",
    "BUFFER_SIZE 32",
    "NOT_A_KEY 7",
  ]),
);

/** A leaf-spine: 8 hosts, 2 ToRs of 4 hosts and 2 uplinks, 2 spines; 100 Gb/s, 1 us. */
const leafSpine = write(
  "ls.topo",
  [
    "Nodes 8",
    "Tiers 2",
    "Podsize 8",
    "Tier 0",
    "Downlink_speed_Gbps 100",
    "Radix_Down 4",
    "Radix_Up 2",
    "Oversubscribed 2",
    "Downlink_Latency_ns 1000",
    "Queue_Down 200000",
    "Tier 1",
    "Downlink_speed_Gbps 100",
    "Radix_Down 2",
    "Downlink_Latency_ns 1000",
    "",
  ].join("\n"),
);
const permutation = write(
  "perm.cm",
  "Nodes 8\nConnections 4\n0->5 id 1 start 0 size 64000\n5->2 id 2 start 0 size 64000\n2->7 id 3 start 1000000 size 64000\n7->0 id 4 start 1000000 size 64000\n",
);
const triggered = write(
  "a2a.cm",
  "Nodes 8\nConnections 2\nTriggers 1\n0->5 id 1 start 0 size 64000 send_done_trigger 1\n0->6 id 2 trigger 1 size 64000\ntrigger id 1 oneshot\n",
);

beforeAll(() => {
  const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@losslab/lab..."], {
    cwd: repositoryRoot,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`pnpm build failed:\n${build.stdout}\n${build.stderr}`);
}, 300_000);

/** Imports with the built CLI, checks the written file validates, and returns it parsed with the import's stderr. */
function imported(args: string[], name: string) {
  const out = join(dir, name);
  const run = built("import", ...args, "--out", out);
  expect(run.status, run.stderr).toBe(0);
  const validate = built("validate", out);
  expect(validate.status, validate.stderr).toBe(0);
  return { scenario: parse(readFileSync(out, "utf8")), stderr: run.stderr, file: out };
}

/** Runs a scenario file with the built CLI and returns its JSON result. */
function ran(file: string) {
  const run = built("run", file, "--json");
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe("losslab import ns3-hpcc", () => {
  it("maps hosts, switches, links, flows and HPCC's parameters; the scenario runs every flow to completion", {
    timeout: 60_000,
  }, () => {
    const { scenario, stderr, file } = imported(["ns3-hpcc", topology, flows, "--config", hpccConfig], "hpcc.yaml");
    expect(stderr).toContain("topology.txt: the words from line 7 on come after the 4 links line 1 announces");
    expect(scenario.durationMs).toBeCloseTo(0.6, 9);
    expect(scenario.topology.kind).toBe("custom");
    expect(scenario.topology.bandwidth).toBe(12.5e9);
    expect(scenario.topology.nodes.map((node: { id: string }) => node.id)).toEqual(["S0", "H1", "H2", "H3", "H4"]);
    expect(scenario.topology.links[3]).toEqual({
      a: { node: "S0", port: 3 },
      b: { node: "H4", port: 0 },
      bandwidth: 12.5e9,
      delayPs: 1_000_000,
    });
    // ns-3's maxRtt: 2 x (1 + 1) us of propagation + 2 hops x 1000 B at 100 Gb/s.
    expect(scenario.controller).toEqual({
      kind: "hpcc",
      baseRttUs: 4.16,
      targetUtilization: 0.95,
      maxStage: 0,
      additiveIncreaseBytes: 6.25e6 * 4.16e-6,
    });
    expect(scenario.marking).toEqual({ kind: "none" });
    expect(scenario.switch.kind).toBe("shared-buffer");
    expect(scenario.switch.pfcAlpha).toBe(1 / 8);
    // The pool and the inputs' headroom fill BUFFER_SIZE 32 MB.
    expect(
      scenario.switch.sharedBufferBytes + 4 * (scenario.switch.inputBufferBytes - scenario.switch.sharedBufferBytes),
    ).toBeLessThanOrEqual(32 * 2 ** 20);
    expect(scenario.packets.dataBytes).toBe(1048);
    expect(scenario.traffic[0].csv.split("\n")).toEqual([
      "time_us,source,destination,bytes",
      "1,H2,H1,100000",
      "1,H3,H1,100000",
      "20,H4,H1,5000",
    ]);
    const result = ran(file);
    expect(result.completions.ns3.count).toBe(3);
    expect(result.slowdown.all.count).toBe(3);
    // Two 100 KB flows share H1's link: neither can finish faster than both together take.
    expect(result.slowdown.all.max).toBeGreaterThan(1);
  });

  it("maps DCQCN's parameters, the ECN maps at the hosts' rate and RATE_DECREASE_INTERVAL; warns of what it drops", {
    timeout: 60_000,
  }, () => {
    const { scenario, stderr, file } = imported(["ns3-hpcc", topology, flows, "--config", dcqcnConfig], "dcqcn.yaml");
    expect(scenario.controller).toEqual({
      kind: "dcqcn",
      gain: 0.00390625,
      alphaPeriodUs: 1,
      timerUs: 300,
      fastRecoveryCycles: 1,
      activeIncreaseMbps: 20,
      hyperIncreaseMbps: 200,
      minRateFraction: 0.01,
      byteLimit: 2 ** 30,
    });
    expect(scenario.marking).toEqual({ kind: "red", kmin: 400_000, kmax: 1_600_000, pmax: 0.2 });
    expect(scenario.adapter).toEqual({ cnpIntervalUs: 4 });
    expect(stderr).toContain("dcqcn.txt line 17: NOT_A_KEY is not a key third.cc reads");
    expect(stderr).toContain("CLAMP_TARGET_RATE 0 is not modelled");
    expect(ran(file).completions.ns3.count).toBe(3);
  });

  it("without a config: HPCC with losslab's defaults, run until the flows could have finished", () => {
    const { scenario, stderr } = imported(["ns3-hpcc", topology, flows], "default.yaml");
    expect(stderr).toContain("no --config: HPCC with losslab's defaults");
    expect(scenario.controller).toEqual({ kind: "hpcc", baseRttUs: 4.16 });
    expect(scenario.durationMs).toBeGreaterThan(0.02);
  });
});

describe("losslab import htsim", () => {
  it("maps a leaf-spine .topo and a matrix without triggers; the scenario runs", { timeout: 60_000 }, () => {
    const { scenario, stderr, file } = imported(["htsim", permutation, "--topo", leafSpine], "htsim.yaml");
    expect(stderr).toContain("ls.topo line 10: Queue_Down is not modelled");
    expect(scenario.topology.routing).toEqual({ kind: "spine-leaf", leaves: 2, spines: 2, hostsPerLeaf: 4 });
    // htsim host 5 is the second leaf's second host.
    expect(scenario.traffic[0].csv.split("\n")[1]).toBe("0,H0.0,H1.1,64000,matrix");
    const result = ran(file);
    expect(result.completions.matrix.count).toBe(4);
  });

  it("imports a matrix with triggers as a flow graph: the triggered flow runs after its firer", {
    timeout: 60_000,
  }, () => {
    const { scenario, file } = imported(["htsim", triggered], "triggered.yaml");
    expect(scenario.traffic[0]).toMatchObject({
      kind: "flow-graph",
      flows: [
        { id: "line 4", source: "H0", destination: "H5", bytes: 64000, after: [], delayUs: 0 },
        { id: "line 5", source: "H0", destination: "H6", bytes: 64000, after: ["line 4"], delayUs: 0 },
      ],
    });
    const result = ran(file);
    expect(result.completions.matrix.count).toBe(2);
  });

  it("refuses a trigger whose targets depend on which firer finishes first, in one line naming it", () => {
    const racing = write(
      "race.cm",
      "Nodes 8\nConnections 3\nTriggers 1\n0->5 start 0 size 64000 send_done_trigger 1\n1->5 start 0 size 64000 send_done_trigger 1\n0->6 trigger 1 size 64000\ntrigger id 1 oneshot\n",
    );
    const run = built("import", "htsim", racing);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^losslab: .*race\.cm line 7: trigger 1 \(oneshot\) is fired by 2 connections/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});

describe("scenario files naming a peer's file", () => {
  it("read an ns-3 topology and flow file, or an htsim .topo and matrix, from the scenario's directory", {
    timeout: 60_000,
  }, () => {
    const ns3 = write(
      "ns3-scenario.yaml",
      [
        "durationMs: 0.5",
        "topology: { kind: ns3-hpcc, file: topology.txt, bandwidth: 12.5e9, delayNs: 1000 }",
        "controller: { kind: hpcc }",
        "traffic: [{ kind: ns3-hpcc-flows, file: flow.txt }]",
      ].join("\n"),
    );
    expect(ran(ns3).completions.ns3.count).toBe(3);
    const htsim = write(
      "htsim-scenario.yaml",
      [
        "durationMs: 0.5",
        "topology: { kind: htsim-fat-tree, file: ls.topo, bandwidth: 12.5e9, delayNs: 1000 }",
        "traffic: [{ kind: htsim-matrix, file: perm.cm }]",
      ].join("\n"),
    );
    expect(ran(htsim).completions.matrix.count).toBe(4);
  });

  it("refuse a file outside the scenario's directory, and a file given with its text", () => {
    mkdirSync(join(dir, "sub"), { recursive: true });
    const outside = join(dir, "sub", "outside.yaml");
    writeFileSync(
      outside,
      "topology: { kind: ns3-hpcc, file: ../topology.txt }\ntraffic: [{ kind: ns3-hpcc-flows, file: ../flow.txt }]\n",
    );
    const run = built("validate", outside);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('topology.file: "../topology.txt" is outside');
    const both = write("both.yaml", "traffic: [{ kind: htsim-matrix, file: perm.cm, text: x }]\n");
    expect(built("validate", both).stderr).toContain(
      "traffic[0]: give the htsim-matrix as traffic[0].file or traffic[0].text, not both",
    );
  });
});

describe("bad peer files", () => {
  const runner = new LosslabRunner(30_000);
  afterAll(() => runner.stop());

  it.each([
    [["ns3-hpcc", write("t1.txt", "5 1 4\n0\n0 1 100Gbps 1us 0\n"), flows], "t1.txt: ends at line 3; expected src"],
    [
      ["ns3-hpcc", write("t2.txt", "5 1 1\n0\n0 1 100Gps 1us 0\n"), flows],
      "t2.txt line 3, field rate: must be an ns-3 data rate",
    ],
    [
      ["ns3-hpcc", write("t3.txt", "5 1 1\n0\n0 9 100Gbps 1us 0\n"), flows],
      't3.txt line 3, field dst: must be an integer from 0 to 4, got "9"',
    ],
    [
      ["ns3-hpcc", topology, write("f1.txt", "1\n7 1 3 100 1000 0\n")],
      "f1.txt line 2, field src: must be a node id from 0 to 4 (",
    ],
    [["ns3-hpcc", topology, write("f2.txt", "1\n0 1 3 100 1000 0\n")], "f2.txt line 2, field src: must be a host of"],
    [
      ["ns3-hpcc", topology, write("f3.txt", "2\n2 1 3 100 x 0\n")],
      'f3.txt line 2, field size: must be an integer from 1 to 1073741824, got "x"',
    ],
    [
      ["ns3-hpcc", topology, flows, "--config", write("c1.txt", "RATE_AI 1\nCC_MODE 8\n")],
      "c1.txt line 2, field CC_MODE: must be 1 (DCQCN), 3 (HPCC) or 7 (TIMELY)",
    ],
    [
      ["ns3-hpcc", topology, flows, "--config", write("c2.txt", "CC_MODE 3\nRATE_AI fast\n")],
      'c2.txt line 2, field RATE_AI: must be an ns-3 data rate such as 50Mb/s or 100Gbps, got "fast"',
    ],
    [
      ["ns3-hpcc", topology, flows, "--config", write("c3.txt", "CC_MODE 1\nKMIN_MAP 1 25000000000 100\n")],
      "c3.txt line 2, field KMIN_MAP: must be a value for every switch port rate",
    ],
    [
      ["ns3-hpcc", topology, flows, "--config", write("c4.txt", "LINK_DOWN 2000000000 0 1\n")],
      "c4.txt line 1, field LINK_DOWN: must be 0 0 0",
    ],
    [
      ["htsim", write("m1.cm", "Nodes 4\nConnections 1\n3->9 start 0 size 10\n")],
      'm1.cm line 3, field destination: must be an integer from 0 to 3, got "9"',
    ],
    [
      ["htsim", write("m2.cm", "Nodes 4\nConnections 2\n3->1 start 0 size 10\n")],
      'm2.cm line 2, field Connections: "Connections 2", but the file has 1 connections lines',
    ],
    [
      ["htsim", permutation, "--topo", write("b.topo", "Nodes 8\nTiers 2\nPodsize 8\nTier 0\nRadix_Down four\n")],
      'b.topo line 5, field Radix_Down: must be a whole number, got "four"',
    ],
    [
      ["htsim", write("m3.cm", "Nodes 16\nConnections 1\n3->1 start 0 size 10\n"), "--topo", leafSpine],
      "m3.cm line 1, field Nodes: must be at most the 8 hosts of",
    ],
    [["htsim", join(dir, "missing.cm")], "missing.cm"],
  ])("import %j: one losslab: line naming the file, line and field", async (args, message) => {
    const answer = await runner.run(["import", ...(args as string[])]);
    expect(breach(answer)).toBeUndefined();
    expect("stderr" in answer && answer.stderr).toContain(message);
  });
});
