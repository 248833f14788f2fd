/**
 * parseScenario: defaults from santos-2002 Table 1, and errors that name the field path
 * and the value for each kind of mistake.
 */

import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { checkScenario, parseScenario, ScenarioError } from "../src/index.js";

const minimal = {
  durationMs: 10,
  topology: { kind: "two-switch", local: 5, remote: 1 },
  flows: { pattern: "santos" },
};

/** The message of the ScenarioError that parsing `input` throws. */
const problem = (input: unknown): string => errorOf(ScenarioError, () => parseScenario(input)).message;

describe("parseScenario defaults", () => {
  it("fills in santos-2002 Table 1 and Scenario S", () => {
    const s = parseScenario(minimal);
    expect(s.name).toBe("scenario");
    expect(s.seed).toBe(1);
    expect(s.durationMs).toBe(10);
    // Links: 1 GB/s, 10 ns; the victim pair is included.
    expect(s.topology).toEqual({ kind: "two-switch", local: 5, remote: 1, victim: true, bandwidth: 1e9, delayNs: 10 });
    // Input buffers of 4 packets, 40 ns minimum forwarding delay, bypass at most 4 times, 64 B
    // credits; free outputs offered from a rotating start (the paper leaves the order open).
    // The other parameters' defaults are their definitions' (the kinds tables).
    expect(s.switch).toMatchObject({
      kind: "input-buffered",
      flowControl: { kind: "credits" },
      bufferPackets: 4,
      forwardingDelayNs: 40,
      maxBypass: 4,
      outputOrder: "rotate",
      creditBytes: 64,
    });
    // 20 B header + 2048 B payload; 20 B ACKs.
    // No per-frame wire overhead; 64 B congestion notifications (QCN CNMs).
    expect(s.packets).toEqual({
      dataBytes: 2068,
      headerBytes: 20,
      ackBytes: 20,
      wireOverheadBytes: 0,
      notificationBytes: 64,
    });
    // One flow every 100 us, the victim active 40-60 ms (Fig. 2).
    expect(s.flows).toEqual({ pattern: "santos", staggerUs: 100, victimMs: [40, 60] });
    // No window or rate limit unless asked.
    expect(s.limits).toEqual({ groups: {} });
    // 2 ms sliding windows (sec. 3).
    expect(s.metrics).toEqual({ binUs: 10, windowMs: 2, stepUs: 250, sourceWaitGroups: [], responses: false });
  });

  it("fills in a single-switch topology and a flow list", () => {
    const s = parseScenario({
      durationMs: 1,
      topology: { kind: "single-switch", hosts: 3 },
      flows: [{ source: "H0", destination: "H2" }],
    });
    expect(s.topology).toEqual({ kind: "single-switch", hosts: 3, bandwidth: 1e9, delayNs: 10 });
    expect(s.flows).toEqual([{ source: "H0", destination: "H2", group: "flows", startUs: 0, rdmaRead: false, vl: 0 }]);
  });

  it("keeps what the file gives", () => {
    const s = parseScenario({
      ...minimal,
      name: "fig3d",
      seed: 7,
      switch: { kind: "input-buffered", bufferPackets: 2, maxBypass: 0 },
      flows: { pattern: "santos", victimMs: null },
      limits: { window: 1, groups: { victim: { rate: 0.5 } } },
    });
    expect(s.switch.kind).toBe("input-buffered");
    const maxBypass = s.switch.kind === "input-buffered" ? s.switch.maxBypass : undefined;
    expect([s.name, s.seed, s.switch.bufferPackets, maxBypass, s.switch.forwardingDelayNs]).toEqual([
      "fig3d",
      7,
      2,
      0,
      40,
    ]);
    expect(s.flows).toEqual({ pattern: "santos", staggerUs: 100, victimMs: null });
    expect(s.limits).toEqual({ window: 1, groups: { victim: { rate: 0.5 } } });
  });
});

