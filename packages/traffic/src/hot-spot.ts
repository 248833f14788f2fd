import { us } from "@losslab/engine";
import { checkValues, type InputOf, KindError } from "@losslab/kinds";
import { checkObject, distinctHosts } from "./check-spec.js";
import { createNested } from "./create-kind.js";
import { fixedDestination } from "./fixed-destination.js";
import { defineGenerator, type NestedTrafficKinds } from "./generator-definition.js";
import { injectionProcessKinds } from "./injection-process.js";
import { scheduleArrivals } from "./message-arrivals.js";
import { nestedTrafficKinds } from "./nested-kinds.js";
import { openScope } from "./run-scope.js";
import { hostId, hostList, loadParameter, nonEmptyText, streamName, timeUs } from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

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

const hotSpotParameters = {
  name: streamName("hot-spot"),
  sources: { ...hostList, description: "the hot sources, idle until the trigger" },
  destination: { ...hostId, description: "the hot spot every message goes to" },
  messages: {
    type: "integer",
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    description: "messages each source sends, then stops (ferrer-2012 sec. 5.1: 1,000 packets)",
  },
  trigger: {
    type: "json",
    shape: "object",
    description: 'when the sources start: { "atUs": t }, or { "deliveredPackets": n } delivered network-wide',
  },
  load: { ...loadParameter, description: "offered load per source while sending: a fraction of its link bandwidth" },
  size: { type: "spec", family: "size", description: "message sizes (one packet's payload gives N packets)" },
  process: {
    type: "choice",
    values: injectionProcessKinds,
    default: "bernoulli",
    description: "injection process; slot 0 is the trigger instant (ferrer: the same rate as the other hosts)",
  },
  group: { ...nonEmptyText, default: "hot", description: "group of the messages" },
} as const;

/** The fields of a trigger: exactly one. */
const triggerParameters = {
  atUs: { ...timeUs, optional: true, description: "start at this time, us" },
  deliveredPackets: {
    type: "integer",
    min: 1,
    max: Number.MAX_SAFE_INTEGER,
    optional: true,
    description: "start when this many data packets have been delivered",
  },
} as const;

/** Parameters of the hot-spot generator (ferrer-2012 Table 3, sec. 5.1); see the README's table. */
export type HotSpotOptions = Omit<InputOf<typeof hotSpotParameters>, "trigger"> & { readonly trigger: HotSpotTrigger };

/** Scenario spec of the hot-spot generator. */
export interface HotSpotSpec extends HotSpotOptions {
  readonly kind: "hot-spot";
}

function checkTrigger(value: unknown, path: string): HotSpotTrigger {
  const field = `${path}.trigger`;
  const { atUs, deliveredPackets } = checkObject(value, field, "a hot-spot trigger", triggerParameters);
  if ((atUs === undefined) === (deliveredPackets === undefined)) {
    throw new KindError(
      field,
      `${field} must have exactly one of "atUs" (a time) or "deliveredPackets" (a count), got ${atUs === undefined ? "neither" : "both"}`,
    );
  }
  return atUs !== undefined ? { atUs } : { deliveredPackets: deliveredPackets as number };
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
export function hotSpot(
  value: HotSpotOptions,
  path = "traffic",
  kinds: NestedTrafficKinds = nestedTrafficKinds,
): TrafficGenerator {
  const {
    name,
    sources: senders,
    destination,
    messages,
    load,
    process,
    group,
    ...checked
  } = checkValues(path, "hot-spot", hotSpotParameters, value);
  distinctHosts(senders, `${path}.sources`);
  const pattern = fixedDestination({ destination }, path);
  const trigger = checkTrigger(checked.trigger, path);
  const size = createNested(kinds.size, checked.size, `${path}.size`);

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
export const hotSpotDefinition = defineGenerator({
  kind: "hot-spot",
  description:
    "idle sources, after a trigger (a time, or N packets delivered network-wide), each send `messages` messages to one host, then stop (ferrer-2012 Table 3, sec. 5.1)",
  parameters: hotSpotParameters,
  create: (values, { path, kinds }) => hotSpot(values as HotSpotOptions, path, kinds),
});
