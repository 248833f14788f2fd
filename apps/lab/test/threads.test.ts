/**
 * `losslab run --threads N` (docs/spec/parallel.md sec. 6): a run split over N threads prints
 * the same --json result as the single run, but for what the run cost (wall times, rates,
 * memory, and the threads' own stats), at 2, 3 and 4 threads; and what it does not support
 * is refused in one line naming it.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { losslabInProcess } from "./in-process.js";
import { withoutSlowerSplit } from "./slower-split.js";

const dir = mkdtempSync(join(tmpdir(), "losslab-threads-"));

/** Writes `scenario` to a file of the test's directory and returns its path. */
function scenarioFile(name: string, scenario: unknown): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return file;
}

/** An example of examples/, cut to `durationMs` (measured throughout), with `changes` (top-level fields). */
function example(name: string, durationMs: number, changes: Record<string, unknown> = {}): string {
  const { durationCycles, metrics, ...scenario } = parse(
    readFileSync(join(repositoryRoot, "examples", `${name}.yaml`), "utf8"),
  );
  const { measureMs, ...rest } = metrics ?? {};
  const file = Object.keys(changes).length === 0 ? name : `${name}-${Object.keys(changes).join("-")}`;
  return scenarioFile(file, { ...scenario, metrics: rest, durationMs, ...changes });
}

/** A JSON example of examples/, cut to `durationMs` (measured throughout). */
function jsonExample(name: string, durationMs: number): string {
  const { $schema, metrics, traffic, ...scenario } = JSON.parse(
    readFileSync(join(repositoryRoot, "examples", name), "utf8"),
  );
  const { measureMs, ...rest } = metrics ?? {};
  // A trace file named next to the example goes next to the test's copy (files are read from there only).
  for (const generator of traffic ?? []) {
    if (generator.file !== undefined)
      copyFileSync(join(repositoryRoot, "examples", generator.file), join(dir, generator.file));
  }
  return scenarioFile(name.replace(/\.json$/, ""), { ...scenario, traffic, metrics: rest, durationMs });
}

/**
 * The matched permutation of docs/benchmarks.md ("Matched against htsim"), on a k = 8 fat
 * tree for a tenth of a millisecond: shared-buffer switches under PAUSE, each host sending
 * 2 MB to another at time 0 (a fixed permutation, from a trace); with `changes` (top-level fields).
 */
function matchedPermutation(changes: Record<string, unknown> = {}): string {
  const hosts = 128;
  const rows = Array.from({ length: hosts }, (_, source) => `0,H${source},H${(source * 45 + 17) % hosts},2000000,perm`);
  const file = Object.keys(changes).length === 0 ? "matched-k8" : `matched-k8-${Object.keys(changes).join("-")}`;
  return scenarioFile(file, {
    name: "matched permutation, k = 8",
    seed: 1,
    durationMs: 0.1,
    topology: { kind: "fat-tree", k: 8, bandwidth: 12_500_000_000, delayNs: 1000 },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 9_000_000,
      alphas: [1_000_000],
      pfcThreshold: "static",
      inputBufferBytes: 9_000_000,
      forwardingDelayNs: 725.12,
      flowControl: { kind: "pause", xoffBytes: 270_000, xonBytes: 180_000, reactionDelayNs: 0 },
    },
    packets: { dataBytes: 9064, headerBytes: 64, ackBytes: 64 },
    traffic: [{ kind: "trace", csv: `time_us,source,destination,bytes,group\n${rows.join("\n")}` }],
    ...changes,
  });
}

/** A 9-group Dragonfly routed by Valiant (random intermediate groups), four flows across groups. */
function dragonfly(routing = "valiant"): string {
  return scenarioFile(`dragonfly-${routing}`, {
    durationMs: 0.2,
    seed: 3,
    topology: { kind: "dragonfly", p: 2, a: 4, h: 2, routing, delayNs: 50 },
    switch: { kind: "input-buffered", vls: 3 },
    flows: [
      { source: "H0", destination: "H40" },
      { source: "H9", destination: "H70" },
      { source: "H33", destination: "H2" },
      { source: "H60", destination: "H21" },
    ],
  });
}

