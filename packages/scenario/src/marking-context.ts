import type { Engine, RandomStream } from "@losslab/engine";
import { degradedOutputs, outputsTowardHosts } from "@losslab/fabric";
import type { MarkingContext } from "@losslab/marking";
import type { Routes, Topology } from "@losslab/topology";
import type { Scenario } from "./schema.js";

/**
 * What a scenario run offers its marking policy (`MarkingContext` of @losslab/marking), of
 * which the policy gets what its definition uses: a random stream of its own kind for each
 * switch (`marking/<kind>/<device>`), the engine's clock and timers, the size of the notifications it may
 * send toward sources (`packets.notificationBytes`), which outputs lead to a non-compliant
 * switch (turner-2001 sec. 6.1) or to a host, which run on a degraded link (`degradedLinks`), and with `subnetManager` the manager's host, the
 * non-compliant CAs it acts for and the size of a CN packet (sec. 6.2: ACK-sized).
 */
export function markingContext(
  engine: Engine,
  scenario: Scenario,
  topology: Topology,
  routes: Routes,
  degradedLinks: ReadonlyMap<string, number>,
): Partial<MarkingContext> {
  // One stream per switch (the device whose event draws: `marking/<kind>/<device>`), never one
  // shared by all: a switch's draws must not depend on which thread runs the others.
  const streams: RandomStream[] = [];
  const random = () => {
    const device = engine.device;
    let stream = streams[device];
    if (stream === undefined) {
      stream = engine.rng.stream(`marking/${scenario.marking.kind}/${device}`);
      streams[device] = stream;
    }
    return stream.next();
  };
  const towardNonCompliant = portsTowardNonCompliant(topology, scenario.nonCompliant.switches);
  const towardHosts = outputsTowardHosts(topology);
  const degraded = degradedOutputs(topology, degradedLinks);
  const manager = scenario.subnetManager;
  return {
    random,
    timers: engine,
    notifications: { bytes: scenario.packets.notificationBytes },
    fabric: {
      nextIsNonCompliant: (name, output) => towardNonCompliant.has(`${name}:${output}`),
      leadsToHost: (name, output) => towardHosts.get(name)?.includes(output) === true,
      outputRatio: (name, output) => degraded.get(name)?.get(output) ?? 1,
    },
    ...(manager === undefined
      ? {}
      : {
          subnetManager: {
            host: routes.nodeIndex(manager.host),
            nonCompliantHosts: new Set(scenario.nonCompliant.hosts.map((id) => routes.nodeIndex(id))),
            noticeBytes: scenario.packets.ackBytes,
          },
        }),
  };
}

/** `switch:port` of every output whose link leads to a non-compliant switch. */
function portsTowardNonCompliant(topology: Topology, nonCompliant: readonly string[]): Set<string> {
  const ports = new Set<string>();
  if (nonCompliant.length === 0) return ports;
  for (const { a, b } of topology.links) {
    if (nonCompliant.includes(b.node)) ports.add(`${a.node}:${a.port}`);
    if (nonCompliant.includes(a.node)) ports.add(`${b.node}:${b.port}`);
  }
  return ports;
}
