import { checkValues, type InputOf } from "@losslab/kinds";
import { checkWindow, distinctHosts } from "./check-spec.js";
import { createNested } from "./create-kind.js";
import { defineGenerator, type NestedTrafficKinds } from "./generator-definition.js";
import type { InjectionProcessKind } from "./injection-process.js";
import { scheduleArrivals } from "./message-arrivals.js";
import { nestedTrafficKinds } from "./nested-kinds.js";
import { openScope } from "./run-scope.js";
import {
  hostList,
  loadParameter,
  nonEmptyText,
  startUsParameter,
  stopUsParameter,
  streamName,
} from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** The injection processes that are message generators of their own. */
type MessageProcess = Extract<InjectionProcessKind, "bernoulli" | "poisson">;

/**
 * The parameters of the message generators (`bernoulli`, `poisson`): each source injects
 * messages at offered load `load`; destinations, injection process and sizes vary
 * independently ("traffic = where x when x how much").
 */
export function messageGeneratorParameters<const Kind extends MessageProcess>(kind: Kind) {
  return {
    name: streamName(kind),
    sources: { ...hostList, optional: true, description: "the injecting hosts (default: every host)" },
    destinations: { type: "spec", family: "destination", description: "where each message goes" },
    size: { type: "spec", family: "size", description: "how big each message is" },
    load: loadParameter,
    group: { ...nonEmptyText, optional: true, description: "group of every message (default: the generator's name)" },
    startUs: startUsParameter,
    stopUs: stopUsParameter,
  } as const;
}

/** Parameters of the message generators, as written (see `messageGeneratorParameters`). */
export type MessageGeneratorOptions = InputOf<ReturnType<typeof messageGeneratorParameters<MessageProcess>>>;

/** Checks the options of a `bernoulli` or `poisson` generator and builds it. Internal. */
export function messageGenerator(
  kind: MessageProcess,
  options: MessageGeneratorOptions,
  path: string,
  kinds: NestedTrafficKinds = nestedTrafficKinds,
): TrafficGenerator {
  const {
    name,
    sources,
    destinations,
    size,
    load,
    group = name,
    startUs,
    stopUs,
  } = checkValues(path, kind, messageGeneratorParameters(kind), options);
  distinctHosts(sources, `${path}.sources`);
  const pattern = createNested(kinds.destination, destinations, `${path}.destinations`);
  const sizes = createNested(kinds.size, size, `${path}.size`);
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
        scheduleArrivals(scope, {
          source,
          group,
          process: kind,
          load,
          size: sizes,
          destinationOf,
          origin: scope.start,
        });
      }
    },
  };
}

/**
 * A message generator kind (bernoulli.ts, poisson.ts): its function, `generate(options, path,
 * kinds)` (`kinds`: the destination patterns and size distributions it may name, default the
 * built-in ones), and its registry entry.
 */
export function messageGeneratorKind<const Kind extends MessageProcess>(kind: Kind, description: string) {
  const generate = (
    options: MessageGeneratorOptions,
    path = "traffic",
    kinds: NestedTrafficKinds = nestedTrafficKinds,
  ): TrafficGenerator => messageGenerator(kind, options, path, kinds);
  const definition = defineGenerator({
    kind,
    description,
    parameters: messageGeneratorParameters(kind),
    create: (values, { path, kinds }) => generate(values, path, kinds),
  });
  return { generate, definition };
}