/**
 * Ultra Ethernet's transport on a k = 4 fat tree at 100 Gb/s (as the uec-* presets set it up:
 * uet-htsim's packets, NSCC with its ECN ramp on a trimming class), a 12-to-1 incast into H0
 * and two flows across pods, sprayed over 16 entropies, with core0->pod0-agg0 degraded to
 * `ratio` of its speed: packets trimmed in every pod and at the cores, NACKed and sent again.
 * `more` adds fields (the adapter's, the switch's).
 */
function uecTrimming(name: string, more: { adapter?: object; switch?: object } = {}, ratio = 0.5): string {
  return scenarioFile(name, {
    name: "UEC-style trimming on a k = 4 fat tree",
    seed: 1,
    durationMs: 0.2,
    topology: { kind: "fat-tree", k: 4, bandwidth: 12_500_000_000, delayNs: 1000 },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 4_000_000,
      inputBufferBytes: 200_000,
      flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
      lossyPriorities: [0],
      ...more.switch,
    },
    packets: { dataBytes: 4150, headerBytes: 64, ackBytes: 64, wireOverheadBytes: 0 },
    // uet-htsim's ECN ramp (20 % to 80 % of a 14 us BDP in packets) and NSCC's target (0.75 x 14 us).
    marking: { kind: "red", kmin: 9 * 4150, kmax: 35 * 4150, pmax: 1 },
    controller: { kind: "nscc", targetDelayUs: 10.5 },
    multipath: { kind: "oblivious", entropies: 16 },
    degradedLinks: [{ link: "core0->pod0-agg0", ratio }],
    ...(more.adapter === undefined ? {} : { adapter: more.adapter }),
    traffic: [{ kind: "incast", name: "incast", fanIn: 12, bytes: 400_000, intervalUs: 1000, receiver: "H0" }],
    flows: [
      { source: "H1", destination: "H9" },
      { source: "H5", destination: "H13" },
    ],
  });
}

/**
 * Two switches 1 us apart, four hosts on each over 100 ns links, shorter than a 4150 B
 * packet's 332 ns at 100 Gb/s; HA0-HA3 send to HB0 on a lossy priority, so A trims packets
 * from its hosts while they still send them, in the window the packets were made in: A trims
 * a copy whose id is still provisional (`PacketStore.numberCopies`).
 */
function shortHostLinks(): string {
  const nodes: object[] = [
    { id: "A", kind: "switch", ports: 5 },
    { id: "B", kind: "switch", ports: 5 },
  ];
  const links: object[] = [{ a: { node: "A", port: 4 }, b: { node: "B", port: 4 }, delayPs: 1_000_000 }];
  for (let i = 0; i < 4; i++) {
    for (const side of ["A", "B"]) {
      nodes.push({ id: `H${side}${i}`, kind: "host", ports: 1 });
      links.push({ a: { node: `H${side}${i}`, port: 0 }, b: { node: side, port: i }, delayPs: 100_000 });
    }
  }
  return scenarioFile("short-host-links", {
    seed: 1,
    durationMs: 0.1,
    topology: { kind: "custom", nodes, links, bandwidth: 12_500_000_000 },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 4_000_000,
      inputBufferBytes: 200_000,
      flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
      lossyPriorities: [0],
      trimThresholdBytes: 20_000,
    },
    packets: { dataBytes: 4150, headerBytes: 64, ackBytes: 64, wireOverheadBytes: 0 },
    controller: { kind: "nscc", targetDelayUs: 10.5 },
    flows: [0, 1, 2, 3].map((i) => ({ source: `HA${i}`, destination: "HB0" })),
  });
}