describe("parseScenario errors name the field and the value", () => {
  it("an unknown field, at the top and nested", () => {
    expect(problem({ ...minimal, durashun: 3 })).toMatch(/\(top level\): unknown field "durashun"/);
    expect(problem({ ...minimal, topology: { ...minimal.topology, lokal: 2 } })).toMatch(
      /topology: unknown field "lokal"/,
    );
  });

  it("a wrong type", () => {
    expect(problem({ ...minimal, durationMs: "10" })).toMatch(/durationMs: .*expected number.*got "10"/);
    expect(problem({ ...minimal, topology: { ...minimal.topology, victim: "yes" } })).toMatch(
      /topology\.victim: .*expected boolean.*got "yes"/,
    );
  });

  it("a missing field", () => {
    const { durationMs: _, ...withoutDuration } = minimal;
    expect(problem(withoutDuration)).toMatch(/durationMs: .*\(missing\)/);
  });

  it("a negative duration or delay", () => {
    expect(problem({ ...minimal, durationMs: -5 })).toMatch(/durationMs: .*got -5/);
    expect(problem({ ...minimal, topology: { ...minimal.topology, delayNs: -1 } })).toMatch(
      /topology\.delayNs: .*got -1/,
    );
  });

  it("a rate above 1 or not above 0", () => {
    expect(problem({ ...minimal, limits: { rate: 1.5 } })).toMatch(/limits\.rate: .*<=1.*got 1\.5/);
    expect(problem({ ...minimal, limits: { groups: { local: { rate: 0 } } } })).toMatch(
      /limits\.groups\.local\.rate: .*got 0/,
    );
  });

  it("an unknown topology kind", () => {
    expect(problem({ ...minimal, topology: { kind: "ring", local: 1 } })).toMatch(
      /topology\.kind: unknown "ring"; allowed: two-switch, single-switch, /,
    );
  });

  it("a non-integer window, buffer or count", () => {
    expect(problem({ ...minimal, limits: { window: 1.5 } })).toMatch(/limits\.window: .*int.*got 1\.5/);
    expect(problem({ ...minimal, switch: { kind: "input-buffered", bufferPackets: 2.5 } })).toMatch(
      /switch\.bufferPackets: .*got 2\.5/,
    );
    expect(problem({ ...minimal, topology: { ...minimal.topology, local: 0.5 } })).toMatch(
      /topology\.local: .*got 0\.5/,
    );
  });

  it("no traffic at all: an empty flow list and no generators", () => {
    expect(problem({ ...minimal, flows: [] })).toMatch(/flows: .*got \[\]/);
  });

  it("a victimMs that is not a [start, stop] pair", () => {
    expect(problem({ ...minimal, flows: { pattern: "santos", victimMs: [1, 2, 3] } })).toMatch(
      /flows\.victimMs: .*got \[1,2,3\]/,
    );
  });

  it("a value out of range inside a flow of the list", () => {
    const flows = [{ source: "B1", destination: "BC", startUs: -3 }];
    expect(problem({ ...minimal, flows })).toMatch(/flows\[0\]\.startUs: .*got -3/);
  });

  it("a missing or mistyped field inside a flow of the list", () => {
    expect(problem({ ...minimal, flows: [{ source: "B1" }] })).toMatch(/flows\[0\]\.destination: .*\(missing\)/);
    const flows = [
      { source: "B1", destination: "BC" },
      { source: "B2", destination: "BC", window: 0.5 },
    ];
    expect(problem({ ...minimal, flows })).toMatch(/flows\[1\]\.window: .*got 0\.5/);
  });

  it("a victim interval that ends before it starts", () => {
    expect(problem({ ...minimal, flows: { pattern: "santos", victimMs: [60, 40] } })).toMatch(
      /flows\.victimMs: .*\[60,\s?40\]/,
    );
  });

  it("a measurement interval outside the run", () => {
    expect(problem({ ...minimal, metrics: { measureMs: [0, 20] } })).toMatch(/metrics\.measureMs: .*\[0,\s?20\]/);
  });

  it("lists every problem at once", () => {
    const message = problem({ ...minimal, durationMs: 0, seed: -1, limits: { window: 0 } });
    expect(message.split("\n")).toHaveLength(4); // the header line + three problems
    expect(message).toMatch(/^invalid scenario:/);
    expect(message).toMatch(/durationMs: .*got 0/);
    expect(message).toMatch(/seed: .*got -1/);
    expect(message).toMatch(/limits\.window: .*got 0/);
  });

  it("an unknown switch output order, with the allowed ones; an output order for another organisation", () => {
    expect(problem({ ...minimal, switch: { kind: "input-buffered", outputOrder: "random" } })).toMatch(
      /switch\.outputOrder: unknown "random"; allowed: rotate, longest-idle, oldest-packet$/,
    );
    expect(problem({ ...minimal, switch: { kind: "voq", outputOrder: "rotate" } })).toMatch(
      /switch: unknown field "outputOrder"/,
    );
    const s = parseScenario({ ...minimal, switch: { kind: "input-buffered", outputOrder: "oldest-packet" } });
    expect(s.switch.kind === "input-buffered" && s.switch.outputOrder).toBe("oldest-packet");
  });

  it("a kind or a name from a list: unknown, with the closest one to a typo and the allowed ones", () => {
    const kinds =
      "two-switch, single-switch, k-ary-n-tree, k-ary-n-fly, spine-leaf, fat-tree, dragonfly, custom, ns3-hpcc, htsim-fat-tree";
    expect(problem({ ...minimal, topology: { kind: "two-swich" } })).toBe(
      `invalid scenario:\n  topology.kind: unknown "two-swich" (did you mean "two-switch"?); allowed: ${kinds}`,
    );
    expect(problem({ ...minimal, topology: { kind: "torus" } })).toContain(
      `topology.kind: unknown "torus"; allowed: ${kinds}`,
    );
    expect(problem({ ...minimal, topology: { local: 5 } })).toContain(`topology.kind is missing; allowed: ${kinds}`);
    expect(problem({ ...minimal, marking: { kind: "input-trigered" } })).toContain(
      'marking.kind: unknown "input-trigered" (did you mean "input-triggered"?); allowed: none, naive, input-triggered,',
    );
    expect(problem({ ...minimal, controller: { kind: "per-ack", response: "lpid" } })).toContain(
      'controller.response: unknown "lpid" (did you mean "lipd"?); allowed: lipd, fimd, aimd',
    );
    expect(problem({ ...minimal, switch: { kind: "cioq", inputQueues: "voqs" } })).toContain(
      'switch.inputQueues: unknown "voqs" (did you mean "voq"?); allowed: fifo, voq',
    );
  });

  it("something that is not an object at all", () => {
    expect(problem(42)).toMatch(/\(top level\): .*expected object.*got 42/);
    expect(problem(null)).toMatch(/\(top level\): .*got null/);
  });
});

