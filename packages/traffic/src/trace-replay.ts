import { us } from "@losslab/engine";
import { onlyFields, optionalText, optionalTime, specObject } from "./check-spec.js";
import { type GeneratorDefinition, withoutKind } from "./generator-definition.js";
import { openScope } from "./run-scope.js";
import { type LocatedEntry, readTraceCsv, readTraceJson, type TraceEntry } from "./trace-format.js";
import type { TrafficGenerator } from "./traffic-sink.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** Parameters of the trace replay: exactly one of `csv` (the text of a CSV trace) or `entries` (a JSON trace). */
export interface TraceReplayOptions {
  /** The generator's name (default "trace"); a replay draws no random numbers. */
  readonly name?: string;
  /** A CSV trace's text (see `parseTraceCsv`). */
  readonly csv?: string;
  /** A JSON trace: an array of `{ timeUs, source, destination, bytes, group? }`. */
  readonly entries?: readonly TraceEntry[];
  /** Group of entries that name none (default "trace"). */
  readonly group?: string;
  /** Offset added to every entry's time (default 0). */
  readonly startUs?: number;
}

/** Scenario spec of the trace replay. */
export interface TraceReplaySpec extends TraceReplayOptions {
  readonly kind: "trace";
}

const parameters = ["name", "csv", "entries", "group", "startUs"] as const;

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
  const options = specObject(value, path);
  onlyFields(options, path, parameters, 'kind "trace"');
  const name = optionalText(options.name, `${path}.name`, "a generator name", "trace");
  const group = optionalText(options.group, `${path}.group`, "a group name", "trace");
  const startUs = optionalTime(options.startUs, `${path}.startUs`, 0) as number;
  if ((options.csv === undefined) === (options.entries === undefined)) {
    throw new TrafficSpecError(
      path,
      `${path} must have exactly one of "csv" (a CSV trace's text) or "entries" (a JSON trace), got ${options.csv === undefined ? "neither" : "both"}`,
    );
  }
  let located: LocatedEntry[];
  if (options.csv !== undefined) {
    if (typeof options.csv !== "string") {
      throw new TrafficSpecError(
        `${path}.csv`,
        `${path}.csv must be the text of a CSV trace, got a ${typeof options.csv}`,
      );
    }
    located = readTraceCsv(options.csv, `${path}.csv`);
  } else {
    located = readTraceJson(options.entries, `${path}.entries`);
  }
  // Stable: equal times keep the trace's order.
  const ordered = located
    .map((item, index) => ({ item, index, offset: us(item.entry.timeUs) }))
    .sort((a, b) => a.offset - b.offset || a.index - b.index)
    .map(({ item, offset }) => ({ ...item, offset }));

  return {
    kind: "trace",
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
export const traceReplayDefinition: GeneratorDefinition<TraceReplaySpec> = {
  kind: "trace",
  parameters,
  create: (spec, path) => traceReplay(withoutKind(spec), path),
};
