import type { Fabric } from "@losslab/fabric";
import { PacketTrace, type PacketTraceOptions } from "@losslab/metrics";
import type { Routes } from "@losslab/topology";

/**
 * A packet trace of a run (`RunOptions.trace`) attached to every link and host of its
 * fabric, after the meters: on each packet-hop and delivery, the meters hear of it first.
 */
export function tracePackets(
  fabric: Fabric,
  routes: Routes,
  options: Omit<PacketTraceOptions, "hostName">,
): PacketTrace {
  const names = new Map([...fabric.hosts.keys()].map((id) => [routes.nodeIndex(id), id]));
  const trace = new PacketTrace({ ...options, hostName: (index) => names.get(index) ?? String(index) });
  for (const link of fabric.links.values()) {
    const tracer = trace.link({
      from: link.from.name,
      fromPort: link.fromPort,
      fromHost: fabric.hosts.has(link.from.name),
      to: link.to.name,
      toPort: link.toPort,
      toHost: fabric.hosts.has(link.to.name),
    });
    link.onTransmit(tracer.transmit);
    link.onArrive(tracer.arrive);
    link.onCredits(tracer.credits);
  }
  for (const [name, host] of fabric.hosts)
    host.onDeliver((packets, packet, time) => trace.delivered(name, packets, packet, time));
  return trace;
}
