import type { Packet, TransmissionListener } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** Tags that keep a transmission and a delivery with the same numbers apart. */
const TRANSMITTED = 0x7472;
const DELIVERED = 0x6476;

/**
 * A running hash over a run's trajectory, like OMNeT++'s fingerprints: every packet
 * transmission (time, link, packet id, kind, congestion bits, so every forwarding step and
 * every mark a packet carries onwards) and every delivery (time, host, packet id, bits).
 * Two runs with the same fingerprint took the same steps at the same picoseconds; any
 * change to the order or timing of one packet-hop changes it.
 *
 * Two independent 32-bit lanes (murmur3's word mixing with different seeds and
 * multipliers), so a collision needs both to collide: 64 bits, cheap on the hot path
 * (a few `Math.imul` per word, no allocation).
 */
export class Fingerprint {
  private a = 0x9747b28c;
  private b = 0x2f1d6e35;
  private words = 0;

  /** A listener for `Link.onTransmit` that hashes the link's transmissions under `link`'s number. */
  transmissions(link: number): TransmissionListener {
    return (packet, start) => this.step(TRANSMITTED, start, link, packet);
  }

  /** Hashes the delivery of `packet` to host `host` at `time`. */
  delivered(time: Time, host: number, packet: Packet): void {
    this.step(DELIVERED, time, host, packet);
  }

  /** The hash so far: 16 hex digits. */
  hex(): string {
    const a = finish(this.a ^ this.words);
    const b = finish(this.b ^ this.words);
    return hex32(a) + hex32(b);
  }

  private step(tag: number, time: Time, place: number, packet: Packet): void {
    // Times reach 2^53 ps: hash the low and high 32-bit halves.
    this.add(time >>> 0);
    this.add(Math.floor(time / 4294967296));
    this.add((tag << 16) ^ place);
    this.add(packet.id);
    this.add((packet.kind << 8) | packet.bits);
  }

  /** Hashes one 32-bit word. */
  add(value: number): void {
    this.words++;
    let k = Math.imul(value, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    let a = this.a ^ k;
    a = (a << 13) | (a >>> 19);
    this.a = (Math.imul(a, 5) + 0xe6546b64) | 0;
    let j = Math.imul(value ^ 0x5bd1e995, 0x85ebca6b);
    j = (j << 17) | (j >>> 15);
    let b = this.b ^ Math.imul(j, 0xc2b2ae35);
    b = (b << 11) | (b >>> 21);
    this.b = (Math.imul(b, 9) + 0x27d4eb2f) | 0;
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
