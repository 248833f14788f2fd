/**
 * Bad and hostile scenario files (issue 21): a small valid scenario with one thing made
 * wrong, or a file that is no scenario at all. Every case is invalid, so `losslab validate`
 * and `losslab run` must both refuse it with one `losslab:` line and exit code 2, without a
 * stack trace, a hang or a large allocation. Shared by the property test and by
 * scripts/hostile-scenarios.ts, which writes a few hundred of them and runs the CLI on each.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { stringify as toYaml } from "yaml";
import { pluginSetup } from "./hostile-plugins.js";
import { badCustomTopology, customTopology } from "./hostile-topologies.js";

/** One generated case: files to write into an empty directory, and the scenario path to give the CLI. */
export interface HostileCase {
  /** What is wrong, for reports: `topology.hosts = 1e12`. */
  label: string;
  /** File name (in the case's directory) -> contents. */
  files: Record<string, string>;
  /** Symbolic links to create: name -> target. */
  links?: Record<string, string>;
  /** Directories and named pipes to create. */
  directories?: string[];
  fifos?: string[];
  /** The scenario file: a name in the directory, or an absolute path such as /dev/zero. */
  scenario: string;
}

/**
 * Writes a case into `dir` (which must exist and be empty); returns the scenario path.
 * `@DIR@` in a file or a link target stands for `dir` (a plugin named by its absolute path).
 */
export function writeCase(dir: string, hostile: HostileCase): string {
  const here = (text: string) => text.replaceAll("@DIR@", dir);
  for (const name of hostile.directories ?? []) mkdirSync(join(dir, name), { recursive: true });
  for (const [name, text] of Object.entries(hostile.files)) writeFileSync(join(dir, name), here(text));
  for (const [name, target] of Object.entries(hostile.links ?? {})) symlinkSync(here(target), join(dir, name));
  for (const name of hostile.fifos ?? []) execFileSync("mkfifo", [join(dir, name)]);
  return hostile.scenario.startsWith("/") ? hostile.scenario : join(dir, hostile.scenario);
}

/** Whether a refused plugin's code ran anyway: it leaves a file named RAN (hostile-plugins.ts) in the case. */
export function pluginRan(dir: string): boolean {
  if (existsSync(join(dir, "RAN"))) return true;
  return readdirSync(dir, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && !entry.isSymbolicLink() && pluginRan(join(dir, entry.name)),
  );
}

/**
 * Whether stderr is the contract's answer to bad input: one line `losslab: ...` (cost
 * warnings, also `losslab:` lines, may precede it), short, and no stack trace.
 */
export function isCleanError(stderr: string): boolean {
  const lines = stderr.split("\n").filter((line) => line !== "");
  const error = lines.filter((line) => !line.startsWith("losslab: warning: "));
  return (
    error.length === 1 &&
    error[0]!.startsWith("losslab: ") &&
    error[0]!.length <= MAX_ERROR_LINE &&
    !/^\s+at /m.test(stderr)
  );
}

/** The longest error line a case may produce: a path, a field, a value quoted up to ~200 characters and the rule. */
export const MAX_ERROR_LINE = 2000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Scenario = { [key: string]: Json };

/**
 * Small valid scenarios (each runs in well under a second), one per topology and switch
 * organisation, to be made wrong in one place.
 */
type BaseName = "santos" | "uniform" | "fatTree" | "ethernet" | "butterfly" | "turner" | "trace" | "custom";

