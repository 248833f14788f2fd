import { ns } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import { type PathLink, type PathTiming, pathTiming } from "@losslab/metrics";
import type { Routes } from "@losslab/topology";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";

/**
 * The timing of full-size data packets (`packets.dataBytes`) on the empty path from one host
 * to another (`@losslab/metrics`' `pathTiming`), by host indices, worked out on first use and
 * kept: the links the routing tables lead the packets over, with their bandwidth, delay and
 * wire overhead, and at every switch the scenario's forwarding delay and forwarding rate (the
 * output link's, times the organisation's `forwardingRate`: CIOQ's crossbar speedup).
 *
 * The path is the one `Routes.path` gives. Where routing offers several equal-cost paths
 * (ECMP), they are taken to have the same number of links with the same bandwidths and
 * delays, as a fat tree's do by construction, so any of them gives the same ideal.
 */
export function pathTimings(
  fabric: Fabric,
  routes: Routes,
  scenario: Scenario,
  kinds: ScenarioKinds,
): (source: number, destination: number) => PathTiming {
  const linkAt = new Map<string, PathLink>();
  for (const link of fabric.links.values()) linkAt.set(`${link.from.name}:${link.fromPort}`, link);
  const forwardingDelay = ns(scenario.switch.forwardingDelayNs);
  const speedup = kinds.switch.get(scenario.switch.kind)?.forwardingRate?.(scenario.switch) ?? 1;
  const packetBytes = scenario.packets.dataBytes;
  const known = new Map<number, PathTiming>();
  return (source, destination) => {
    const key = source * routes.hostCount + destination;
    let timing = known.get(key);
    if (timing === undefined) {
      const hops = routes.path(routes.nodeId(source), routes.nodeId(destination));
      const links = hops.map((hop) => linkAt.get(`${hop.node}:${hop.outPort}`)!);
      const switches = links.slice(1).map((out) => ({ forwardingDelay, forwardingRate: speedup * out.bandwidth }));
      timing = pathTiming({ links, switches }, packetBytes);
      known.set(key, timing);
    }
    return timing;
  };
}
