/** Every error message: bad parameters name the field and what is allowed; unknown hosts list the known ones. */
import { Engine, ms } from "@losslab/engine";
import { errorOf } from "@losslab/test-kit/errors";
import { santosHosts, TrafficRecorder } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import {
  bernoulli,
  createGenerator,
  type GeneratorSpec,
  hotSpot,
  KindError,
  onOff,
  parseTraceCsv,
  parseTraceJson,
  poisson,
  startGenerators,
  type TrafficGenerator,
  traceReplay,
} from "../src/index.js";

function start(generator: TrafficGenerator, hosts: readonly string[] = santosHosts, bandwidth = 1e9): void {
  const engine = new Engine();
  generator.start({ engine, sink: new TrafficRecorder(engine), hosts, linkBandwidth: () => bandwidth, endTime: ms(1) });
}

const pairs = [{ source: "B1", destination: "BC" }];
const fixed = { kind: "fixed", bytes: 2048 } as const;
const uniform = { kind: "uniform" } as const;
const message = { load: 0.5, size: fixed, destinations: uniform };
const hot = {
  sources: ["A1"],
  destination: "BC",
  messages: 10,
  load: 0.5,
  size: fixed,
  trigger: { atUs: 1 },
};
const KNOWN = "known hosts: A1, A2, AV, B1, B2, BC, BV";