const BASES: Record<BaseName, Scenario> = {
  santos: {
    durationMs: 2,
    topology: { kind: "two-switch", local: 2, remote: 1 },
    flows: { pattern: "santos", staggerUs: 10, victimMs: [0.5, 1.5] },
    switch: { kind: "input-buffered", bufferPackets: 4 },
    limits: { window: 4 },
    metrics: { binUs: 10, windowMs: 0.5, stepUs: 50 },
  },
  uniform: {
    durationMs: 0.5,
    topology: { kind: "single-switch", hosts: 4, bandwidth: 1e9, delayNs: 10 },
    switch: { kind: "voq", inputBufferBytes: 8192, islipIterations: 1 },
    traffic: [
      {
        kind: "bernoulli",
        load: 0.5,
        size: { kind: "uniform", minBytes: 256, maxBytes: 4096 },
        destinations: { kind: "uniform" },
      },
    ],
  },
  fatTree: {
    cycleNs: 1,
    durationCycles: 20000,
    topology: { kind: "k-ary-n-tree", k: 2, n: 2, delayNs: 4 },
    switch: { kind: "cioq", inputBufferBytes: 1024, outputBufferBytes: 1024, speedup: 2, forwardingDelayNs: 8 },
    packets: { dataBytes: 278, headerBytes: 22, ackBytes: 22 },
    adapter: { queues: "per-destination" },
    marking: { kind: "mvpm" },
    controller: { kind: "mvcm", maxWindow: 2 },
    traffic: [
      {
        kind: "hot-spot",
        sources: ["H1", "H2"],
        destination: "H0",
        messages: 10,
        load: 0.5,
        size: { kind: "fixed", bytes: 256 },
        trigger: { atUs: 1 },
      },
    ],
    metrics: { hotSpot: "H0" },
  },
  ethernet: {
    durationMs: 0.5,
    topology: { kind: "spine-leaf", leaves: 2, spines: 1, hostsPerLeaf: 2, bandwidth: 1.25e9, delayNs: 500 },
    switch: {
      kind: "cioq",
      inputQueues: "voq",
      inputBufferBytes: 150000,
      outputBufferBytes: 150000,
      flowControl: { kind: "pause", xoffBytes: 110000, xonBytes: 44000, reactionDelayNs: 3072 },
    },
    packets: { dataBytes: 1522, headerBytes: 22, wireOverheadBytes: 20 },
    adapter: { acks: false },
    marking: { kind: "qcn", at: "input", equilibrium: 60000, sampleInterval: 150000 },
    controller: { kind: "qcn", timerMs: 15 },
    flows: [
      { source: "H0.0", destination: "H1.0", group: "f1" },
      { source: "H0.1", destination: "H1.0", group: "f2", startUs: 10 },
    ],
  },
  butterfly: {
    durationMs: 0.5,
    topology: { kind: "k-ary-n-fly", k: 2, n: 2 },
    switch: { kind: "fifo", bufferPackets: 2, creditBytes: 64 },
    marking: { kind: "input-output-triggered", outputThreshold: 4 },
    controller: { kind: "per-ack", response: "lipd" },
    flows: [
      { source: "H0", destination: "H3", window: 2, rate: 0.5 },
      { source: "H1", destination: "H3", stopUs: 300 },
    ],
  },
  turner: {
    durationMs: 1,
    topology: { kind: "two-switch", local: 2, remote: 2 },
    switch: { kind: "input-buffered", vls: 2, vlWeights: [1, 2] },
    marking: { kind: "turner" },
    controller: { kind: "hybrid", response: "lipd", maxIpd: 255, maxWindow: 8 },
    adapter: { ackCoalescing: 4, ackCoalescingTimeoutUs: 10 },
    nonCompliant: { hosts: ["A1"], switches: [] },
    subnetManager: { host: "BV", stepIpd: 1, maxIpd: 255, decayUs: 200 },
    flows: [
      { source: "A1", destination: "BC", vl: 1 },
      { source: "A2", destination: "BC", reliable: false },
      { source: "B1", destination: "BC" },
    ],
  },
  trace: {
    durationMs: 1,
    topology: { kind: "two-switch", local: 2, remote: 2 },
    traffic: [{ kind: "trace", file: "trace.csv", group: "replay" }],
    metrics: { binUs: 1 },
  },
  custom: {
    durationMs: 0.5,
    topology: customTopology(),
    flows: [
      { source: "H0", destination: "H2" },
      { source: "H1", destination: "H2", group: "second" },
    ],
  },
};

const TRACE_CSV = "time_us,source,destination,bytes\n0,B1,BC,2048\n10,A1,BC,4096\n20,B2,BV,512\n";

/**
 * What a number field accepts, so the generator can pick values it must refuse: `count`
 * and `int` are integers (min 0 or 1), `real` any number >= 0 or > 0, `fraction` (0, 1].
 * `hugeIsBad`: values of 1e13 and more are out of range (counts, bytes, times and rates
 * beyond what the simulator holds); false for the seed, whose integers are all fine.
 */
