import type { Packet, PacketReader, TransmissionListener } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** Tags that keep a transmission and a delivery with the same numbers apart. */
const TRANSMITTED = 0;
const DELIVERED = 1 << 30;

/**
 * A running hash over a run's trajectory, like OMNeT++'s fingerprints: every packet
 * transmission (time, link, packet id, kind, congestion bits, so every forwarding step and
 * every mark a packet carries onwards) and every delivery (time, host, packet id, bits).
 * Two runs with the same fingerprint took the same steps at the same picoseconds; any
 * change to the order or timing of one packet-hop changes it.
 *
 * Two independent 32-bit lanes, each a multiply-rotate step per 32-bit word with its own
 * odd multiplier, and murmur3's final avalanche: a collision needs both lanes to collide
 * (64 bits). Not cryptographic: cheap enough to stay on for every hop (3 words a step, no
 * allocation).
 */
export class Fingerprint {
  private a = 0x9747b28c;
  private b = 0x2f1d6e35;
  private words = 0;

  /** A listener for `Link.onTransmit` that hashes the link's transmissions under `link`'s number. */
  transmissions(link: number): TransmissionListener {
    return (packets, packet, start) => this.transmitted(link, start, packets, packet);
  }

  /** Hashes the transmission of `packet` on link number `link`, starting at `time`. */
  transmitted(link: number, time: Time, packets: PacketReader, packet: Packet): void {
    this.step(TRANSMITTED | link, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
  }

  /** Hashes the delivery of `packet` to host `host` at `time`. */
  delivered(time: Time, host: number, packets: PacketReader, packet: Packet): void {
    this.step(DELIVERED | host, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
  }

  /** The hash so far: 16 hex digits. */
  hex(): string {
    const a = finish(this.a ^ this.words);
    const b = finish(this.b ^ this.words);
    return hex32(a) + hex32(b);
  }

  /**
   * One step, 3 words: the time's low 32 bits, the packet id, and the place (a link or host
   * number with its tag) mixed with the time's high bits, the kind and the bits. The lanes
   * are updated in locals and written back once: this runs on every packet-hop.
   */
  private step(place: number, time: Time, id: number, kind: number, bits: number): void {
    const high = (time / 4294967296) >>> 0;
    const last = Math.imul(place, 0x10001) ^ Math.imul(high, 0x2c1b3c6d) ^ (kind << 8) ^ bits;
    let a = this.a;
    let b = this.b;
    a = Math.imul(a ^ (time >>> 0), 0x9e3779b1);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ (time >>> 0), 0x85ebca77);
    b = (b << 17) | (b >>> 15);
    a = Math.imul(a ^ id, 0x9e3779b1);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ id, 0x85ebca77);
    b = (b << 17) | (b >>> 15);
    a = Math.imul(a ^ last, 0x9e3779b1);
    b = Math.imul(b ^ last, 0x85ebca77);
    this.a = (a << 13) | (a >>> 19);
    this.b = (b << 17) | (b >>> 15);
    this.words += 3;
  }

  /** Hashes one 32-bit word (`combineFingerprints`; the same mixing as a step's). */
  add(value: number): void {
    this.words++;
    const a = Math.imul(this.a ^ value, 0x9e3779b1);
    this.a = (a << 13) | (a >>> 19);
    const b = Math.imul(this.b ^ value, 0x85ebca77);
    this.b = (b << 17) | (b >>> 15);
  }
}

/** Combines fingerprints (of the runs of one preset, in order) into one. */
export function combineFingerprints(fingerprints: readonly string[]): string {
  const combined = new Fingerprint();
  for (const hex of fingerprints) {
    for (let at = 0; at < hex.length; at += 8) combined.add(Number.parseInt(hex.slice(at, at + 8), 16));
  }
  return combined.hex();
}

/** murmur3's final avalanche. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const hex32 = (value: number) => (value >>> 0).toString(16).padStart(8, "0");
