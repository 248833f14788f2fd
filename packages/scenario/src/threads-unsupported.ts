import type { Scenario } from "./schema.js";

/**
 * What in `scenario` a run split over threads does not support yet (docs/spec/parallel.md
 * sec. 6), named by its field, or undefined: each of these either reads or changes state of
 * several devices at once (a meter, the subnet manager, UGAL-G's global queue view, traffic
 * that fills a host's queues from an event of the run rather than of the host), or has
 * results the parts do not merge yet. (Marking policies that key packets by id need one more
 * check, on the built fabric and its split: `SimulationPart`.)
 */
export function threadsUnsupported(scenario: Scenario): string | undefined {
  const routing = (scenario.topology as { routing?: string }).routing;
  const unsupported: [boolean, string][] = [
    [
      scenario.adapter.queues === "per-destination",
      'adapter.queues "per-destination" (the traffic fills the hosts\' queues directly, not through events of theirs)',
    ],
    [scenario.subnetManager !== undefined, "subnetManager"],
    [routing === "ugal-g", 'topology.routing "ugal-g" (it reads every router\'s queues)'],
  ];
  const found = unsupported.filter(([applies]) => applies).map(([, name]) => name);
  return found.length === 0 ? undefined : `not supported on threads yet: ${found.join(", ")}`;
}

/**
 * Marking policies that keep state keyed by packet id (`StartedPackets`, naive's and
 * turner's marks): in a part, a packet's id is provisional during the window it was made in
 * and final from its end (docs/spec/parallel.md sec. 6), so such a policy must not meet a
 * packet in the window it was made in.
 */
export const MARKING_BY_PACKET_ID: ReadonlySet<string> = new Set([
  "naive",
  "input-triggered",
  "input-output-triggered",
  "turner",
]);

/**
 * Why a split run stopped, when it stopped because devices of two parts met without a link
 * (`EngineError` from the engine or the traffic sink, by name and message since it may come
 * from another thread), in the words the CLI and the browser lab both give; else undefined.
 */
export function metWithoutLink(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== "EngineError" || !error.message.includes("of another part")) {
    return undefined;
  }
  return "a device acted on a device of another part without a link between them (traffic that starts flows when others complete or at a count of deliveries does: collectives, hot-spot triggers)";
}
