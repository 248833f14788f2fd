import { us } from "@losslab/engine";
import { checkValues, type InputOf, KindError } from "@losslab/kinds";
import { defineGenerator } from "./generator-definition.js";
import { openScope } from "./run-scope.js";
import { type LocatedEntry, readTraceCsv, readTraceJson, type TraceEntry } from "./trace-format.js";
import { nonEmptyText, streamName, timeUs } from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

const traceParameters = {
  name: streamName("trace"),
  csv: { type: "text", optional: true, description: "a CSV trace's text (exactly one of csv, entries)" },
  entries: {
    type: "json",
    shape: "list",
    optional: true,
    description: "a JSON trace: [{ timeUs, source, destination, bytes, group? }]",
  },
  group: { ...nonEmptyText, default: "trace", description: "group of entries that name none" },
  startUs: { ...timeUs, default: 0, description: "offset added to every entry's time, us" },
} as const;

/** Parameters of the trace replay: exactly one of `csv` (the text of a CSV trace) or `entries` (a JSON trace). */
export type TraceReplayOptions = Omit<InputOf<typeof traceParameters>, "entries"> & {
  readonly entries?: readonly TraceEntry[];
};

/** Scenario spec of the trace replay. */
export interface TraceReplaySpec extends TraceReplayOptions {
  readonly kind: "trace";
}

/**
 * Replays a trace (ferrer-2012 sec. 5.1 evaluates MVCM on application traces too): at
 * `startUs + timeUs` each entry's source hands one message of `bytes` for its destination
 * to the sink, with the entry's group. Entries are replayed in time order; entries with equal
 * times keep the trace's order. Entries at or after the end of the simulation are dropped.
 * The trace is parsed and checked when the generator is built; its hosts at `start`, with
 * errors naming the line or entry. Draws no random numbers.
 *
 * @example
 * traceReplay({ csv: readFileSync("examples/trace-example.csv", "utf8") });
 */
export function traceReplay(value: TraceReplayOptions, path = "traffic"): TrafficGenerator {
  const { name, group, startUs, csv, entries } = checkValues(path, "trace", traceParameters, value);
  if ((csv === undefined) === (entries === undefined)) {
    throw new KindError(
      path,
      `${path} must have exactly one of "csv" (a CSV trace's text) or "entries" (a JSON trace), got ${csv === undefined ? "neither" : "both"}`,
    );
  }
  const located: LocatedEntry[] =
    csv !== undefined ? readTraceCsv(csv, `${path}.csv`) : readTraceJson(entries, `${path}.entries`);
  return replayEntries("trace", name, located, group, startUs);
}

/**
 * The generator that replays `located` entries (sorted here) from `startUs`, as `traceReplay`
 * describes: the replay shared by every kind that reads messages from a file (a trace, an
 * htsim connection matrix, an ns-3 flow file). Internal.
 */
export function replayEntries(
  kind: string,
  name: string,
  located: readonly LocatedEntry[],
  group: string,
  startUs: number | undefined,
): TrafficGenerator {
  // Stable: equal times keep the trace's order.
  const ordered = located
    .map((item, index) => ({ item, index, offset: us(item.entry.timeUs) }))
    .sort((a, b) => a.offset - b.offset || a.index - b.index)
    .map(({ item, offset }) => ({ ...item, offset }));

  return {
    kind,
    name,
    start(context) {
      const scope = openScope(context, name, { startUs });
      for (const { entry, fieldOf } of ordered) {
        scope.checkHost(entry.source, fieldOf("source"));
        scope.checkHost(entry.destination, fieldOf("destination"));
      }
      const { engine, sink } = scope;
      const origin = scope.start;
      let next = 0;
      const schedule = (): void => {
        const item = ordered[next];
        if (item !== undefined && origin + item.offset < scope.end) engine.at(origin + item.offset, send);
      };
      const send = (): void => {
        const { entry } = ordered[next++] as (typeof ordered)[number];
        sink.sendMessage({
          source: entry.source,
          destination: entry.destination,
          group: entry.group ?? group,
          bytes: entry.bytes,
        });
        schedule();
      };
      schedule();
    },
  };
}

/** Registry entry (create-generator.ts). */
export const traceReplayDefinition = defineGenerator({
  kind: "trace",
  description: "replays a CSV or JSON trace of messages (ferrer-2012 sec. 5.1, traces)",
  parameters: traceParameters,
  create: (values, { path }) => traceReplay(values as TraceReplayOptions, path),
});
