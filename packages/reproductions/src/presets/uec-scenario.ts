/**
 * What the UEC presets share (docs/spec/uec.md sec. 6-7): uet-htsim's packets and links,
 * and a message's size on the wire.
 */
import { gbps } from "./datacenter-scenario.js";

/** uet-htsim's packets (choice C1): 4150 B on the wire with a 64 B header, 64 B ACKs, no extra wire overhead. */
export const uecPackets = { dataBytes: 4150, headerBytes: 64, ackBytes: 64, wireOverheadBytes: 0 } as const;

/** uet-htsim's links: 100 Gb/s, 1 us per hop (`dc/main_uec.cpp` defaults, sec. 6). */
export const uecLink = { bandwidth: gbps(100), delayNs: 1000 } as const;

/**
 * A message of `bytes` on the wire: packets of 4086 B payload, each 4150 B (2 MB: 490 packets).
 * losslab sends the last packet whole; uet-htsim sends it short (2 MB: 2 031 360 B against 2 033 500 B).
 */
export const wireBytes = (bytes: number): number =>
  Math.ceil(bytes / (uecPackets.dataBytes - uecPackets.headerBytes)) * uecPackets.dataBytes;

/** network_rtt of a 3-tier fat tree of these links and packets: 6 hops each way, a data packet and an ACK serialised on each (14.02 us, uet-htsim's value for its plans, sec. 2). */
export const fatTreeNetworkRttUs =
  12 * (uecLink.delayNs / 1000) + (6 * (uecPackets.dataBytes + uecPackets.ackBytes) * 1e6) / uecLink.bandwidth;

/**
 * uet-htsim's `-failed 1` on a 3-tier fat tree: the link from core 0 down to pod 0's first
 * aggregation switch at `_failed_link_ratio` 0.25 of its speed, queue and ECN thresholds, that
 * direction only (`dc/fat_tree_topology.cpp:104`, `1013-1018`; docs/spec/uec.md C14). losslab's
 * fat tree links core 0 to aggregation switch 0 of every pod, as htsim's does.
 */
export const htsimFailedLink = { link: "core0->pod0-agg0", ratio: 0.25 } as const;

/** A BDP in whole packets, as uet-htsim sizes its queues and ECN ramp (`dc/main_uec.cpp:642-655`, `698-711`). */
export const bdpPackets = (networkRttUs: number, bandwidth: number, packetBytes: number): number =>
  Math.ceil((networkRttUs * 1e-6 * bandwidth) / packetBytes);

/** uet-htsim's ECN ramp on the data queue: from 20 % to 80 % of the BDP in packets (rounded up), all marked above (sec. 5). */
export const uecEcnRamp = (bdp: number, packetBytes: number) =>
  ({
    kind: "red",
    kmin: Math.ceil(0.2 * bdp) * packetBytes,
    kmax: Math.ceil(0.8 * bdp) * packetBytes,
    pmax: 1,
  }) as const;

/**
 * One message of `bytes` from `source` to `receiver` at t = 0, as an incast of fan-in 1 whose
 * interval is the run (so it never repeats): how uet-htsim's connection matrices start a flow.
 */
export const oneMessage = (name: string, source: string, receiver: string, bytes: number, durationMs: number) => ({
  kind: "incast" as const,
  name,
  fanIn: 1,
  bytes,
  intervalUs: durationMs * 1000,
  hosts: [source],
  receiver,
});

/** NSCC as uet-htsim runs it with trimming: target_Qdelay = 0.75 x network_rtt (`uec.cpp:104-112`). */
export const nsccWithTrimming = (networkRttUs: number) =>
  ({ kind: "nscc", targetDelayUs: 0.75 * networkRttUs }) as const;
