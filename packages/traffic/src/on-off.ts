import { formatValue } from "@losslab/core";
import { us } from "@losslab/engine";
import { checkValues, type InputOf, KindError } from "@losslab/kinds";
import { checkObject, checkWindow } from "./check-spec.js";
import { defineGenerator } from "./generator-definition.js";
import { openScope } from "./run-scope.js";
import { hostId, meanUs, nonEmptyText, startUsParameter, stopUsParameter, streamName } from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** One (source, destination) pair of an ON/OFF generator. */
export interface OnOffPair {
  readonly source: string;
  readonly destination: string;
  /** Group of the pair's flows, for metrics (default: the generator's `group`). */
  readonly group?: string;
}

/** The fields of a pair. */
const pairParameters = {
  source: { ...hostId, description: "the pair's source host" },
  destination: { ...hostId, description: "the pair's destination host" },
  group: { ...nonEmptyText, optional: true, description: "group of the pair's flows (default: the generator's)" },
} as const;

/**
 * How a pair begins at `startUs`:
 * - `random` (default): ON with probability meanOn / (meanOn + meanOff), the stationary
 *   probability, for the rest of an exponential period (memoryless: the residual of an
 *   exponential period is exponential with the same mean). The process is stationary from
 *   the first instant, and the pairs do not all arrive at once.
 * - `on`: every pair starts a flow at `startUs`.
 * - `off`: every pair begins with an OFF period.
 */
export type OnOffInitialPhase = "random" | "on" | "off";

const onOffParameters = {
  name: streamName("on-off"),
  pairs: {
    type: "list",
    items: { type: "json", shape: "object", description: "{ source, destination, group? }" },
    minItems: 1,
    description: "the (source, destination) pairs, distinct; each runs its own ON/OFF process",
  },
  meanOnUs: { ...meanUs, description: "mean ON period, us" },
  meanOffUs: {
    ...meanUs,
    optional: true,
    description: "mean OFF period, us (default: meanOnUs, santos-2002 sec. 6.3.2)",
  },
  initialPhase: {
    type: "choice",
    values: ["random", "on", "off"],
    default: "random",
    description: "random: ON with probability meanOn / (meanOn + meanOff), stationary; on; off",
  },
  group: { ...nonEmptyText, default: "dynamic", description: "group of the flows of pairs that name none" },
  startUs: startUsParameter,
  stopUs: {
    ...stopUsParameter,
    description: "when the processes end: a flow ON then departs (default: the end of the run)",
  },
} as const;

/** Parameters of the ON/OFF generator (santos-2002 sec. 6.3.2); see the README's table. */
export type OnOffOptions = Omit<InputOf<typeof onOffParameters>, "pairs" | "initialPhase"> & {
  readonly pairs: readonly OnOffPair[];
  readonly initialPhase?: OnOffInitialPhase;
};

/** Scenario spec of the ON/OFF generator. */
export interface OnOffSpec extends OnOffOptions {
  readonly kind: "on-off";
}

/**
 * Dynamic flows (santos-2002 sec. 6.3.2, Fig. 8): "an ON-OFF process determines the arrival
 * and departure of dynamic flows for a (source, destination) pair. A new flow arrives at the
 * source at the start of an ON period and departs at the start of the OFF period. The ON and
 * OFF times are exponentially distributed". Each ON period starts a greedy flow
 * (`sink.startFlow`); the next OFF period stops it (`sink.stopFlow`).
 *
 * Each pair draws from its own stream, `traffic/<name>/<source>-><destination>`: first the
 * initial phase (when `random`), then its periods in order, so adding a pair never changes
 * another's. Persistent congestion state across a pair's flows (sec. 6.3.2) is the sink's
 * business: it sees the same (source, destination) in every `startFlow`.
 *
 * @example
 * onOff({ pairs: [{ source: "B1", destination: "BC" }], meanOnUs: 500 }); // Fig. 8: equal means
 */
export function onOff(value: OnOffOptions, path = "traffic"): TrafficGenerator {
  const {
    name,
    group: defaultGroup,
    meanOnUs,
    meanOffUs = meanOnUs,
    initialPhase,
    startUs,
    stopUs,
    ...checked
  } = checkValues(path, "on-off", onOffParameters, value);
  const pairs = checked.pairs.map((item, index) => {
    const field = `${path}.pairs[${index}]`;
    const { source, destination, group = defaultGroup } = checkObject(item, field, "an ON/OFF pair", pairParameters);
    if (source === destination) {
      throw new KindError(field, `${field}: source and destination are both ${formatValue(source)}`);
    }
    return { source, destination, group, field };
  });
  const seen = new Map<string, string>();
  for (const pair of pairs) {
    const key = `${pair.source}->${pair.destination}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new KindError(pair.field, `${pair.field}: pair ${key} is already ${first}; each pair runs one process`);
    }
    seen.set(key, pair.field);
  }
  checkWindow(startUs, stopUs, path);
  // Means in picoseconds, unrounded: period ends accumulate as reals and round when scheduled.
  const meanOn = us(1) * meanOnUs;
  const meanOff = us(1) * meanOffUs;
  const onProbability = meanOn / (meanOn + meanOff);

  return {
    kind: "on-off",
    name,
    start(context) {
      const scope = openScope(context, name, { startUs, stopUs });
      for (const pair of pairs) {
        scope.checkHost(pair.source, `${pair.field}.source`);
        scope.checkHost(pair.destination, `${pair.field}.destination`);
      }
      const { engine, sink } = scope;
      for (const { source, destination, group } of pairs) {
        const stream = scope.stream(`${source}->${destination}`);
        let on = initialPhase === "random" ? stream.next() < onProbability : initialPhase === "on";
        let time: number = scope.start;
        let flow: number | undefined;
        // Nothing is scheduled at or after the scope's end, so the stop event below is last.
        const schedule = (): void => {
          const at = Math.round(time);
          if (at < scope.end) engine.at(at, toggle);
        };
        // The period that begins now: ON starts a flow, OFF stops it; then draw its length.
        const toggle = (): void => {
          if (on) flow = sink.startFlow({ source, destination, group });
          else if (flow !== undefined) {
            sink.stopFlow(flow);
            flow = undefined;
          }
          time += stream.exponential(on ? meanOn : meanOff);
          on = !on;
          schedule();
        };
        if (on) schedule();
        else {
          time += stream.exponential(meanOff);
          on = true;
          schedule();
        }
        if (scope.stop !== undefined) {
          engine.at(scope.stop, () => {
            if (flow !== undefined) sink.stopFlow(flow);
            flow = undefined;
          });
        }
      }
    },
  };
}

/** Registry entry (create-generator.ts). */
export const onOffDefinition = defineGenerator({
  kind: "on-off",
  description:
    "per (source, destination) pair, a greedy flow arrives at each ON start and departs at the next OFF start; exponential periods (santos-2002 sec. 6.3.2)",
  parameters: onOffParameters,
  create: (values, { path }) => onOff(values as OnOffOptions, path),
});