/**
 * examples/link-failure.yaml cut to 0.5 ms, with flows in and out of every pod and failures
 * away from part 0 and on the cut links: an uplink of pod 1 (both directions, back at 250 us),
 * an aggregation-to-core cable (back at 200 us), a core's downlink to pod 3 (for good), and
 * each core's downlink to pod 1 down for 0.5 us, less than the link's delay, so that the frames
 * on it when it fails arrive after it is back and are lost all the same. `changes`: top-level fields.
 */
function failures(name: string, changes: Record<string, unknown> = {}): string {
  const { metrics, ...scenario } = parse(readFileSync(join(repositoryRoot, "examples", "link-failure.yaml"), "utf8"));
  return scenarioFile(name, {
    ...scenario,
    durationMs: 0.5,
    traffic: [
      {
        kind: "flow-graph",
        name: "across-pods",
        flows: [
          { id: "a", source: "H0", destination: "H4", bytes: 1_000_000 },
          { id: "b", source: "H1", destination: "H5", bytes: 1_000_000 },
          { id: "c", source: "H6", destination: "H10", bytes: 1_000_000 },
          { id: "d", source: "H7", destination: "H15", bytes: 1_000_000 },
          { id: "e", source: "H12", destination: "H2", bytes: 1_000_000 },
        ],
      },
    ],
    failures: [
      { link: "pod1-edge1->pod1-agg0", atUs: 40, recoverUs: 250 },
      { link: "pod1-agg1->core2", atUs: 30, recoverUs: 200 },
      { link: "core3->pod3-agg1", atUs: 60, bothDirections: false },
      ...[0, 1, 2, 3].map((core) => ({
        link: `core${core}->pod1-agg${core >> 1}`,
        atUs: 60 + 10 * core,
        recoverUs: 60.5 + 10 * core,
        bothDirections: false,
      })),
    ],
    ...changes,
  });
}

/**
 * `run --json` of `file` with `threads` (and `flags`), without what the run cost (not the same
 * twice), and its warnings.
 */
async function result(file: string, threads: number, flags: readonly string[] = []): Promise<Record<string, unknown>> {
  const run = await losslabInProcess("run", file, "--json", "--threads", String(threads), ...flags);
  expect(run.stderr).not.toMatch(/^losslab: (?!warning)/m);
  expect(run.code).toBe(0);
  const json = JSON.parse(run.stdout);
  const { wallMs, eventsPerSecond, packetHopsPerSecond, peakRssMiB, threads: parts, scaling, ...stats } = json.stats;
  expect(wallMs).toBeGreaterThan(0);
  if (parts !== undefined) {
    // As many parts as asked for, or as the fabric has (a warning line says so).
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.length).toBeLessThanOrEqual(threads);
    // The parts together ran all the events.
    const events = (parts as { events: number }[]).map((part) => part.events);
    expect(events.reduce((a, b) => a + b)).toBe(json.events);
    // Each part's time per window, and the scaling predicted from the windows' loads.
    type Part = { windows: number; windowsPerBin: number; windowRunMs: number[]; windowWaitMs: number[] };
    for (const part of parts as Part[]) {
      expect(part.windowRunMs).toHaveLength(Math.ceil(part.windows / part.windowsPerBin));
      expect(part.windowWaitMs).toHaveLength(part.windowRunMs.length);
    }
    expect(scaling.windows).toBe(parts[0].windows);
    for (const predicted of scaling.predicted) {
      expect(predicted.imbalance).toBeGreaterThanOrEqual(1);
      expect(predicted.speedup).toBeGreaterThan(0);
      expect(predicted.speedup).toBeLessThanOrEqual(predicted.threads);
    }
  } else expect(scaling).toBeUndefined();
  // A split slower than one thread says so (timing: it may or may not, but for very short windows).
  return { ...json, stats, warnings: withoutSlowerSplit(run.stderr) };
}