interface NumberField {
  path: string;
  type: "int" | "real" | "fraction";
  min: 0 | 1;
  hugeIsBad: boolean;
  /** A positive value far below 1 (5e-324) is refused too: it rounds to no time, or to infinite bins. */
  tinyIsBad?: boolean;
}

const int = (path: string, min: 0 | 1, hugeIsBad = true): NumberField => ({ path, type: "int", min, hugeIsBad });
const real = (path: string, min: 0 | 1, tinyIsBad = false): NumberField => ({
  path,
  type: "real",
  min,
  hugeIsBad: true,
  tinyIsBad,
});
const fraction = (path: string): NumberField => ({ path, type: "fraction", min: 1, hugeIsBad: true });

/** Number fields of each base (min 1 for reals means > 0). */
const NUMBER_FIELDS: Record<BaseName, NumberField[]> = {
  santos: [
    real("durationMs", 1),
    int("seed", 0, false),
    int("topology.local", 0),
    int("topology.remote", 0),
    real("topology.bandwidth", 1, true),
    real("topology.delayNs", 0),
    real("flows.staggerUs", 0),
    real("flows.victimMs.1", 1),
    int("switch.bufferPackets", 1),
    int("switch.maxBypass", 0),
    real("switch.forwardingDelayNs", 0),
    int("switch.creditBytes", 1),
    int("limits.window", 1),
    int("packets.dataBytes", 1),
    int("packets.ackBytes", 1),
    real("metrics.binUs", 1, true),
    real("metrics.windowMs", 1, true),
    real("metrics.stepUs", 1, true),
  ],
  uniform: [
    int("topology.hosts", 1),
    int("switch.inputBufferBytes", 1),
    int("switch.islipIterations", 1),
    fraction("traffic.0.load"),
    int("traffic.0.size.minBytes", 1),
    int("traffic.0.size.maxBytes", 1),
    real("traffic.0.startUs", 0),
    int("packets.headerBytes", 0),
    int("packets.wireOverheadBytes", 0),
  ],
  fatTree: [
    int("topology.k", 1),
    int("topology.n", 1),
    real("cycleNs", 1, true),
    real("durationCycles", 1),
    int("switch.inputBufferBytes", 1),
    int("switch.outputBufferBytes", 1),
    real("switch.speedup", 1),
    int("traffic.0.messages", 1),
    int("traffic.0.size.bytes", 1),
    real("traffic.0.trigger.atUs", 0),
    int("controller.maxWindow", 1),
  ],
  ethernet: [
    int("topology.leaves", 1),
    int("topology.spines", 1),
    int("topology.hostsPerLeaf", 1),
    int("switch.flowControl.xoffBytes", 1),
    int("switch.flowControl.xonBytes", 1),
    real("switch.flowControl.reactionDelayNs", 0),
    int("marking.equilibrium", 1),
    int("marking.sampleInterval", 1),
    real("controller.timerMs", 1, true),
    real("flows.1.startUs", 0),
    int("packets.notificationBytes", 1),
  ],
  butterfly: [
    int("topology.k", 1),
    int("topology.n", 1),
    int("switch.bufferPackets", 1),
    int("marking.outputThreshold", 1),
    fraction("flows.0.rate"),
    int("flows.0.window", 1),
    real("flows.1.stopUs", 1),
  ],
  turner: [
    int("switch.vls", 1),
    int("switch.vlWeights.1", 1),
    int("controller.maxIpd", 1),
    int("controller.maxWindow", 1),
    int("adapter.ackCoalescing", 1),
    real("adapter.ackCoalescingTimeoutUs", 1, true),
    real("subnetManager.decayUs", 1, true),
    int("subnetManager.stepIpd", 1),
    int("flows.0.vl", 0),
  ],
  trace: [real("traffic.0.startUs", 0), real("metrics.binUs", 1, true), real("durationMs", 1)],
  custom: [
    real("topology.bandwidth", 1, true),
    real("topology.delayNs", 0),
    int("topology.nodes.0.ports", 1),
    int("topology.nodes.3.ports", 1),
    int("topology.links.0.b.port", 0),
    int("topology.links.2.a.port", 0),
    real("topology.links.2.bandwidth", 1, true),
    int("topology.links.1.delayPs", 0, false),
    int("topology.links.3.delayBackPs", 0, false),
  ],
};

