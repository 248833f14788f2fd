import {
  checkWindow,
  loadFraction,
  onlyFields,
  optionalHostList,
  optionalText,
  optionalTime,
  specObject,
} from "./check-spec.js";
import { createDestinationPattern } from "./create-destination-pattern.js";
import type { DestinationPatternSpec } from "./destination-pattern.js";
import type { InjectionProcessKind } from "./injection-process.js";
import { scheduleArrivals } from "./message-arrivals.js";
import { createMessageSize, type MessageSizeSpec } from "./message-size.js";
import { openScope } from "./run-scope.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/**
 * Parameters of the message generators (`bernoulli`, `poisson`): each source injects
 * messages at offered load `load`; destinations, injection process and sizes vary
 * independently ("traffic = where x when x how much").
 */
export interface MessageGeneratorOptions {
  /** Names the generator's RNG streams, `traffic/<name>/...` (default: its kind). */
  readonly name?: string;
  /** The sources (default: every host of the network). */
  readonly sources?: readonly string[];
  /** Where each message goes. */
  readonly destinations: DestinationPatternSpec;
  /** How big each message is. */
  readonly size: MessageSizeSpec;
  /** Offered load per source: a fraction of its link bandwidth, in (0, 1]. */
  readonly load: number;
  /** Group of every message, for metrics (default: the generator's name). */
  readonly group?: string;
  /** When injection begins (default 0). */
  readonly startUs?: number;
  /** When injection ends (default: the end of the simulation). */
  readonly stopUs?: number;
}

/** The fields of a message generator spec besides `kind`. */
export const messageGeneratorParameters: readonly string[] = Object.freeze([
  "name",
  "sources",
  "destinations",
  "size",
  "load",
  "group",
  "startUs",
  "stopUs",
]);

/** Checks the options of a `bernoulli` or `poisson` generator and builds it. Internal. */
export function messageGenerator(
  kind: Extract<InjectionProcessKind, "bernoulli" | "poisson">,
  value: MessageGeneratorOptions,
  path: string,
): TrafficGenerator {
  const options = specObject(value, path);
  onlyFields(options, path, messageGeneratorParameters, `kind "${kind}"`);
  const name = optionalText(options.name, `${path}.name`, "a stream name", kind);
  const sources = optionalHostList(options.sources, `${path}.sources`);
  const pattern = createDestinationPattern(options.destinations, `${path}.destinations`);
  const size = createMessageSize(options.size, `${path}.size`);
  const load = loadFraction(options.load, `${path}.load`);
  const group = optionalText(options.group, `${path}.group`, "a group name", name);
  const startUs = optionalTime(options.startUs, `${path}.startUs`, undefined);
  const stopUs = optionalTime(options.stopUs, `${path}.stopUs`, undefined);
  checkWindow(startUs, stopUs, path);
  return {
    kind,
    name,
    start(context) {
      const scope = openScope(context, name, { startUs, stopUs });
      scope.checkHosts(sources, `${path}.sources`);
      const senders = sources ?? scope.hosts;
      const destinationOf = pattern.bind(scope, senders, (index) =>
        sources === undefined ? `${path}.sources` : `${path}.sources[${index}]`,
      );
      for (const source of senders) {
        scheduleArrivals(scope, { source, group, process: kind, load, size, destinationOf, origin: scope.start });
      }
    },
  };
}