describe("ScenarioError", () => {
  it("is an Error with its own name", () => {
    const error = new ScenarioError("x");
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ScenarioError");
  });
});

describe("multistage and cycle-based scenarios", () => {
  const ferrerLike = {
    cycleNs: 1,
    durationCycles: 50_000,
    topology: { kind: "k-ary-n-tree", k: 4, n: 3 },
    switch: { kind: "cioq", inputBufferBytes: 1024 },
    // ferrer-2012's packets: 256 B payload + 22 B header, so a 1024 B buffer holds three.
    packets: { dataBytes: 278, headerBytes: 22 },
    traffic: [{ kind: "bernoulli", destinations: { kind: "uniform" }, size: { kind: "fixed", bytes: 256 }, load: 0.1 }],
  };

  it("turns cycles into time: 1 byte per cycle links and durationCycles x cycleNs", () => {
    const s = parseScenario(ferrerLike);
    expect(s.durationMs).toBe(0.05);
    expect(s.topology).toEqual({ kind: "k-ary-n-tree", k: 4, n: 3, bandwidth: 1e9, delayNs: 10 });
    expect(parseScenario({ ...ferrerLike, cycleNs: 2 }).topology.bandwidth).toBe(5e8);
  });

  it("fills the CIOQ defaults of ferrer-2012 sec. 5.1: speedup 2, FIFO inputs", () => {
    const sw = parseScenario(ferrerLike).switch;
    expect(sw).toMatchObject({ kind: "cioq", inputBufferBytes: 1024, speedup: 2, inputQueues: "fifo" });
    // iSLIP iterations only mean something with VOQ inputs: none is filled in for FIFO ones,
    // and a buffer sized in bytes gets no size in packets.
    expect(sw).not.toHaveProperty("islipIterations");
    expect(sw).not.toHaveProperty("bufferPackets");
    expect(parseScenario(ferrerLike).adapter).toEqual({
      queues: "per-message",
      acks: true,
      pacing: "since-start",
      ackCoalescing: 1,
    });
  });

  it("takes every topology kind", () => {
    for (const topology of [
      { kind: "k-ary-n-fly", k: 2, n: 3 },
      { kind: "spine-leaf", leaves: 4, spines: 2, hostsPerLeaf: 5 },
      { kind: "single-switch", hosts: 8 },
    ]) {
      expect(parseScenario({ ...ferrerLike, topology }).topology.kind).toBe(topology.kind);
    }
  });

  it("asks for exactly one of durationMs and durationCycles, and cycleNs with durationCycles", () => {
    const { durationCycles: _, ...noDuration } = ferrerLike;
    expect(problem(noDuration)).toMatch(/durationMs: give durationMs or durationCycles \(not both\)/);
    expect(problem({ ...ferrerLike, durationMs: 1 })).toMatch(/give durationMs or durationCycles/);
    const { cycleNs: __, ...noCycle } = ferrerLike;
    expect(problem(noCycle)).toMatch(/durationCycles: needs cycleNs/);
    // A parsed scenario (durationMs derived from the cycles) reads again as itself: sweeps and worker threads do.
    const parsed = parseScenario(ferrerLike);
    expect(parseScenario(parsed)).toEqual(parsed);
    expect(problem({ ...parsed, durationMs: parsed.durationMs * 2 })).toMatch(/give durationMs or durationCycles/);
  });

  it("rejects a buffer given both in packets and in bytes, an unknown organisation and a bad speedup", () => {
    expect(problem({ ...ferrerLike, switch: { kind: "cioq", inputBufferBytes: 1024, bufferPackets: 4 } })).toMatch(
      /switch\.inputBufferBytes: give bufferPackets or inputBufferBytes, not both/,
    );
    expect(problem({ ...ferrerLike, switch: { kind: "crossbar" } })).toMatch(/switch\.kind/);
    expect(problem({ ...ferrerLike, switch: { kind: "cioq", speedup: 0.5 } })).toMatch(/switch\.speedup/);
    expect(problem({ ...ferrerLike, switch: { kind: "fifo", speedup: 2 } })).toMatch(/unknown field "speedup"/);
    expect(problem({ ...ferrerLike, adapter: { queues: "per-flow" } })).toMatch(/adapter\.queues/);
  });
});