/** Fields whose value must be one of a few strings or a known host. */
const TEXT_FIELDS: Record<BaseName, string[]> = {
  santos: ["topology.kind", "switch.kind", "switch.outputOrder", "flows.pattern"],
  uniform: ["traffic.0.kind", "traffic.0.destinations.kind", "switch.kind"],
  fatTree: ["traffic.0.destination", "traffic.0.sources.0", "adapter.queues", "metrics.hotSpot"],
  ethernet: ["flows.0.source", "flows.1.destination", "marking.at", "switch.flowControl.kind"],
  butterfly: ["flows.0.destination", "marking.kind", "controller.response"],
  turner: ["nonCompliant.hosts.0", "subnetManager.host", "controller.kind"],
  trace: ["traffic.0.kind", "topology.kind"],
  custom: [
    "topology.nodes.1.id",
    "topology.nodes.3.kind",
    "topology.links.2.b.node",
    "topology.routing.kind",
    "flows.0.source",
  ],
};

/** Values no number field accepts, whatever its range: other types, and what JSON cannot hold (YAML can). */
const NOT_A_NUMBER: fc.Arbitrary<{ value: Json | "NaN" | "Infinity" | "-Infinity"; yaml: boolean }> = fc.oneof(
  fc.constantFrom<Json>("7", "", null, true, [], {}, [1], { value: 1 }).map((value) => ({ value, yaml: false })),
  fc.constantFrom("NaN" as const, "Infinity" as const, "-Infinity" as const).map((value) => ({ value, yaml: true })),
);

/** A value outside `field`'s range. */
function badNumber(
  field: NumberField,
): fc.Arbitrary<{ value: Json | "NaN" | "Infinity" | "-Infinity"; yaml: boolean }> {
  const numbers: fc.Arbitrary<number>[] = [
    fc.constantFrom(-1, -1e308, -5e-324),
    fc.double({ min: -1e15, max: -1e-9, noNaN: true }),
  ];
  if (field.min === 1) numbers.push(fc.constant(0));
  if (field.type === "int") numbers.push(fc.constantFrom(0.5, 1.5, 2.000001, 1e-300));
  if (field.type === "fraction") numbers.push(fc.double({ min: 1.000001, max: 1e308, noNaN: true }));
  if (field.hugeIsBad) {
    numbers.push(fc.constantFrom(1e13, 1e15, 2 ** 53, 2 ** 53 + 2, 1e200, 1e308));
    numbers.push(fc.double({ min: 1e13, max: 1e308, noNaN: true }));
  }
  if (field.tinyIsBad) numbers.push(fc.constantFrom(5e-324, 1e-300, 1e-12));
  return fc.oneof(
    fc.oneof(...numbers).map((value) => ({ value, yaml: false })),
    NOT_A_NUMBER,
  );
}

/** Sets a value at a dotted path (`topology.local`, `flows.0.rate`), creating objects on the way. */
function setAt(target: Scenario, path: string, value: Json): void {
  const keys = path.split(".");
  let node = target as Record<string, Json>;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, Json>;
  }
  node[keys[keys.length - 1]!] = value;
}

const clone = (scenario: Scenario): Scenario => structuredClone(scenario);

/** The base's files: the scenario as JSON (or YAML when a value needs it), plus the trace. */
function scenarioFiles(
  base: string,
  scenario: Scenario,
  yaml: boolean,
): { files: Record<string, string>; name: string } {
  const name = yaml ? "scenario.yaml" : "scenario.json";
  const text = yaml ? toYaml(scenario) : JSON.stringify(scenario, null, 1);
  return { name, files: { [name]: text, ...(base === "trace" ? { "trace.csv": TRACE_CSV } : {}) } };
}

const baseNames = Object.keys(BASES) as BaseName[];