/** [what, thunk, field, message] */
const cases: [string, () => unknown, string, string][] = [
  // registry
  [
    "unknown kind",
    () => createGenerator({ kind: "foo" } as never),
    "traffic.kind",
    'traffic.kind: unknown "foo"; allowed: on-off, bernoulli, poisson, hot-spot, trace, incast, flow-graph, ring-allreduce, halving-doubling-allreduce, all-to-all, pipeline, htsim-matrix, ns3-hpcc-flows',
  ],
  [
    "a typo in a kind",
    () => createGenerator({ kind: "on-of" } as never),
    "traffic.kind",
    'traffic.kind: unknown "on-of" (did you mean "on-off"?); allowed: on-off, bernoulli, poisson, hot-spot, trace, incast, flow-graph, ring-allreduce, halving-doubling-allreduce, all-to-all, pipeline, htsim-matrix, ns3-hpcc-flows',
  ],
  [
    "missing kind",
    () => createGenerator({} as never),
    "traffic.kind",
    "traffic.kind is missing; allowed: on-off, bernoulli, poisson, hot-spot, trace, incast, flow-graph, ring-allreduce, halving-doubling-allreduce, all-to-all, pipeline, htsim-matrix, ns3-hpcc-flows",
  ],
  [
    "spec not an object",
    () => createGenerator(null as never),
    "traffic",
    'traffic must be an object with a "kind" field, got null',
  ],
  [
    "path prefix",
    () => createGenerator({ kind: "poisson", ...message, load: 2 }, "traffic[3]"),
    "traffic[3].load",
    "traffic[3].load must be a number > 0 and <= 1, got 2",
  ],
  [
    "unknown field",
    () => createGenerator({ kind: "bernoulli", ...message, rate: 1 } as never),
    "traffic.rate",
    'traffic.rate: unknown field for kind "bernoulli"; allowed: kind, name, sources, destinations, size, load, group, startUs, stopUs',
  ],
  // on-off
  [
    "zero mean ON",
    () => onOff({ pairs, meanOnUs: 0 }),
    "traffic.meanOnUs",
    "traffic.meanOnUs must be a number >= 0.000001 and <= 1000000000, got 0",
  ],
  [
    "negative mean OFF",
    () => onOff({ pairs, meanOnUs: 1, meanOffUs: -5 }),
    "traffic.meanOffUs",
    "traffic.meanOffUs must be a number >= 0.000001 and <= 1000000000, got -5",
  ],
  [
    "missing mean ON",
    () => onOff({ pairs } as never),
    "traffic.meanOnUs",
    "traffic.meanOnUs is missing: give a number >= 0.000001 and <= 1000000000 (mean ON period, us)",
  ],
  [
    "NaN mean ON",
    () => onOff({ pairs, meanOnUs: Number.NaN }),
    "traffic.meanOnUs",
    "traffic.meanOnUs must be a number >= 0.000001 and <= 1000000000, got NaN",
  ],
  [
    "mean as a string",
    () => onOff({ pairs, meanOnUs: "5" as never }),
    "traffic.meanOnUs",
    'traffic.meanOnUs must be a number >= 0.000001 and <= 1000000000, got "5"',
  ],
  [
    "no pairs",
    () => onOff({ pairs: [], meanOnUs: 1 }),
    "traffic.pairs",
    "traffic.pairs must be a list of at least 1 items, each an object, got an array",
  ],
  [
    "missing pairs",
    () => onOff({ meanOnUs: 1 } as never),
    "traffic.pairs",
    "traffic.pairs is missing: give a list of at least 1 items, each an object (the (source, destination) pairs, distinct; each runs its own ON/OFF process)",
  ],
  [
    "pair not an object",
    () => onOff({ pairs: ["B1"] as never, meanOnUs: 1 }),
    "traffic.pairs[0]",
    'traffic.pairs[0] must be an object, got "B1"',
  ],
  [
    "pair unknown field",
    () => onOff({ pairs: [{ source: "B1", destination: "BC", to: 1 }] as never, meanOnUs: 1 }),
    "traffic.pairs[0].to",
    "traffic.pairs[0].to: unknown field for an ON/OFF pair; allowed: source, destination, group",
  ],
  [
    "pair missing source",
    () => onOff({ pairs: [{ destination: "BC" }] as never, meanOnUs: 1 }),
    "traffic.pairs[0].source",
    "traffic.pairs[0].source is missing: give a non-empty string of at most 200 characters (the pair's source host)",
  ],
  [
    "pair to itself",
    () => onOff({ pairs: [{ source: "B1", destination: "B1" }], meanOnUs: 1 }),
    "traffic.pairs[0]",
    'traffic.pairs[0]: source and destination are both "B1"',
  ],
  [
    "duplicate pair",
    () => onOff({ pairs: [...pairs, ...pairs], meanOnUs: 1 }),
    "traffic.pairs[1]",
    "traffic.pairs[1]: pair B1->BC is already traffic.pairs[0]; each pair runs one process",
  ],
  [
    "bad initial phase",
    () => onOff({ pairs, meanOnUs: 1, initialPhase: "up" as never }),
    "traffic.initialPhase",
    'traffic.initialPhase must be one of "random", "on", "off", got "up"',
  ],
  [
    "empty group",
    () => onOff({ pairs, meanOnUs: 1, group: "" }),
    "traffic.group",
    'traffic.group must be a non-empty string of at most 200 characters, got ""',
  ],
  [
    "negative start",
    () => onOff({ pairs, meanOnUs: 1, startUs: -1 }),
    "traffic.startUs",
    "traffic.startUs must be a number >= 0 and <= 1000000000, got -1",
  ],
  [
    "start beyond 1,000 s",
    () => onOff({ pairs, meanOnUs: 1, startUs: 1e300 }),
    "traffic.startUs",
    "traffic.startUs must be a number >= 0 and <= 1000000000, got 1e+300",
  ],
  [
    "mean ON below a picosecond",
    () => onOff({ pairs, meanOnUs: 5e-324 }),
    "traffic.meanOnUs",
    "traffic.meanOnUs must be a number >= 0.000001 and <= 1000000000, got 5e-324",
  ],
  [
    "stop before start",
    () => onOff({ pairs, meanOnUs: 1, startUs: 10, stopUs: 10 }),
    "traffic.stopUs",
    "traffic.stopUs must be after startUs (10 us), got 10",
  ],
  [
    "on-off unknown source host",
    () => start(onOff({ pairs: [{ source: "B9", destination: "BC" }], meanOnUs: 1 })),
    "traffic.pairs[0].source",
    `traffic.pairs[0].source: unknown host "B9"; ${KNOWN}`,
  ],
  [
    "on-off unknown destination host",
    () => start(onOff({ pairs: [{ source: "B1", destination: "X" }], meanOnUs: 1 })),
    "traffic.pairs[0].destination",
    `traffic.pairs[0].destination: unknown host "X"; ${KNOWN}`,
  ],
  // bernoulli / poisson
  [
    "load above 1",
    () => bernoulli({ ...message, load: 1.5 }),
    "traffic.load",
    "traffic.load must be a number > 0 and <= 1, got 1.5",
  ],
  [
    "load 0",
    () => poisson({ ...message, load: 0 }),
    "traffic.load",
    "traffic.load must be a number > 0 and <= 1, got 0",
  ],
  [
    "negative load",
    () => poisson({ ...message, load: -0.1 }),
    "traffic.load",
    "traffic.load must be a number > 0 and <= 1, got -0.1",
  ],
  [
    "missing load",
    () => poisson({ size: fixed, destinations: uniform } as never),
    "traffic.load",
    "traffic.load is missing: give a number > 0 and <= 1 (offered load per source: a fraction of its link bandwidth)",
  ],
  [
    "missing size",
    () => poisson({ load: 1, destinations: uniform } as never),
    "traffic.size",
    'traffic.size is missing: give a size spec, an object with a "kind" (how big each message is)',
  ],
  [
    "unknown size kind",
    () => poisson({ ...message, size: { kind: "pareto" } as never }),
    "traffic.size.kind",
    'traffic.size.kind: unknown "pareto"; allowed: fixed, uniform, cdf',
  ],
  [
    "size unknown field",
    () => poisson({ ...message, size: { kind: "fixed", bytes: 1, mean: 2 } as never }),
    "traffic.size.mean",
    'traffic.size.mean: unknown field for kind "fixed"; allowed: kind, bytes',
  ],
  [
    "zero bytes",
    () => poisson({ ...message, size: { kind: "fixed", bytes: 0 } }),
    "traffic.size.bytes",
    "traffic.size.bytes must be an integer from 1 to 1073741824, got 0",
  ],
  [
    "a terabyte message",
    () => poisson({ ...message, size: { kind: "fixed", bytes: 1e12 } }),
    "traffic.size.bytes",
    "traffic.size.bytes must be an integer from 1 to 1073741824, got 1000000000000",
  ],
  [
    "fractional bytes",
    () => poisson({ ...message, size: { kind: "uniform", minBytes: 1.5, maxBytes: 3 } }),
    "traffic.size.minBytes",
    "traffic.size.minBytes must be an integer from 1 to 1073741824, got 1.5",
  ],
  [
    "max below min",
    () => poisson({ ...message, size: { kind: "uniform", minBytes: 300, maxBytes: 200 } }),
    "traffic.size.maxBytes",
    "traffic.size.maxBytes must be >= minBytes (300), got 200",
  ],
  [
    "missing destinations",
    () => poisson({ load: 1, size: fixed } as never),
    "traffic.destinations",
    'traffic.destinations is missing: give a destination spec, an object with a "kind" (where each message goes)',
  ],
  [
    "unknown destination kind",
    () => poisson({ ...message, destinations: { kind: "tornado" } as never }),
    "traffic.destinations.kind",
    'traffic.destinations.kind: unknown "tornado"; allowed: uniform, permutation, fixed, group-shift',
  ],
  [
    "destination unknown field",
    () => poisson({ ...message, destinations: { kind: "uniform", destination: "BC" } as never }),
    "traffic.destinations.destination",
    'traffic.destinations.destination: unknown field for kind "uniform"; allowed: kind, hosts',
  ],
  [
    "fixed without destination",
    () => poisson({ ...message, destinations: { kind: "fixed" } as never }),
    "traffic.destinations.destination",
    "traffic.destinations.destination is missing: give a non-empty string of at most 200 characters (the host every message goes to)",
  ],
  [
    "empty sources",
    () => poisson({ ...message, sources: [] }),
    "traffic.sources",
    "traffic.sources must be a list of 1 to 65536 items, each a non-empty string of at most 200 characters, got an array",
  ],
  [
    "duplicate source",
    () => poisson({ ...message, sources: ["A1", "A1"] }),
    "traffic.sources[1]",
    'traffic.sources[1]: "A1" is listed twice',
  ],
  [
    "unknown source host",
    () => start(poisson({ ...message, sources: ["A1", "Q7"] })),
    "traffic.sources[1]",
    `traffic.sources[1]: unknown host "Q7"; ${KNOWN}`,
  ],
  [
    "unknown uniform host",
    () => start(poisson({ ...message, destinations: { kind: "uniform", hosts: ["BC", "Z"] } })),
    "traffic.destinations.hosts[1]",
    `traffic.destinations.hosts[1]: unknown host "Z"; ${KNOWN}`,
  ],
  [
    "unknown fixed destination",
    () => start(poisson({ ...message, destinations: { kind: "fixed", destination: "CC" } })),
    "traffic.destinations.destination",
    `traffic.destinations.destination: unknown host "CC"; ${KNOWN}`,
  ],
  [
    "uniform with no other host",
    () => start(poisson({ ...message, sources: ["BC"], destinations: { kind: "uniform", hosts: ["BC"] } })),
    "traffic.sources[0]",
    'traffic.sources[0]: source "BC" has no uniform destination other than itself (traffic.destinations.hosts)',
  ],
  [
    "fixed destination is a default source",
    () => start(poisson({ ...message, destinations: { kind: "fixed", destination: "BC" } })),
    "traffic.sources",
    'traffic.sources: source "BC" is also traffic.destinations.destination; a host never sends to itself',
  ],
  [
    "permutation of one host",
    () => start(poisson({ ...message, sources: ["A1"], destinations: { kind: "permutation", hosts: ["A1"] } })),
    "traffic.destinations.hosts",
    "traffic.destinations.hosts: a permutation without fixed points needs at least 2 hosts, got 1",
  ],
  [
    "source outside the permutation",
    () =>
      start(poisson({ ...message, sources: ["A1", "B1"], destinations: { kind: "permutation", hosts: ["A1", "A2"] } })),
    "traffic.sources[1]",
    'traffic.sources[1]: source "B1" is not one of the permutation\'s hosts (traffic.destinations.hosts)',
  ],
  [
    "a long host list is cut",
    () =>
      start(
        poisson({ ...message, sources: ["nope"] }),
        Array.from({ length: 30 }, (_, i) => `H${i}`),
      ),
    "traffic.sources[0]",
    `traffic.sources[0]: unknown host "nope"; known hosts: ${Array.from({ length: 20 }, (_, i) => `H${i}`).join(", ")}, ... (30 hosts)`,
  ],
  // hot-spot
  [
    "hot-spot without sources",
    () => hotSpot({ ...hot, sources: undefined } as never),
    "traffic.sources",
    "traffic.sources is missing: give a list of 1 to 65536 items, each a non-empty string of at most 200 characters (the hot sources, idle until the trigger)",
  ],
  [
    "hot-spot zero messages",
    () => hotSpot({ ...hot, messages: 0 }),
    "traffic.messages",
    "traffic.messages must be an integer from 1 to 9007199254740991, got 0",
  ],
  [
    "hot-spot load above 1",
    () => hotSpot({ ...hot, load: 1.01 }),
    "traffic.load",
    "traffic.load must be a number > 0 and <= 1, got 1.01",
  ],
  [
    "hot-spot bad process",
    () => hotSpot({ ...hot, process: "bursty" as never }),
    "traffic.process",
    'traffic.process must be one of "bernoulli", "poisson", "periodic", got "bursty"',
  ],
  [
    "hot-spot missing trigger",
    () => hotSpot({ ...hot, trigger: undefined } as never),
    "traffic.trigger",
    'traffic.trigger is missing: give an object (when the sources start: { "atUs": t }, or { "deliveredPackets": n } delivered network-wide)',
  ],
  [
    "hot-spot empty trigger",
    () => hotSpot({ ...hot, trigger: {} as never }),
    "traffic.trigger",
    'traffic.trigger must have exactly one of "atUs" (a time) or "deliveredPackets" (a count), got neither',
  ],
  [
    "hot-spot two triggers",
    () => hotSpot({ ...hot, trigger: { atUs: 1, deliveredPackets: 5 } as never }),
    "traffic.trigger",
    'traffic.trigger must have exactly one of "atUs" (a time) or "deliveredPackets" (a count), got both',
  ],
  [
    "hot-spot trigger unknown field",
    () => hotSpot({ ...hot, trigger: { afterUs: 1 } as never }),
    "traffic.trigger.afterUs",
    "traffic.trigger.afterUs: unknown field for a hot-spot trigger; allowed: atUs, deliveredPackets",
  ],
  [
    "hot-spot negative time",
    () => hotSpot({ ...hot, trigger: { atUs: -3 } }),
    "traffic.trigger.atUs",
    "traffic.trigger.atUs must be a number >= 0 and <= 1000000000, got -3",
  ],
  [
    "hot-spot zero delivered",
    () => hotSpot({ ...hot, trigger: { deliveredPackets: 0 } }),
    "traffic.trigger.deliveredPackets",
    "traffic.trigger.deliveredPackets must be an integer from 1 to 9007199254740991, got 0",
  ],
  [
    "hot-spot unknown destination",
    () => start(hotSpot({ ...hot, destination: "HS" })),
    "traffic.destination",
    `traffic.destination: unknown host "HS"; ${KNOWN}`,
  ],
  [
    "hot-spot unknown source",
    () => start(hotSpot({ ...hot, sources: ["A1", "A9"] })),
    "traffic.sources[1]",
    `traffic.sources[1]: unknown host "A9"; ${KNOWN}`,
  ],
  [
    "hot-spot source is the hot spot",
    () => start(hotSpot({ ...hot, sources: ["A1", "BC"] })),
    "traffic.sources[1]",
    'traffic.sources[1]: source "BC" is also traffic.destination; a host never sends to itself',
  ],
  // context
  [
    "bad link bandwidth",
    () => start(poisson(message), santosHosts, 0),
    "context.linkBandwidth",
    'context.linkBandwidth("A1") must be a positive number of bytes per second, got 0',
  ],
  [
    "bad end time",
    () => {
      const engine = new Engine();
      poisson(message).start({
        engine,
        sink: new TrafficRecorder(engine),
        hosts: santosHosts,
        linkBandwidth: () => 1,
        endTime: -1,
      });
    },
    "context.endTime",
    "context.endTime must be a time in picoseconds >= 0, got -1",
  ],
  [
    "duplicate generator names",
    () => {
      const engine = new Engine();
      startGenerators([poisson(message), onOff({ pairs, meanOnUs: 1 }), poisson({ ...message, load: 0.1 })], {
        engine,
        sink: new TrafficRecorder(engine),
        hosts: santosHosts,
        linkBandwidth: () => 1e9,
        endTime: 1,
      });
    },
    "traffic[2].name",
    'traffic[2].name: "poisson" is also the name of traffic[0]; generators in one simulation need distinct names (they name the RNG streams)',
  ],
  // trace replay
  [
    "trace with neither",
    () => traceReplay({}),
    "traffic",
    'traffic must have exactly one of "csv" (a CSV trace\'s text) or "entries" (a JSON trace), got neither',
  ],
  [
    "trace with both",
    () => traceReplay({ csv: "", entries: [] }),
    "traffic",
    'traffic must have exactly one of "csv" (a CSV trace\'s text) or "entries" (a JSON trace), got both',
  ],
  ["trace csv not text", () => traceReplay({ csv: 5 as never }), "traffic.csv", "traffic.csv must be a string, got 5"],
  [
    "trace unknown host",
    () => start(traceReplay({ csv: "time_us,source,destination,bytes\n0,A1,BC,10\n1,A1,Q,10\n" })),
    "traffic.csv line 3, column destination",
    `traffic.csv line 3, column destination: unknown host "Q"; ${KNOWN}`,
  ],
  [
    "trace entry unknown host",
    () => start(traceReplay({ entries: [{ timeUs: 0, source: "X1", destination: "BC", bytes: 1 }] })),
    "traffic.entries[0].source",
    `traffic.entries[0].source: unknown host "X1"; ${KNOWN}`,
  ],
  [
    "trace spec error",
    () => createGenerator({ kind: "trace", csv: "time_us,source,destination,bytes\n1,A1,BC,-3\n" }),
    "traffic.csv line 2, column bytes",
    'traffic.csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "-3"',
  ],
  // CSV
  [
    "csv empty",
    () => parseTraceCsv("\n# only a comment\n"),
    "trace.csv",
    "trace.csv: no header; the first line must be time_us,source,destination,bytes (optionally ,group)",
  ],
  [
    "csv unknown column",
    () => parseTraceCsv("time_us,source,destination,bytes,size\n"),
    "trace.csv line 1",
    'trace.csv line 1: unknown column "size"; allowed: time_us, source, destination, bytes, group',
  ],
  [
    "csv duplicate column",
    () => parseTraceCsv("time_us,source,source,destination,bytes\n"),
    "trace.csv line 1",
    'trace.csv line 1: column "source" appears twice',
  ],
  [
    "csv missing column",
    () => parseTraceCsv("time_us,source,destination\n"),
    "trace.csv line 1",
    'trace.csv line 1: missing column "bytes"; the header must name time_us, source, destination, bytes (and optionally group)',
  ],
  [
    "csv field count",
    () => parseTraceCsv("time_us,source,destination,bytes\n\n1,A1,BC\n", "t.csv"),
    "t.csv line 3",
    "t.csv line 3: 3 fields, but the header (line 1) has 4",
  ],
  [
    "csv bad time",
    () => parseTraceCsv("time_us,source,destination,bytes\n-1,A1,BC,10\n"),
    "trace.csv line 2, column time_us",
    'trace.csv line 2, column time_us: must be a number of microseconds from 0 to 1000000000, got "-1"',
  ],
  [
    "csv time not a number",
    () => parseTraceCsv("time_us,source,destination,bytes\n0x10,A1,BC,10\n"),
    "trace.csv line 2, column time_us",
    'trace.csv line 2, column time_us: must be a number of microseconds from 0 to 1000000000, got "0x10"',
  ],
  [
    "csv empty source",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,,BC,10\n"),
    "trace.csv line 2, column source",
    'trace.csv line 2, column source: must be a host id, got ""',
  ],
  [
    "csv empty destination",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,A1,,10\n"),
    "trace.csv line 2, column destination",
    'trace.csv line 2, column destination: must be a host id, got ""',
  ],
  [
    "csv fractional bytes",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,A1,BC,2048.5\n"),
    "trace.csv line 2, column bytes",
    'trace.csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "2048.5"',
  ],
  [
    "csv time beyond 1,000 s",
    () => parseTraceCsv("time_us,source,destination,bytes\n1e300,A1,BC,10\n"),
    "trace.csv line 2, column time_us",
    'trace.csv line 2, column time_us: must be a number of microseconds from 0 to 1000000000, got "1e300"',
  ],
  [
    "csv message beyond 1 GiB",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,A1,BC,1000000000000\n"),
    "trace.csv line 2, column bytes",
    'trace.csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "1000000000000"',
  ],
  [
    "csv cell of 10 MB: 200 characters quoted",
    () => parseTraceCsv(`time_us,source,destination,bytes\n1,A1,BC,${"9".repeat(10 * 2 ** 20)}x\n`),
    "trace.csv line 2, column bytes",
    `trace.csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "${"9".repeat(200)}"... (10485761 characters)`,
  ],
  [
    "csv zero bytes",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,A1,BC,0\n"),
    "trace.csv line 2, column bytes",
    'trace.csv line 2, column bytes: must be an integer number of bytes from 1 to 1073741824, got "0"',
  ],
  [
    "csv to itself",
    () => parseTraceCsv("time_us,source,destination,bytes\n1,A1,A1,10\n"),
    "trace.csv line 2",
    'trace.csv line 2: source and destination are both "A1"',
  ],
  // JSON
  ["json invalid", () => parseTraceJson("[{", "t.json"), "t.json", "t.json: not valid JSON ("],
  [
    "json not an array",
    () => parseTraceJson({ timeUs: 1 }),
    "trace.json",
    "trace.json must be an array of { timeUs, source, destination, bytes, group? }, got an object",
  ],
  [
    "json entry not an object",
    () => parseTraceJson([5]),
    "trace.json[0]",
    "trace.json[0] must be an object { timeUs, source, destination, bytes, group? }, got 5",
  ],
  [
    "json unknown field",
    () => parseTraceJson([{ timeUs: 1, source: "A1", destination: "BC", bytes: 1, vl: 0 }]),
    "trace.json[0].vl",
    "trace.json[0].vl: unknown field for a trace entry; allowed: timeUs, source, destination, bytes, group",
  ],
  [
    "json missing time",
    () => parseTraceJson([{ source: "A1", destination: "BC", bytes: 1 }]),
    "trace.json[0].timeUs",
    "trace.json[0].timeUs is missing; it must be a number of microseconds from 0 to 1000000000",
  ],
  [
    "json bad bytes",
    () =>
      parseTraceJson([
        { timeUs: 0, source: "A1", destination: "BC", bytes: 1 },
        { timeUs: 1, source: "A1", destination: "BC", bytes: -3 },
      ]),
    "trace.json[1].bytes",
    "trace.json[1].bytes must be an integer number of bytes from 1 to 1073741824, got -3",
  ],
  [
    "json bad source",
    () => parseTraceJson([{ timeUs: 0, source: 7, destination: "BC", bytes: 1 }]),
    "trace.json[0].source",
    "trace.json[0].source must be a non-empty string (a host id), got 7",
  ],
  [
    "json empty group",
    () => parseTraceJson([{ timeUs: 0, source: "A1", destination: "BC", bytes: 1, group: "" }]),
    "trace.json[0].group",
    'trace.json[0].group must be a non-empty string (a group name), got ""',
  ],
  [
    "json to itself",
    () => parseTraceJson([{ timeUs: 0, source: "A1", destination: "A1", bytes: 1 }]),
    "trace.json[0]",
    'trace.json[0]: source and destination are both "A1"',
  ],
];

describe("error messages", () => {
  it.each(cases)("%s", (_what, thunk, field, text) => {
    const error = errorOf(KindError, thunk);
    expect(error.field).toBe(field);
    if (text.endsWith("(")) expect(error.message.startsWith(text)).toBe(true);
    else expect(error.message).toBe(text);
  });

  it("builds nothing from a spec the registry rejects (the types agree with the checks)", () => {
    const good: GeneratorSpec[] = [
      { kind: "on-off", pairs, meanOnUs: 1 },
      { kind: "bernoulli", ...message },
      { kind: "poisson", ...message, sources: ["A1"] },
      { kind: "hot-spot", ...hot },
      { kind: "trace", csv: "time_us,source,destination,bytes\n" },
    ];
    for (const spec of good) expect(() => start(createGenerator(spec))).not.toThrow();
  });
});
