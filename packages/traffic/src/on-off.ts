import { formatValue } from "@losslab/core";
import { us } from "@losslab/engine";
import {
  checkWindow,
  nonEmptyArray,
  oneOf,
  onlyFields,
  optionalText,
  optionalTime,
  positiveTime,
  specObject,
  text,
} from "./check-spec.js";
import { type GeneratorDefinition, withoutKind } from "./generator-definition.js";
import { openScope } from "./run-scope.js";
import type { TrafficGenerator } from "./traffic-sink.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** One (source, destination) pair of an ON/OFF generator. */
export interface OnOffPair {
  readonly source: string;
  readonly destination: string;
  /** Group of the pair's flows, for metrics (default: the generator's `group`). */
  readonly group?: string;
}

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

/** Parameters of the ON/OFF generator. */
export interface OnOffOptions {
  /** Names the generator's RNG streams, `traffic/<name>/<source>-><destination>` (default "on-off"). */
  readonly name?: string;
  /** The dynamic (source, destination) pairs; each runs its own ON/OFF process. */
  readonly pairs: readonly OnOffPair[];
  /** Mean ON period in microseconds (> 0). */
  readonly meanOnUs: number;
  /** Mean OFF period in microseconds (> 0; default: `meanOnUs`, as in santos-2002 sec. 6.3.2). */
  readonly meanOffUs?: number;
  /** Default "random" (stationary); see `OnOffInitialPhase`. */
  readonly initialPhase?: OnOffInitialPhase;
  /** Group of the flows of pairs that name none (default "dynamic"). */
  readonly group?: string;
  /** When the processes begin (default 0). */
  readonly startUs?: number;
  /** When they end: a flow ON then departs (default: the end of the simulation, where flows are left running). */
  readonly stopUs?: number;
}

/** Scenario spec of the ON/OFF generator. */
export interface OnOffSpec extends OnOffOptions {
  readonly kind: "on-off";
}

const parameters = ["name", "pairs", "meanOnUs", "meanOffUs", "initialPhase", "group", "startUs", "stopUs"] as const;
const phases: readonly OnOffInitialPhase[] = ["random", "on", "off"];

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
  const options = specObject(value, path);
  onlyFields(options, path, parameters, 'kind "on-off"');
  const name = optionalText(options.name, `${path}.name`, "a stream name", "on-off");
  const defaultGroup = optionalText(options.group, `${path}.group`, "a group name", "dynamic");
  const pairs = nonEmptyArray(options.pairs, `${path}.pairs`, "{ source, destination, group? }").map((item, index) => {
    const field = `${path}.pairs[${index}]`;
    const pair = specObject(item, field, "an object { source, destination, group? }");
    onlyFields(pair, field, ["source", "destination", "group"], "an ON/OFF pair");
    const source = text(pair.source, `${field}.source`, "a host id");
    const destination = text(pair.destination, `${field}.destination`, "a host id");
    if (source === destination) {
      throw new TrafficSpecError(field, `${field}: source and destination are both ${formatValue(source)}`);
    }
    const group = optionalText(pair.group, `${field}.group`, "a group name", defaultGroup);
    return { source, destination, group, field };
  });
  const seen = new Map<string, string>();
  for (const pair of pairs) {
    const key = `${pair.source}->${pair.destination}`;
    const first = seen.get(key);
    if (first !== undefined) {
      throw new TrafficSpecError(
        pair.field,
        `${pair.field}: pair ${key} is already ${first}; each pair runs one process`,
      );
    }
    seen.set(key, pair.field);
  }
  const meanOnUs = positiveTime(options.meanOnUs, `${path}.meanOnUs`);
  const meanOffUs = options.meanOffUs === undefined ? meanOnUs : positiveTime(options.meanOffUs, `${path}.meanOffUs`);
  const initialPhase = oneOf(options.initialPhase, `${path}.initialPhase`, phases, "random");
  const startUs = optionalTime(options.startUs, `${path}.startUs`, undefined);
  const stopUs = optionalTime(options.stopUs, `${path}.stopUs`, undefined);
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
export const onOffDefinition: GeneratorDefinition<OnOffSpec> = {
  kind: "on-off",
  parameters,
  create: (spec, path) => onOff(withoutKind(spec), path),
};