/** One number field set to a value outside its range. */
const badNumberCase: fc.Arbitrary<HostileCase> = fc
  .constantFrom(...baseNames)
  .chain((base) => fc.tuple(fc.constant(base), fc.constantFrom(...NUMBER_FIELDS[base])))
  .chain(([base, field]) => badNumber(field).map((bad) => ({ base, field, bad })))
  .map(({ base, field, bad }) => {
    const scenario = clone(BASES[base]);
    const special = { NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, "-Infinity": Number.NEGATIVE_INFINITY };
    const value =
      typeof bad.value === "string" && bad.value in special && bad.yaml
        ? special[bad.value as keyof typeof special]
        : bad.value;
    setAt(scenario, field.path, value as Json);
    const { files, name } = scenarioFiles(base, scenario, bad.yaml);
    return { label: `${base}: ${field.path} = ${String(value)}`, files, scenario: name };
  });

/** A text field set to something unknown, possibly long (10 MB is echoed in full by a naive message). */
const badTextCase: fc.Arbitrary<HostileCase> = fc
  .constantFrom(...baseNames)
  .chain((base) =>
    fc.tuple(
      fc.constant(base),
      fc.constantFrom(...TEXT_FIELDS[base]),
      fc.oneof(
        fc.constantFrom("nope", "", " ", "\u0000", "../../etc/passwd", "__proto__", "constructor", "toString"),
        fc.string({ maxLength: 40 }).map((s) => `unknown-${s}`),
        fc.integer({ min: 1_000, max: 10_000_000 }).map((n) => "x".repeat(n)),
      ),
    ),
  )
  .map(([base, path, text]) => {
    const scenario = clone(BASES[base]);
    setAt(scenario, path, text);
    const { files, name } = scenarioFiles(base, scenario, false);
    return { label: `${base}: ${path} = a string of ${text.length} characters`, files, scenario: name };
  });

/**
 * Two fields that are fine alone but not together: a buffer that cannot hold one packet
 * (plus PAUSE headroom), a time that leaves the engine's range only once multiplied, a
 * fabric too big to build.
 */
const CROSS_FIELD: Array<{ label: string; base: BaseName; set: Record<string, Json> }> = [
  {
    label: "input buffer below one packet",
    base: "uniform",
    set: { "switch.inputBufferBytes": 1000, "packets.dataBytes": 2068 },
  },
  { label: "credit block larger than the buffer", base: "uniform", set: { "switch.creditBytes": 65536 } },
  { label: "cioq output buffer below one packet", base: "fatTree", set: { "switch.outputBufferBytes": 100 } },
  { label: "packets larger than the default buffer's blocks", base: "santos", set: { "packets.dataBytes": 1e9 } },
  { label: "PAUSE: XOFF at the buffer size", base: "ethernet", set: { "switch.flowControl.xoffBytes": 150000 } },
  { label: "PAUSE: XON above XOFF", base: "ethernet", set: { "switch.flowControl.xonBytes": 120000 } },
  { label: "PAUSE: no headroom above XOFF", base: "ethernet", set: { "switch.flowControl.xoffBytes": 149000 } },
  { label: "PAUSE: headroom eaten by a long link", base: "ethernet", set: { "topology.delayNs": 1e7 } },
  { label: "stagger beyond the engine's clock", base: "santos", set: { "flows.staggerUs": 1e308 } },
  { label: "stagger times flows beyond the clock", base: "santos", set: { "flows.staggerUs": 5e9 } },
  { label: "victim interval beyond the clock", base: "santos", set: { "flows.victimMs": [0, 1e13] } },
  { label: "measureMs outside the run", base: "santos", set: { "metrics.measureMs": [1, 3] } },
  { label: "durationCycles beyond the clock", base: "fatTree", set: { durationCycles: 1e20 } },
  { label: "durationCycles x cycleNs beyond 100 s", base: "fatTree", set: { durationCycles: 1e12 } },
  { label: "cycleNs so small links are infinitely fast", base: "fatTree", set: { cycleNs: 1e-300 } },
  { label: "header as large as the packet", base: "uniform", set: { "packets.headerBytes": 2068 } },
  { label: "hosts beyond memory", base: "uniform", set: { "topology.hosts": 1e12 } },
  { label: "hosts just beyond the builders", base: "uniform", set: { "topology.hosts": 70000 } },
  { label: "spine-leaf leaves beyond memory", base: "ethernet", set: { "topology.leaves": 1e9 } },
  {
    label: "16-ary 4-tree: the builders' maximum, routing tables of 2 GiB",
    base: "fatTree",
    set: { "topology.k": 16, "topology.n": 4 },
  },
  { label: "2-ary 30-tree", base: "fatTree", set: { "topology.k": 2, "topology.n": 30 } },
  { label: "2-ary 16-fly", base: "butterfly", set: { "topology.k": 2, "topology.n": 16 } },
  { label: "two-switch with a million local hosts", base: "santos", set: { "topology.local": 1e6 } },
  { label: "counters: 1 ps bins over 100 s", base: "santos", set: { durationMs: 100000, "metrics.binUs": 1e-6 } },
  {
    label: "a message of 1e12 bytes into per-destination queues",
    base: "fatTree",
    set: { "traffic.0.size.bytes": 1e12 },
  },
  { label: "hot-spot trigger beyond the clock", base: "fatTree", set: { "traffic.0.trigger.atUs": 1e300 } },
  { label: "bernoulli: a 1 TB maximum message", base: "uniform", set: { "traffic.0.size.maxBytes": 1e12 } },
  { label: "qcn timer beyond the clock", base: "ethernet", set: { "controller.timerMs": 1e300 } },
  {
    label: "ack coalescing time-out beyond the clock",
    base: "turner",
    set: { "adapter.ackCoalescingTimeoutUs": 1e300 },
  },
  { label: "subnet manager decay beyond the clock", base: "turner", set: { "subnetManager.decayUs": 1e300 } },
  { label: "VL weights of the wrong length", base: "turner", set: { "switch.vlWeights": [1, 2, 3] } },
  { label: "flow on a VL the switches lack", base: "turner", set: { "flows.0.vl": 5 } },
  {
    label: "ib-cca timer beyond the clock",
    base: "santos",
    set: { controller: { kind: "ib-cca", timerPeriodUs: 1e300 } },
  },
  {
    label: "a trace with both csv and file",
    base: "trace",
    set: { "traffic.0.csv": "time_us,source,destination,bytes\n0,B1,BC,64\n" },
  },
  {
    label: "a trace entry time beyond the clock",
    base: "trace",
    set: { "traffic.0.csv": "time_us,source,destination,bytes\n1e300,B1,BC,64\n", "traffic.0.file": null },
  },
];

