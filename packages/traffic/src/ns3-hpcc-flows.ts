/**
 * The HPCC artifact's ns-3 flow file (simulation/mix/flow.txt, read by ReadFlowInput in
 * simulation/scratch/third.cc) and the `ns3-hpcc-flows` traffic kind that replays one. The
 * file is a stream of whitespace-separated words, as ns-3 reads it: the flow count, then per
 * flow
 *
 *     <src> <dst> <priority group> <destination port> <size, bytes> <start time, s>
 *
 * in ascending start time. Only the first `count` flows are read, as ns-3 reads them: the
 * artifact's own example announces 2 flows and has 263 lines.
 */
import { formatValue, KindError, tokenLines, WordReader } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES, MAX_SPEC_TIME_US } from "./check-spec.js";
import { defineGenerator } from "./generator-definition.js";
import type { LocatedEntry, TraceEntry } from "./trace-format.js";
import { replayEntries } from "./trace-replay.js";
import { nonEmptyText, startUsParameter, streamName } from "./traffic-parameters.js";

/** One flow of the file, as a trace entry: host ids `H<node id>`. */
export interface Ns3Flow extends TraceEntry {
  /** The line its source is on. */
  readonly line: number;
  /** ns-3's node ids. */
  readonly sourceNode: number;
  readonly destinationNode: number;
  /** Its priority group (`pg`, 3 in the artifact's files): dropped, one class carries everything. */
  readonly priorityGroup: number;
}

/** A parsed flow file. */
export interface Ns3Flows {
  readonly flows: readonly Ns3Flow[];
  /** The first line after the counted flows that still has words (ns-3 never reads them), if any. */
  readonly ignoredFrom?: number;
}

const DECIMAL = /^\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses an ns-3 flow file (see the module comment). Errors are `KindError`s naming `origin`,
 * the line and the field: `flow.txt line 4, field size: must be an integer number of bytes
 * from 1 to ..., got "0"`.
 *
 * @example
 * parseNs3Flows("1\n2 1 3 100 200000 2\n").flows[0];
 * // { timeUs: 2000000, source: "H2", destination: "H1", bytes: 200000, line: 2, ... }
 */
export function parseNs3Flows(text: string, origin = "flow.txt"): Ns3Flows {
  const reader = new WordReader(tokenLines(text), origin);
  const count = reader.integer("flow count", 0, 2 ** 32 - 1).value;
  const flows: Ns3Flow[] = [];
  for (let i = 0; i < count; i++) {
    const source = reader.integer("src", 0, 2 ** 32 - 1);
    const destination = reader.integer("dst", 0, 2 ** 32 - 1);
    if (destination.value === source.value) {
      throw reader.bad(destination.line, "dst", `a node other than src ${source.value}`, String(destination.value));
    }
    const priorityGroup = reader.integer("pg", 0, 7).value;
    reader.integer("dport", 0, 65535);
    const bytes = reader.integer("size", 1, MAX_MESSAGE_BYTES).value;
    const start = reader.word("start_time");
    const seconds = Number(start.text);
    if (!DECIMAL.test(start.text) || !(seconds * 1e6 <= MAX_SPEC_TIME_US)) {
      throw reader.bad(start.line, "start_time", `a time in seconds from 0 to ${MAX_SPEC_TIME_US / 1e6}`, start.text);
    }
    const timeUs = seconds * 1e6;
    const previous = flows[flows.length - 1];
    if (previous !== undefined && timeUs < previous.timeUs) {
      const where = `${origin} line ${start.line}, field start_time`;
      throw new KindError(
        where,
        `${where}: ${formatValue(start.text)} is before the previous flow's start (line ${previous.line}); ns-3 needs the flows in ascending start time`,
      );
    }
    flows.push({
      line: source.line,
      timeUs,
      source: `H${source.value}`,
      destination: `H${destination.value}`,
      bytes,
      sourceNode: source.value,
      destinationNode: destination.value,
      priorityGroup,
    });
  }
  const ignored = reader.rest()[0];
  return ignored === undefined ? { flows } : { flows, ignoredFrom: ignored.line };
}

/**
 * Registry entry (create-generator.ts): `{ kind: "ns3-hpcc-flows", text }`, an HPCC artifact
 * flow file replayed as a trace: at its start time each flow's source hands its bytes for its
 * destination to its adapter; node id n is host `H<n>` (the `ns3-hpcc` topology's names).
 * The priority group and destination port are dropped (docs/formats.md).
 */
export const ns3HpccFlowsDefinition = defineGenerator({
  kind: "ns3-hpcc-flows",
  description:
    "replays the HPCC artifact's ns-3 flow file (mix/flow.txt): each flow a message at its start time; node n is host H<n>",
  parameters: {
    name: streamName("ns3-hpcc-flows"),
    text: {
      type: "text",
      description: "the file's text (in a scenario file, `file: flow.txt` instead: the CLI reads it)",
    },
    group: { ...nonEmptyText, default: "ns3", description: "group of its flows, for metrics" },
    startUs: startUsParameter,
  },
  create: ({ name, text, group, startUs }, { path }) => {
    const origin = `${path}.text`;
    const located: LocatedEntry[] = parseNs3Flows(text, origin).flows.map((flow) => ({
      entry: flow,
      fieldOf: (column) => `${origin} line ${flow.line}, field ${column === "source" ? "src" : "dst"}`,
    }));
    return replayEntries("ns3-hpcc-flows", name, located, group, startUs);
  },
});