describe("run --threads", () => {
  // [what, its scenario file, thread counts, flags for every run of it (optional)]
  it.each([
    ["the matched permutation (k = 8 fat tree, by pods)", () => matchedPermutation(), [2, 3, 4]],
    [
      "the matched permutation with HPCC (INT records on the data packets and their ACKs cross the cores' links)",
      () => matchedPermutation({ controller: { kind: "hpcc" } }),
      [2, 3, 4],
    ],
    [
      "examples/hpcc-incast.yaml, 0.6 ms (HPCC, Poisson flows and an incast on a k = 4 fat tree)",
      () => example("hpcc-incast", 0.6),
      [2, 3, 4],
    ],
    ["examples/fat-tree-k4.yaml, 0.3 ms (by pods)", () => example("fat-tree-k4", 0.3), [2, 3, 4]],
    [
      "examples/deadlock-ring.yaml, 1 ms (a ring of 5 switches: a cut of the graph)",
      () => example("deadlock-ring", 1),
      [2, 3, 4],
    ],
    ["examples/cbfc-victim.yaml, 0.5 ms (two switches)", () => example("cbfc-victim", 0.5), [2]],
    [
      "examples/santos-fig4b.yaml, 0.3 ms (input-triggered marking and LIPD on two switches; the marks merged)",
      () => example("santos-fig4b", 0.3),
      [2],
    ],
    [
      "examples/fat-tree-k4.yaml, 0.3 ms, with RED marking and DCQCN (metrics.responses: each flow's counts from its source's part)",
      () =>
        example("fat-tree-k4", 0.3, {
          marking: { kind: "red", kmin: 5000, kmax: 20000, pmax: 0.2 },
          controller: { kind: "dcqcn" },
          metrics: { responses: true },
        }),
      [2, 3, 4],
    ],
    [
      "examples/fat-tree-k4.yaml, 0.3 ms, with QCN (--series: the CNMs each part's switches sent, merged in the single run's order; responses; source waits)",
      // Sampling every 20 KB, 153 CNMs, at 15 instants more than one: merged by time alone, they differ.
      () =>
        example("fat-tree-k4", 0.3, {
          marking: { kind: "qcn", sampleInterval: 20_000, equilibrium: 20_000 },
          controller: { kind: "qcn" },
          metrics: { responses: true, sourceWaitGroups: ["H0", "H12"] },
        }),
      [2, 3, 4],
      ["--series"],
    ],
    [
      "examples/fat-tree-k4.yaml, 0.3 ms, sampling every buffer each microsecond (each switch's samples from its part)",
      () =>
        example("fat-tree-k4", 0.3, {
          metrics: { queueLengths: { intervalUs: 1, series: ["pod0-edge0:in0", "pod2-agg1:in2"] } },
        }),
      [2, 3, 4],
    ],
    [
      "examples/spraying-permutation.yaml, 0.2 ms (oblivious spraying; the reorder buffers merged)",
      () => example("spraying-permutation", 0.2),
      [2, 3, 4],
    ],
    [
      "a Dragonfly with Valiant routing (by groups; each router draws its own intermediate groups)",
      dragonfly,
      [2, 3, 4],
    ],
    [
      "UEC-style trimming on a k = 4 fat tree (NSCC, spraying, a degraded core link; each switch's trims and each host's recovery merged)",
      () => uecTrimming("uec-trimming"),
      [2, 3, 4],
    ],
    [
      "UEC-style trimming with receiver credits, a 12 us timeout and a 128 B header queue (timeouts, headers dropped, duplicates, RTS)",
      () =>
        uecTrimming("uec-trimming-rccc", {
          adapter: { retransmitTimeoutUs: 12, receiverCredits: { oversubscribed: {} } },
          switch: { headerQueueBytes: 128 },
        }),
      [2, 4],
    ],
    [
      // At a quarter of 100 Gb/s (uet-htsim's degraded link) a 4150 B packet takes 1328 ns, more
      // than the link's 1 us: pod0-agg0 judges it while core0 still sends it, and trims a copy.
      "UEC-style trimming with core0->pod0-agg0 at a quarter, no longer than a packet's serialization (the receiver trims its own copy)",
      () => uecTrimming("uec-quarter", {}, 0.25),
      [2, 3, 4],
    ],
    [
      "UEC-style trimming with core0->pod0-agg0 at a quarter, a 128 B header queue and receiver credits (headers dropped while their sender still sends them)",
      () =>
        uecTrimming(
          "uec-quarter-rccc",
          {
            adapter: { retransmitTimeoutUs: 12, receiverCredits: { oversubscribed: {} } },
            switch: { headerQueueBytes: 128 },
          },
          0.25,
        ),
      [2, 4],
    ],
    [
      "trimming over host links shorter than a packet's serialization (a switch trims a copy of a packet made in the same window)",
      shortHostLinks,
      [2],
    ],
    [
      "link failures in pod 1 and on cut core links, some shorter than the links' delay (the frames lost counted where they arrive)",
      () => failures("failures-across-parts"),
      [2, 3, 4],
    ],
    [
      "the same failures under CBFC (each recovered output re-advertises its counts in its own switch's part)",
      () =>
        failures("failures-cbfc", {
          switch: {
            kind: "shared-buffer",
            sharedBufferBytes: 4_000_000,
            inputBufferBytes: 200_000,
            flowControl: { kind: "cbfc" },
          },
          adapter: { retransmitTimeoutUs: 50 },
        }),
      [2, 4],
    ],
    [
      "routes recomputed around a cable cut in pod 1 and a core link down for a while (every part recomputes the same tables)",
      () =>
        failures("failures-rerouting", {
          failures: [
            { link: "pod1-agg0->pod1-edge1", atUs: 20 },
            { link: "core0->pod2-agg0", atUs: 30, recoverUs: 200 },
          ],
          rerouting: { convergenceUs: 10 },
        }),
      [2, 4],
    ],
  ] as [string, () => string, readonly number[], (readonly string[])?][])(
    "%s: the same result at any thread count",
    { timeout: 240_000 },
    async (_, file, counts, flags) => {
      const path = file();
      const single = await result(path, 1, flags);
      expect(single.delivered).toBeGreaterThan(0);
      for (const threads of counts) expect(await result(path, threads, flags), `${threads} threads`).toEqual(single);
    },
  );

  // Every example of examples/: the single run's result at 2 and 4 threads (as many as its
  // fabric has parts), or one line naming what threads do not support. A new example must be
  // put in one of the three lists.
  const examplesAbove = [
    "fat-tree-k4",
    "deadlock-ring",
    "cbfc-victim",
    "santos-fig4b",
    "spraying-permutation",
    "hpcc-incast",
  ];
  const examplesSame = [
    "ethernet-fan-in",
    "link-failure",
    "link-failure-reroute",
    "pfc-priorities",
    "santos-fig2a.json",
    "shared-buffer-fan-in",
    "trace-replay.json",
    "trimming-incast",
  ];
  const examplesRefused: Record<string, RegExp> = {
    collectives: /^losslab: --threads 2: a device acted on a device of another part without a link/,
    "fat-tree-hotspot": /^losslab: --threads 2: not supported on threads yet: adapter.queues "per-destination"/,
  };

  it("knows every example: the same result at any thread count, or what threads do not support", () => {
    const files = readdirSync(join(repositoryRoot, "examples")).filter(
      (file) =>
        file.endsWith(".yaml") ||
        (file.endsWith(".json") && !file.startsWith("trace-example") && !file.startsWith("sweep-")),
    );
    const known = [...examplesAbove, ...examplesSame, ...Object.keys(examplesRefused)];
    expect(files.map((file) => file.replace(/\.yaml$/, "")).sort()).toEqual(known.sort());
  });

  it.each(examplesSame)(
    "examples/%s, 0.1 ms: the same result at 2 and 4 threads",
    { timeout: 120_000 },
    async (name) => {
      const path = name.endsWith(".json") ? jsonExample(name, 0.1) : example(name, 0.1);
      const { warnings, ...single } = await result(path, 1);
      for (const threads of [2, 4]) {
        const { warnings: split, ...same } = await result(path, threads);
        expect(same, `${threads} threads`).toEqual(single);
        // All that may differ: the line saying the fabric splits into fewer parts.
        expect(String(split).replace(/^losslab: warning: --threads \d+: .*; running on \d+\n/m, "")).toBe(warnings);
        if (name === "santos-fig2a.json") {
          // Its 10 ns links: 10 000 windows for 0.1 ms, each ending at the threads' barrier.
          const run = await losslabInProcess("run", path, "--threads", String(threads));
          expect(run.stderr).toMatch(
            new RegExp(
              `^losslab: warning: --threads ${threads}: its windows ran at 0\\.\\d+x the speed of one thread: 1000[01] windows of about 10\\.0 ns`,
              "m",
            ),
          );
        }
      }
    },
  );

  it.each(Object.entries(examplesRefused))("examples/%s: refused in one line", async (name, refusal) => {
    const run = await losslabInProcess("run", example(name, 0.1), "--threads", "2");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(refusal);
    expect(
      run.stderr
        .trimEnd()
        .split("\n")
        .filter((line) => !line.startsWith("losslab: warning:")),
    ).toHaveLength(1);
  });

  it("refuses a marking policy that keys packets by id where a packet can meet it in the window it was made in", async () => {
    const topology = {
      nodes: [
        { id: "A", kind: "switch", ports: 2 },
        { id: "B", kind: "switch", ports: 2 },
        { id: "HA", kind: "host", ports: 1 },
        { id: "HB", kind: "host", ports: 1 },
      ],
      links: [
        { a: { node: "HA", port: 0 }, b: { node: "A", port: 0 }, delayPs: 100_000 },
        { a: { node: "HB", port: 0 }, b: { node: "B", port: 0 }, delayPs: 100_000 },
        { a: { node: "A", port: 1 }, b: { node: "B", port: 1 }, delayPs: 1_000_000 },
      ],
    };
    const scenario = (kind: string) => ({
      durationMs: 0.1,
      topology: { kind: "custom", ...topology },
      marking: { kind },
      flows: [{ source: "HA", destination: "HB" }],
    });
    const naive = await losslabInProcess("run", scenarioFile("naive-short", scenario("naive")), "--threads", "2");
    expect(naive.code).toBe(2);
    expect(naive.stderr).toMatch(
      /^losslab: .*naive-short\.json: marking "naive" keys packets by id, .* the window \(1000 ns\), but HA<->A has 100 ns; run it with --threads 1\n$/,
    );
    // A policy that keeps nothing by packet id runs there.
    expect((await losslabInProcess("run", scenarioFile("ipm-short", scenario("ipm")), "--threads", "2")).code).toBe(0);
  });

  it("refuses a cut across a zero-delay link, naming the link", async () => {
    const topology = {
      nodes: [
        { id: "A", kind: "switch", ports: 2 },
        { id: "B", kind: "switch", ports: 2 },
        { id: "HA", kind: "host", ports: 1 },
        { id: "HB", kind: "host", ports: 1 },
      ],
      links: [
        { a: { node: "HA", port: 0 }, b: { node: "A", port: 0 }, delayPs: 100_000 },
        { a: { node: "HB", port: 0 }, b: { node: "B", port: 0 }, delayPs: 100_000 },
        { a: { node: "A", port: 1 }, b: { node: "B", port: 1 }, delayPs: 0 },
      ],
    };
    const file = scenarioFile("zero-delay", {
      durationMs: 0.1,
      topology: { kind: "custom", ...topology },
      flows: [{ source: "HA", destination: "HB" }],
    });
    const run = await losslabInProcess("run", file, "--threads", "2");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^losslab: --threads 2: the split into 2 parts cuts link A<->B \(part 0 to part 1\), whose delay is 0 ps: .*use fewer threads\n$/,
    );
  });

  it("runs on as many threads as the fabric has parts, saying so, and refuses what it does not support yet", async () => {
    const file = example("fat-tree-k4", 0.1);
    const many = await losslabInProcess("run", file, "--json", "--threads", "5");
    expect(many.code).toBe(0);
    // (A split this small may also run slower than one thread, and say so: timing, not checked here.)
    expect(withoutSlowerSplit(many.stderr)).toBe(
      "losslab: warning: --threads 5: the fabric has 4 pods, so it splits into at most 4 parts, not 5; running on 4\n",
    );
    expect(JSON.parse(many.stdout).stats.threads).toHaveLength(4);
    const one = await losslabInProcess("run", example("pfc-priorities", 0.1), "--json", "--threads", "2");
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/^losslab: warning: --threads 2: the fabric has 1 switch .*; running on 1\n$/);
    expect(JSON.parse(one.stdout).stats.threads).toBeUndefined();
    const global = await losslabInProcess("run", dragonfly("ugal-g"), "--threads", "2");
    expect(global.code).toBe(2);
    expect(global.stderr).toMatch(/^losslab: --threads 2: not supported on threads yet: topology.routing "ugal-g"/);
  });

  it("looks for a credit loop across its parts at a standstill, and ends as the single run does", {
    timeout: 120_000,
  }, async () => {
    const file = example("deadlock-ring", 3);
    const single = await losslabInProcess("run", file, "--json");
    expect(single.code).toBe(2);
    expect(single.stderr).toMatch(/deadlock at 2 ms: no switch sent a packet between 1 ms and 2 ms/);
    // The ring's five switches in two and three parts: the loop spans them.
    for (const threads of [2, 3]) {
      const split = await losslabInProcess("run", file, "--json", "--threads", String(threads));
      expect(split.code, `${threads} threads`).toBe(2);
      expect(split.stdout).toBe("");
      expect(split.stderr, `${threads} threads`).toBe(single.stderr);
    }
  });

  it("goes on through a standstill without a credit loop, as the single run does", { timeout: 120_000 }, async () => {
    // B's link to HB runs at 1 MB/s, about 2 ms a packet: from 1 ms to 2 ms no switch sends,
    // while packets wait in A and B for that link (not for room in another buffer).
    const file = scenarioFile("slow-host-link", {
      durationMs: 6,
      topology: {
        kind: "custom",
        nodes: [
          { id: "A", kind: "switch", ports: 2 },
          { id: "B", kind: "switch", ports: 2 },
          { id: "HA", kind: "host", ports: 1 },
          { id: "HB", kind: "host", ports: 1 },
        ],
        links: [
          { a: { node: "HA", port: 0 }, b: { node: "A", port: 0 } },
          { a: { node: "HB", port: 0 }, b: { node: "B", port: 0 }, bandwidth: 1_000_000 },
          // 10 us: 600 windows.
          { a: { node: "A", port: 1 }, b: { node: "B", port: 1 }, delayPs: 10_000_000 },
        ],
      },
      flows: [{ source: "HA", destination: "HB" }],
    });
    const single = await result(file, 1);
    expect(single.delivered).toBeGreaterThan(0);
    expect(await result(file, 2)).toEqual(single);
  });

  it("refuses traffic whose devices meet without a link (collectives)", { timeout: 120_000 }, async () => {
    const run = await losslabInProcess("run", example("collectives", 1), "--json", "--threads", "2");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^losslab: --threads 2: a device acted on a device of another part without a link between them .*--threads 1\n$/,
    );
  });

  it("refuses flows a device's event adds, even within one part (a hot spot triggered by deliveries)", {
    timeout: 120_000,
  }, async () => {
    // Hot sources H2, H3 and their hot spot H6 all in part 0 (pods 0 and 1), the trigger counting
    // network-wide: a short flow in pod 2 delivers there too. Part 0 alone would count only its
    // own deliveries and start the hot sources late, and part 1 never: different runs.
    const file = example("fat-tree-k4", 0.3, {
      topology: { kind: "fat-tree", k: 4, bandwidth: 1.25e9, delayNs: 1000 },
      flows: [{ source: "H0", destination: "H4" }],
      traffic: [
        { kind: "flow-graph", name: "short", flows: [{ id: "s", source: "H8", destination: "H9", bytes: 20_000 }] },
        {
          kind: "hot-spot",
          name: "hot",
          sources: ["H2", "H3"],
          destination: "H6",
          trigger: { deliveredPackets: 20 },
          messages: 50,
          load: 0.8,
          size: { kind: "fixed", bytes: 2048 },
        },
      ],
    });
    const single = await losslabInProcess("run", file, "--json");
    expect(single.code, single.stderr).toBe(0);
    const run = await losslabInProcess("run", file, "--json", "--threads", "2");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^losslab: --threads 2: a device acted on a device of another part without a link between them .*hot-spot triggers.*--threads 1\n$/,
    );
  });
});