const crossFieldCase: fc.Arbitrary<HostileCase> = fc.constantFrom(...CROSS_FIELD).map(({ label, base, set }) => {
  const scenario = clone(BASES[base]);
  for (const [path, value] of Object.entries(set)) {
    if (value === null) {
      const keys = path.split(".");
      let node: Json = scenario;
      for (const key of keys.slice(0, -1)) node = (node as Record<string, Json>)[key]!;
      delete (node as Record<string, Json>)[keys[keys.length - 1]!];
    } else setAt(scenario, path, value);
  }
  const { files, name } = scenarioFiles(base, scenario, false);
  return { label: `${base}: ${label}`, files, scenario: name };
});

/** Input the format cannot describe: very deep nesting, huge arrays, odd keys. */
const structureCase: fc.Arbitrary<HostileCase> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...baseNames),
      fc.integer({ min: 2_000, max: 200_000 }),
      fc.constantFrom("name", "topology", "switch.flowControl", "traffic", "flows", "nonCompliant", "extra"),
      fc.boolean(),
    )
    .map(([base, depth, path, arrays]) => {
      // Built as text: the nesting is deeper than JSON.stringify can recurse.
      const scenario = clone(BASES[base]);
      setAt(scenario, path, "@@DEEP@@");
      const open = arrays ? "[" : '{"a":';
      const close = arrays ? "]" : "}";
      const text = JSON.stringify(scenario).replace('"@@DEEP@@"', `${open.repeat(depth)}1${close.repeat(depth)}`);
      const files = { "scenario.json": text, ...(base === "trace" ? { "trace.csv": TRACE_CSV } : {}) };
      return { label: `${base}: ${path} nested ${depth} deep`, files, scenario: "scenario.json" };
    }),
  fc.integer({ min: 70_000, max: 300_000 }).map((count) => {
    const scenario = clone(BASES.santos);
    scenario.flows = Array.from({ length: count }, () => ({ source: "B1", destination: "BC" }));
    return {
      label: `santos: ${count} flows`,
      files: { "scenario.json": JSON.stringify(scenario) },
      scenario: "scenario.json",
    };
  }),
  fc.integer({ min: 10_000, max: 300_000 }).map((count) => {
    const scenario = clone(BASES.santos);
    scenario.flows = Array.from({ length: count }, (_, i) => ({ source: `X${i}`, destination: "BC" }));
    return {
      label: `santos: ${count} flows from unknown hosts`,
      files: { "scenario.json": JSON.stringify(scenario) },
      scenario: "scenario.json",
    };
  }),
  fc.constantFrom("__proto__", "constructor", "prototype", "x".repeat(100_000)).map((key) => {
    const text = JSON.stringify(BASES.santos).replace(/^\{/, `{${JSON.stringify(key)}:{"polluted":true},`);
    return {
      label: `santos: top-level key ${key.slice(0, 20)}`,
      files: { "scenario.json": text },
      scenario: "scenario.json",
    };
  }),
);

