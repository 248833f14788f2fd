import type { AdapterSink, Fabric } from "@losslab/fabric";
import type { Fingerprint } from "@losslab/metrics";
import type { Routes } from "@losslab/topology";
import type { FlowMeters } from "./flow-meters.js";
import { type LatencyMeters, record } from "./latency-meters.js";
import type { RateMeters } from "./rate-meters.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** Data packets delivered so far. */
export interface Deliveries {
  readonly delivered: number;
}

/**
 * Meters every data packet the hosts of `fabric` deliver (`meters` of `ScenarioMeters`),
 * then hands it to the traffic
 * (`sink.packetDelivered`, which may start more): into the fingerprint, the meters of its
 * flow, the latency of `all`, and with `metrics.hotSpot` its class (ferrer-2012 sec. 5.2: hot
 * packets are those addressed to the hot spot, cold all others; `class:<hot|cold>` rate and
 * latency). Attached once the traffic is in place, so the class meters follow the flows'.
 */
export function meterDeliveries(
  scenario: Scenario,
  fabric: Fabric,
  routes: Routes,
  meters: {
    readonly fingerprint: Fingerprint;
    readonly rates: RateMeters;
    readonly latencies: LatencyMeters;
    readonly flows: FlowMeters;
  },
  sink: AdapterSink,
): Deliveries {
  const { fingerprint, rates, latencies, flows } = meters;
  const hotSpot = scenario.metrics.hotSpot;
  if (hotSpot !== undefined && !fabric.hosts.has(hotSpot)) {
    throw new ScenarioError(`metrics.hotSpot: "${hotSpot}" is not a host of the topology`);
  }
  const hotIndex = hotSpot === undefined ? -1 : routes.nodeIndex(hotSpot);
  const classes = hotSpot === undefined ? [] : ["class:cold", "class:hot"];
  const classRates = classes.map((name) => rates.counter(name));
  const classLatencies = classes.map((name) => latencies.meter(name));
  const all = latencies.meter("all");
  const counted = { delivered: 0 };
  for (const host of fabric.hosts.values()) {
    const hostIndex = routes.nodeIndex(host.name);
    const device = host.device;
    host.onDeliver((packets, packet, time) => {
      counted.delivered++;
      fingerprint.delivered(device, time, hostIndex, packets, packet);
      const latency = time - packets.createdAt(packet);
      const mark = latencies.markOf(packets.bits(packet), time);
      flows.delivered(packets, packet, time, latency, mark);
      record(all, time, latency, mark);
      if (hotIndex >= 0) {
        const hot = packets.destination(packet) === hotIndex ? 1 : 0;
        classRates[hot]!.add(time, packets.size(packet));
        record(classLatencies[hot]!, time, latency, mark);
      }
      sink.packetDelivered(packets.flow(packet));
    });
  }
  return counted;
}
