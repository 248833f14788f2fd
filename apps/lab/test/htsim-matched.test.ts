import { parseScenario, runScenario } from "@losslab/scenario";
import {
  formatConnectionMatrix,
  incastMatrix,
  outcastIncastMatrix,
  PythonRandom,
  permutationMatrix,
} from "@losslab/traffic";
import { describe, expect, it } from "vitest";
import { readFlowMatrix } from "../bench/connection-matrix.js";
import { ackCompletions, fctTable, htsimCompletions, losslabCompletions, nearestRank } from "../bench/htsim-fct.js";
import { fatTreeK, HTSIM_XOFF_BYTES, HTSIM_XON_BYTES, htsimScenario, htsimSwitch } from "../bench/htsim-roce.js";

describe("CPython's random stream", () => {
  it("gives CPython's numbers for random.seed(n); getrandbits(32) and shuffle", () => {
    // python3 -c "import random; random.seed(1); print([random.getrandbits(32) for _ in range(3)])"
    const one = new PythonRandom(1);
    expect([one.getrandbits(32), one.getrandbits(32), one.getrandbits(32)]).toEqual([
      577090037, 2444712010, 3639700191,
    ]);
    const zero = new PythonRandom(0);
    expect([zero.getrandbits(32), zero.getrandbits(32)]).toEqual([3626764237, 1654615998]);
    // A seed above 2^32 is two key words.
    const big = new PythonRandom(12345678901);
    expect([big.getrandbits(32), big.getrandbits(32)]).toEqual([4063089813, 2562312935]);
    // random.seed(1); x = list(range(10)); random.shuffle(x)
    const items = [...Array(10).keys()];
    new PythonRandom(1).shuffle(items);
    expect(items).toEqual([6, 8, 9, 7, 5, 3, 0, 4, 1, 2]);
  });

  it("refuses what CPython's stream is not defined for here", () => {
    expect(() => new PythonRandom(-1)).toThrow(RangeError);
    expect(() => new PythonRandom(1).randbelow(0)).toThrow(RangeError);
    expect(() => new PythonRandom(1).getrandbits(33)).toThrow(RangeError);
  });
});

describe("gen_permutation.py's matrix, rebuilt", () => {
  it("starts as the generator's seed-1 file for 1024 hosts does, and is a permutation without fixed points", () => {
    const matrix = permutationMatrix(1024, 1024, 2_000_000, 1);
    const lines = formatConnectionMatrix(matrix).split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Nodes 1024",
      "Connections 1024",
      "197->135 id 1 start 0 size 2000000",
      "714->628 id 2 start 0 size 2000000",
    ]);
    const sources = new Set(matrix.flows.map((flow) => flow.source));
    const destinations = new Set(matrix.flows.map((flow) => flow.destination));
    expect(sources.size).toBe(1024);
    expect(destinations.size).toBe(1024);
    expect(matrix.flows.every((flow) => flow.source !== flow.destination)).toBe(true);
    expect(readFlowMatrix(formatConnectionMatrix(matrix))).toEqual(matrix);
  });

  it("takes the first conns positions and refuses the unseeded draw", () => {
    expect(permutationMatrix(16, 4, 100, 3).flows).toHaveLength(4);
    expect(() => permutationMatrix(16, 16, 100, 0)).toThrow("seed must be >= 1");
    expect(() => permutationMatrix(16, 17, 100, 1)).toThrow("conns must be 0..16");
  });
});

describe("gen_incast.py's and gen_outcast_incast.py's matrices, rebuilt", () => {
  it("incast: a seeded shuffle of hosts 1..nodes-1 into host 0, as uet-htsim's incast_1024_100K.cm (seed 13) begins", () => {
    const matrix = incastMatrix(1024, 1023, 100_000, 13);
    expect(formatConnectionMatrix(matrix).split("\n").slice(0, 4)).toEqual([
      "Nodes 1024",
      "Connections 1023",
      "335->0 id 1 start 0 size 100000",
      "405->0 id 2 start 0 size 100000",
    ]);
    expect(new Set(matrix.flows.map((flow) => flow.source)).size).toBe(1023);
    expect(() => incastMatrix(16, 16, 100, 1)).toThrow("conns must be 0..15");
  });

  it("outcast incast: hosts 1..3 into 0, hosts 2 and 3 each also to 9 hosts from 4 up", () => {
    const flows = outcastIncastMatrix(128, 3, 10, 2_000_000).flows.map((f) => `${f.source}->${f.destination}`);
    expect(flows).toHaveLength(21);
    expect(flows.slice(0, 4)).toEqual(["1->0", "2->0", "2->4", "2->5"]);
    expect(flows.slice(10, 13)).toEqual(["2->12", "3->0", "3->13"]);
    expect(flows.at(-1)).toBe("3->21");
    expect(() => outcastIncastMatrix(20, 3, 10, 1)).toThrow("too many connections");
  });
});