/** Files that are not scenarios at all. */
const fileCase: fc.Arbitrary<HostileCase> = fc.oneof(
  fc.constantFrom<HostileCase>(
    { label: "/dev/zero", files: {}, scenario: "/dev/zero" },
    { label: "/dev/null", files: {}, scenario: "/dev/null" },
    { label: "/etc/passwd", files: {}, scenario: "/etc/passwd" },
    { label: "a directory", files: {}, directories: ["dir.json"], scenario: "dir.json" },
    { label: "a named pipe", files: {}, fifos: ["pipe.json"], scenario: "pipe.json" },
    { label: "a missing file", files: {}, scenario: "missing.json" },
    { label: "an empty file", files: { "empty.json": "" }, scenario: "empty.json" },
    { label: "an empty YAML file", files: { "empty.yaml": "" }, scenario: "empty.yaml" },
    { label: "JSON null", files: { "null.json": "null" }, scenario: "null.json" },
    { label: "a JSON number", files: { "n.json": "42" }, scenario: "n.json" },
    { label: "a JSON array", files: { "a.json": "[1,2,3]" }, scenario: "a.json" },
    { label: "a JSON string", files: { "s.json": '"scenario"' }, scenario: "s.json" },
    { label: "truncated JSON", files: { "t.json": '{"durationMs": 1, "topology": {' }, scenario: "t.json" },
    { label: "YAML alias bomb", files: { "bomb.yaml": yamlBomb() }, scenario: "bomb.yaml" },
    { label: "YAML with a tag", files: { "tag.yaml": "!!js/function 'function(){}'\n" }, scenario: "tag.yaml" },
    { label: "a dangling symlink", files: {}, links: { "gone.json": "/nonexistent/x.json" }, scenario: "gone.json" },
  ),
  fc.uint8Array({ minLength: 1, maxLength: 4096 }).map((bytes) => ({
    label: `${bytes.length} random bytes`,
    files: { "garbage.json": Buffer.from(bytes).toString("latin1") },
    scenario: "garbage.json",
  })),
  fc.integer({ min: 1, max: 10 }).map((n) => ({
    label: `a ${n * 10 + 30} MB JSON file`,
    files: { "big.json": `{"name":"${"x".repeat((n * 10 + 30) * 1024 * 1024)}"}` },
    scenario: "big.json",
  })),
);

function yamlBomb(): string {
  const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  const names = "abcdefghij";
  for (let i = 1; i < names.length; i++) {
    const previous = `*${names[i - 1]}`;
    lines.push(`${names[i]}: &${names[i]} [${Array(10).fill(previous).join(",")}]`);
  }
  return `${lines.join("\n")}\n`;
}

