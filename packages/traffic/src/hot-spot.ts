import { us } from "@losslab/engine";
import {
  hostList,
  loadFraction,
  oneOf,
  onlyFields,
  optionalText,
  optionalTime,
  positiveInteger,
  type SpecFields,
  specObject,
  text,
} from "./check-spec.js";
import { createDestinationPattern } from "./create-destination-pattern.js";
import { type GeneratorDefinition, withoutKind } from "./generator-definition.js";
import { type InjectionProcessKind, injectionProcessKinds } from "./injection-process.js";
import { scheduleArrivals } from "./message-arrivals.js";
import { createMessageSize, type MessageSizeSpec } from "./message-size.js";
import { openScope } from "./run-scope.js";
import type { TrafficGenerator } from "./traffic-sink.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** Start at a time: `{ atUs: 1000 }`. */
export interface HotSpotTimeTrigger {
  readonly atUs: number;
}

/** Start when this many data packets have been delivered network-wide since the run began: `{ deliveredPackets: 50000 }`. */
export interface HotSpotDeliveredTrigger {
  readonly deliveredPackets: number;
}

/** When a hot spot begins. */
export type HotSpotTrigger = HotSpotTimeTrigger | HotSpotDeliveredTrigger;

/** Parameters of the hot-spot generator. */
export interface HotSpotOptions {
  /** Names the generator's RNG streams, `traffic/<name>/<source>/...` (default "hot-spot"). */
  readonly name?: string;
  /** The hot sources; idle until the trigger. */
  readonly sources: readonly string[];
  /** The hot-spot host every message goes to. */
  readonly destination: string;
  /** Messages each source sends, then stops (ferrer-2012 sec. 5.1: 1,000 packets). */
  readonly messages: number;
  /** When the sources start. */
  readonly trigger: HotSpotTrigger;
  /** Offered load per source while sending: a fraction of its link bandwidth, in (0, 1]. */
  readonly load: number;
  /** Message sizes (one packet's payload gives "N packets"). */
  readonly size: MessageSizeSpec;
  /** Injection process (default "bernoulli", like ferrer's uniform sources: "the same injection rate"). */
  readonly process?: InjectionProcessKind;
  /** Group of the messages, for metrics (default "hot"). */
  readonly group?: string;
}

/** Scenario spec of the hot-spot generator. */
export interface HotSpotSpec extends HotSpotOptions {
  readonly kind: "hot-spot";
}

const parameters = [
  "name",
  "sources",
  "destination",
  "messages",
  "trigger",
  "load",
  "size",
  "process",
  "group",
] as const;

type CheckedTrigger = { atUs: number } | { deliveredPackets: number };

function checkTrigger(value: unknown, path: string): CheckedTrigger {
  const field = `${path}.trigger`;
  const trigger: SpecFields = specObject(value, field, `{ "atUs": number } or { "deliveredPackets": number }`);
  onlyFields(trigger, field, ["atUs", "deliveredPackets"], "a hot-spot trigger");
  const keys = Object.keys(trigger);
  if (keys.length !== 1) {
    throw new TrafficSpecError(
      field,
      `${field} must have exactly one of "atUs" (a time) or "deliveredPackets" (a count), got ${keys.length === 0 ? "neither" : "both"}`,
    );
  }
  const atUs = optionalTime(trigger.atUs, `${field}.atUs`, undefined);
  if (atUs !== undefined) return { atUs };
  return { deliveredPackets: positiveInteger(trigger.deliveredPackets, `${field}.deliveredPackets`, "packets") };
}

/**
 * A hot spot (ferrer-2012 Table 3 and sec. 5.1, traffic pattern I): the hot sources "remain
 * inactive until the first 50,000 packets have been received. Then, they start injecting
 * 1,000 packets from each origin host [...] addressed to a single destination host (the
 * hot-spot). Later, when each one has completed the injection of the packets, they stop".
 *
 * At the trigger (a time, or `sink.onDelivered(deliveredPackets)`) each source starts
 * injecting `messages` messages to `destination` at offered load `load` with the chosen
 * process, its slot 0 at the trigger instant; it stops after its last message, or at the
 * end of the simulation if that comes first. Streams per source:
 * `traffic/<name>/<source>/arrivals` and `.../sizes`.
 *
 * @example
 * hotSpot({ sources: ["H60", "H61"], destination: "H0", messages: 1000, load: 0.9,
 *   size: { kind: "fixed", bytes: 256 }, trigger: { deliveredPackets: 50000 } });
 */
export function hotSpot(value: HotSpotOptions, path = "traffic"): TrafficGenerator {
  const options = specObject(value, path);
  onlyFields(options, path, parameters, 'kind "hot-spot"');
  const name = optionalText(options.name, `${path}.name`, "a stream name", "hot-spot");
  const senders = hostList(options.sources, `${path}.sources`);
  const destination = text(options.destination, `${path}.destination`, "a host id");
  const pattern = createDestinationPattern({ kind: "fixed", destination }, path);
  const messages = positiveInteger(options.messages, `${path}.messages`, "messages per source");
  const trigger = checkTrigger(options.trigger, path);
  const load = loadFraction(options.load, `${path}.load`);
  const size = createMessageSize(options.size, `${path}.size`);
  const process = oneOf(options.process, `${path}.process`, injectionProcessKinds, "bernoulli");
  const group = optionalText(options.group, `${path}.group`, "a group name", "hot");

  return {
    kind: "hot-spot",
    name,
    start(context) {
      const scope = openScope(context, name, {});
      scope.checkHosts(senders, `${path}.sources`);
      const destinationOf = pattern.bind(scope, senders, (index) => `${path}.sources[${index}]`);
      let fired = false;
      const fire = (): void => {
        if (fired) return; // a sink that calls back twice must not double the hot spot
        fired = true;
        const origin = scope.engine.now;
        for (const source of senders) {
          scheduleArrivals(scope, { source, group, process, load, size, destinationOf, origin, limit: messages });
        }
      };
      if ("atUs" in trigger) {
        const at = Math.max(us(trigger.atUs), scope.engine.now);
        if (at < scope.end) scope.engine.at(at, fire);
      } else {
        scope.sink.onDelivered(trigger.deliveredPackets, fire);
      }
    },
  };
}

/** Registry entry (create-generator.ts). */
export const hotSpotDefinition: GeneratorDefinition<HotSpotSpec> = {
  kind: "hot-spot",
  parameters,
  create: (spec, path) => hotSpot(withoutKind(spec), path),
};