describe("threads: in a scenario file", () => {
  /** examples/fat-tree-k4.yaml cut to 0.2 ms, with `threads` when given. */
  function fatTree(threads?: unknown): string {
    const { durationCycles, metrics, ...scenario } = parse(
      readFileSync(join(repositoryRoot, "examples", "fat-tree-k4.yaml"), "utf8"),
    );
    const { measureMs, ...rest } = metrics ?? {};
    const name = threads === undefined ? "fat-tree-no-threads" : `fat-tree-threads-${String(threads)}`;
    return scenarioFile(name, {
      ...scenario,
      metrics: rest,
      durationMs: 0.2,
      ...(threads === undefined ? {} : { threads }),
    });
  }

  it("splits the run as --threads does, with the same result, stats aside; --threads wins", {
    timeout: 120_000,
  }, async () => {
    const without = await losslabInProcess("run", fatTree(), "--json");
    const withTwo = await losslabInProcess("run", fatTree(2), "--json");
    const overridden = await losslabInProcess("run", fatTree(2), "--json", "--threads", "1");
    const upToFour = await losslabInProcess("run", fatTree(2), "--json", "--threads", "4");
    for (const run of [without, withTwo, overridden, upToFour]) expect(run.code, run.stderr).toBe(0);
    const [single, two, one, four] = [without, withTwo, overridden, upToFour].map((run) => JSON.parse(run.stdout));
    expect(single.stats.threads).toBeUndefined();
    expect(two.stats.threads).toHaveLength(2);
    expect(one.stats.threads).toBeUndefined();
    expect(four.stats.threads).toHaveLength(4);
    expect(single.delivered).toBeGreaterThan(0);
    // `threads` stays out of the result: how the run ran is not what it ran.
    expect(two.scenario).not.toHaveProperty("threads");
    const withoutStats = ({ stats, ...rest }: { stats: unknown }) => rest;
    for (const other of [two, one, four]) expect(withoutStats(other)).toEqual(withoutStats(single));
  });

  it("is refused as --threads is, naming the file's threads, by run and by validate", async () => {
    const managed = scenarioFile("managed-threads", {
      ...JSON.parse(readFileSync(fatTree(2), "utf8")),
      subnetManager: { host: "H15" },
      nonCompliant: { hosts: ["H0"] },
    });
    for (const command of ["run", "validate"]) {
      const refused = await losslabInProcess(command, managed);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(`losslab: ${managed}: threads: 2: not supported on threads yet: subnetManager\n`);
    }
    // On one thread, as the command line asks, it runs.
    const single = await losslabInProcess("run", managed, "--json", "--threads", "1");
    expect(single.code, single.stderr).toBe(0);
    // A packet trace is not refused (threads-trace.test.ts: the single run's file).
    const traced = await losslabInProcess("run", fatTree(2), "--trace", join(dir, "file-threads.ndjson"));
    expect(traced.code, traced.stderr).toBe(0);
    expect(traced.stderr).toMatch(/^wrote \d+ trace lines to .*file-threads\.ndjson\n$/m);
  });

  it("is accepted by validate, which says the run is split", async () => {
    const file = fatTree(4);
    const valid = await losslabInProcess("validate", file);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/: valid \(.*, on 4 threads\)/);
  });
});
