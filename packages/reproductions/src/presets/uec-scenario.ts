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