describe("the htsim-matched scenario", () => {
  const flows = permutationMatrix(16, 16, 2_000_000, 1).flows;

  it("is a valid scenario of htsim_roce's parameters on the fat tree with k^3/4 hosts", () => {
    const scenario = parseScenario(htsimScenario({ nodes: 16, flows, durationMs: 0.01 }));
    expect(scenario.topology).toMatchObject({ kind: "fat-tree", k: 4, bandwidth: 12.5e9, delayNs: 1000 });
    expect(scenario.packets).toMatchObject({ dataBytes: 9064, headerBytes: 64, ackBytes: 64 });
    expect(scenario.switch).toMatchObject({
      kind: "shared-buffer",
      sharedBufferBytes: 9_000_000,
      alphas: [1e6],
      pfcThreshold: "static",
      inputBufferBytes: 9_000_000,
      forwardingDelayNs: 725.12,
      flowControl: { kind: "pause", xoffBytes: 270_000, xonBytes: 180_000, reactionDelayNs: 0 },
    });
    expect(scenario.controller).toEqual({ kind: "none" });
    expect(fatTreeK(1024)).toBe(16);
    expect(fatTreeK(8192)).toBe(32);
    expect(() => fatTreeK(1000)).toThrow("k^3/4 hosts");
  });

  it("takes any switch object as it is, and today's organisations by name", () => {
    const own = { kind: "some-future-organisation", sharedBufferBytes: 1 };
    expect(htsimScenario({ nodes: 16, flows, switch: own }).switch).toBe(own);
    expect(htsimScenario({ nodes: 16, flows, switch: "cioq" }).switch).toEqual(htsimSwitch("cioq"));
    expect(htsimSwitch("cioq")).toMatchObject({ inputQueues: "voq", speedup: 2, outputBufferBytes: 9_000_000 });
    expect(htsimSwitch("input-buffered")).toMatchObject({ maxBypass: 1_000_000, inputBufferBytes: 9_000_000 });
    expect([HTSIM_XOFF_BYTES, HTSIM_XON_BYTES]).toEqual([270_000, 180_000]);
  });

  it("runs htsim_roce's 16-host permutation on the shared-buffer switch: every flow completes, nothing is lost", () => {
    // 16 flows of 2 MB at 12.5 GB/s: 160 us each alone; k = 4 has two paths between pods, so
    // flows share links and PFC pauses, and all are done well before 1 ms.
    const result = runScenario(parseScenario(htsimScenario({ nodes: 16, flows, durationMs: 1, groupPerFlow: true })));
    const completed = Object.values(result.completions ?? {}).flat();
    expect(completed).toHaveLength(16);
    expect(result.stats.packetHops.pause).toBeGreaterThan(0);
  });

  it("names a group per flow on request, and another ECMP draw only reorders the trace's rows", () => {
    const csv = (options: Partial<Parameters<typeof htsimScenario>[0]>) =>
      (htsimScenario({ nodes: 16, flows, ...options }).traffic as Array<{ csv: string }>)[0]!.csv.split("\n");
    const plain = csv({});
    expect(plain[1]).toBe(`0,H${flows[0]!.source},H${flows[0]!.destination},2000000,perm`);
    expect(csv({ groupPerFlow: true })[1]).toBe(
      `0,H${flows[0]!.source},H${flows[0]!.destination},2000000,${flows[0]!.source}->${flows[0]!.destination}`,
    );
    const drawn = csv({ ecmpDraw: 1 });
    expect(drawn).not.toEqual(plain);
    expect([...drawn].sort()).toEqual([...plain].sort());
  });
});

describe("flow completion times of both simulators", () => {
  it("reads htsim_roce's finish lines and counts its connections", () => {
    const text = [
      "Connection 3->1 starting at 0 size 2000000",
      "Connection 0->2 starting at 0 size 2000000",
      "startflow Roce_3_1 at 0",
      "Flow Roce_3_1 25923 finished at 979.032 total bytes 2007000",
      ".Flow Roce_0_2 25924 finished at 980.5 total bytes 2007000",
      ".Done",
    ].join("\n");
    const { times, flows } = htsimCompletions(text);
    expect(flows).toBe(2);
    expect([...times]).toEqual([
      ["3->1", 979.032],
      ["0->2", 980.5],
    ]);
  });

  it("reads losslab's per-flow groups, or its last ACKs from a trace", () => {
    const scenario = {
      topology: { bandwidth: 12.5e9 },
      packets: { dataBytes: 9064, headerBytes: 64, ackBytes: 64 },
      traffic: [{ csv: "time_us,source,destination,bytes,group\n0,H3,H1,18000,3->1\n0,H0,H2,18000,0->2" }],
    };
    const result = { scenario, completions: { "3->1": { count: 1, maxUs: 10 } } };
    expect(losslabCompletions(result)).toEqual({ times: new Map([["3->1", 10]]), flows: 2 });
    expect(() => losslabCompletions({ completions: { perm: { count: 2, maxUs: 1 } } })).toThrow("--group-per-flow");
    // Flow 0 (row 0, H3 -> H1) has 2 packets of 9000 B payload: both ACKs back, the last header at 11 000 ns.
    const trace = [
      '{"t":5000,"ev":"received","dev":"H3","kind":"ack","flow":0}',
      '{"t":11000,"ev":"received","dev":"H3","kind":"ack","flow":0}',
      '{"t":6000,"ev":"received","dev":"H0","kind":"ack","flow":1}',
    ].join("\n");
    const acks = ackCompletions(scenario, trace);
    expect(acks.flows).toBe(2);
    expect([...acks.times.keys()]).toEqual(["3->1"]);
    expect(acks.times.get("3->1")).toBeCloseTo(11 + 64 / 12.5e3, 9);
    expect(() => ackCompletions(scenario, '{"t":1,"ev":"received","dev":"H9","kind":"ack","flow":0}')).toThrow(
      "not the source of trace row 0",
    );
  });

  it("tabulates nearest-rank percentiles side by side", () => {
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10)).toBe(1);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50)).toBe(5);
    expect(nearestRank([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    const table = fctTable([
      { label: "a", times: new Map([["0->1", 100]]), flows: 2 },
      { label: "b", times: new Map(), flows: 2 },
    ]).split("\n");
    expect(table[2]).toBe("| flows completed | 1 of 2 | 0 of 2 |");
    expect(table[3]).toBe("| min | 100.0 | - |");
  });
});