/** A trace `file` that names something outside the scenario's directory, or no trace. */
const traceFileCase: fc.Arbitrary<HostileCase> = fc
  .constantFrom<{ label: string; file: Json; extra?: Partial<HostileCase> }>(
    { label: "../ escape", file: "../../../../../../../../etc/passwd" },
    { label: "absolute path outside", file: "/etc/passwd" },
    { label: "/dev/zero", file: "/dev/zero" },
    { label: "/proc/self/environ", file: "/proc/self/environ" },
    { label: "a symlink escaping", file: "evil.csv", extra: { links: { "evil.csv": "/etc/passwd" } } },
    { label: "a symlinked directory escaping", file: "up/passwd", extra: { links: { up: "/etc" } } },
    { label: "a directory", file: "traces", extra: { directories: ["traces"] } },
    { label: "a named pipe", file: "pipe.csv", extra: { fifos: ["pipe.csv"] } },
    { label: "a missing file", file: "nope.csv" },
    { label: "a number", file: 42 },
    { label: "an empty name", file: "" },
    { label: "a NUL in the name", file: "trace.csv\u0000.json" },
    {
      label: "a 10 MB bad line",
      file: "long.csv",
      extra: { files: { "long.csv": `time_us,source,destination,bytes\n0,B1,BC,${"9".repeat(10 * 1024 * 1024)}x\n` } },
    },
    {
      label: "a 40 MB trace",
      file: "huge.csv",
      extra: { files: { "huge.csv": `time_us,source,destination,bytes\n${"0,B1,BC,64\n".repeat(4 * 1024 * 1024)}` } },
    },
    {
      label: "binary trace",
      file: "bin.csv",
      extra: { files: { "bin.csv": "\u0000\u0001\u0002\u00ff".repeat(1000) } },
    },
    { label: "a JSON trace that is an object", file: "obj.json", extra: { files: { "obj.json": '{"timeUs":0}' } } },
    {
      label: "a JSON trace nested deep",
      file: "deep.json",
      extra: { files: { "deep.json": `${"[".repeat(100000)}${"]".repeat(100000)}` } },
    },
  )
  .map(({ label, file, extra }) => {
    const scenario = clone(BASES.trace);
    setAt(scenario, "traffic.0.file", file);
    return {
      label: `trace file: ${label}`,
      ...extra,
      files: { "scenario.json": JSON.stringify(scenario), "trace.csv": TRACE_CSV, ...extra?.files },
      scenario: "scenario.json",
    };
  });

/** A custom topology with one defect (hostile-topologies.ts), in JSON or in YAML. */
const customTopologyCase: fc.Arbitrary<HostileCase> = fc
  .tuple(badCustomTopology, fc.boolean())
  .map(([{ label, topology }, yaml]) => {
    const scenario = clone(BASES.custom);
    scenario.topology = topology;
    const { files, name } = scenarioFiles("custom", scenario, yaml);
    return { label: `custom topology: ${label}`, files, scenario: name };
  });

/** A `plugins` entry that must be refused (hostile-plugins.ts), with the files it needs. */
const pluginCase: fc.Arbitrary<HostileCase> = pluginSetup.map((setup) => {
  const scenario = { ...clone(BASES.santos), plugins: [setup.plugin as Json] };
  const name = setup.inSubdirectory === true ? "s/scenario.json" : "scenario.json";
  return {
    label: `plugin: ${setup.label}`,
    files: { ...setup.files, [name]: JSON.stringify(scenario, null, 1) },
    ...(setup.links === undefined ? {} : { links: setup.links }),
    directories: [...(setup.inSubdirectory === true ? ["s"] : []), ...(setup.directories ?? [])],
    ...(setup.fifos === undefined ? {} : { fifos: setup.fifos }),
    scenario: name,
  };
});

/** Every kind of bad input, weighted towards the field-by-field ones. */
export const hostileCase: fc.Arbitrary<HostileCase> = fc.oneof(
  { arbitrary: badNumberCase, weight: 10 },
  { arbitrary: badTextCase, weight: 3 },
  { arbitrary: crossFieldCase, weight: 5 },
  { arbitrary: structureCase, weight: 2 },
  { arbitrary: fileCase, weight: 2 },
  { arbitrary: traceFileCase, weight: 2 },
  { arbitrary: customTopologyCase, weight: 5 },
  { arbitrary: pluginCase, weight: 3 },
);

/** The valid bases, for tests that check they run (so a failing case fails for its one change). */
export const validBases = (): Array<{ name: string; files: Record<string, string> }> =>
  baseNames.map((base) => ({ name: base, files: scenarioFiles(base, BASES[base], false).files }));