describe("ferrer-2012 and InfiniBand CCA congestion management", () => {
  const tree = {
    cycleNs: 1,
    durationCycles: 20_000,
    topology: { kind: "k-ary-n-tree", k: 2, n: 2 },
    switch: { kind: "cioq", inputBufferBytes: 1024 },
    packets: { dataBytes: 278, headerBytes: 22, ackBytes: 22 },
    adapter: { queues: "per-destination" },
    traffic: [{ kind: "bernoulli", destinations: { kind: "uniform" }, size: { kind: "fixed", bytes: 256 }, load: 0.1 }],
  };

  it("takes MVCM with DWmax 2 and the n-times limit by default, k and n from the topology", () => {
    const s = checkScenario({ ...tree, marking: { kind: "mvpm" }, controller: { kind: "mvcm" } });
    expect(s.controller).toEqual({ kind: "mvcm", maxWindow: 2, limitWaitingSlots: true });
    // The defaults of the marking policy's definition (ferrer-2012 sec. 4.3 item 1) are filled in.
    expect(s.marking).toEqual({ kind: "mvpm", inputThreshold: 0.66, outputThreshold: 0.33, unit: "bytes" });
  });

  it("asks for radix and stages where the topology does not imply them", () => {
    const santos = {
      durationMs: 1,
      topology: { kind: "two-switch", local: 1, remote: 1 },
      flows: { pattern: "santos" },
    };
    expect(() => checkScenario({ ...santos, controller: { kind: "mvcm" } })).toThrow(
      /controller\.radix and controller\.stages: give both for topology "two-switch"/,
    );
    expect(() => checkScenario({ ...santos, controller: { kind: "mvcm", radix: 4, stages: 3 } })).not.toThrow();
  });

  it("passes marking parameters to the marking package, which names the field of a bad one", () => {
    expect(() => checkScenario({ ...tree, marking: { kind: "ib-cca", threshold: 16 } })).toThrow(/marking\.threshold/);
    expect(() => checkScenario({ ...tree, marking: { kind: "mvpm", unit: "kb" } })).toThrow(/marking\.unit/);
    for (const marking of [
      { kind: "ipm", threshold: 0.5 },
      { kind: "opm" },
      { kind: "ib-cca", threshold: 15 },
      { kind: "turner" },
    ]) {
      expect(checkScenario({ ...tree, marking }).marking.kind).toBe(marking.kind);
    }
  });

  it("requires the IB CCA timer period", () => {
    expect(problem({ ...tree, controller: { kind: "ib-cca" } })).toMatch(/controller\.timerPeriodUs/);
    expect(checkScenario({ ...tree, controller: { kind: "ib-cca", timerPeriodUs: 10 } }).controller.kind).toBe(
      "ib-cca",
    );
  });
});

describe("hostile input (issue 21)", () => {
  it("quotes at most 200 characters of a value, and says how long it was", () => {
    const message = problem({ ...minimal, topology: { kind: "x".repeat(10 * 2 ** 20) } });
    expect(message).toContain(
      `topology.kind: unknown "${"x".repeat(199)}… (10485760 characters); allowed: two-switch, single-switch,`,
    );
    expect(message.length).toBeLessThan(600);
  });

  it("refuses nesting deeper than 32 levels before anything walks it", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const message = problem({ ...minimal, traffic: [deep] });
    expect(message).toBe(`invalid scenario:\n  traffic[0]${".a".repeat(30)}: nested more than 32 levels deep`);
  });

  it("lists at most 5 problems", () => {
    const flows = Array.from({ length: 1000 }, () => ({ source: "", destination: "BC" }));
    const lines = problem({ ...minimal, flows }).split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[6]).toBe("  ... and 995 more problems");
  });

  it("names unknown fields, however many and however long", () => {
    const extra = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${"k".repeat(1000)}${i}`, 1]));
    const message = problem({ ...minimal, ...extra });
    expect(message).toMatch(/^invalid scenario:\n {2}\(top level\): unknown field "k{199}… \(1001 characters\), "k/);
    expect(message).toContain(" and 45 more");
  });
});
