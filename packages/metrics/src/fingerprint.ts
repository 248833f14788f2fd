import type { Packet, PacketReader, TransmissionListener } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** Tags that keep a transmission and a delivery with the same numbers apart. */
const TRANSMITTED = 0;
const DELIVERED = 1 << 30;

/** Seeds of the two lanes of every device's hash. */
const SEED_A = 0x9747b28c;
const SEED_B = 0x2f1d6e35;

/**
 * A running hash over a run's trajectory, like OMNeT++'s fingerprints: every packet
 * transmission (time, link, packet id, kind, congestion bits, so every forwarding step and
 * every mark a packet carries onwards) and every delivery (time, host, packet id, bits).
 * Two runs with the same fingerprint took the same steps at the same picoseconds; any
 * change to the order or timing of one packet-hop changes it.
 *
 * Each device hashes its own steps (a link's transmissions are its sender's, a delivery is
 * its host's) into a `DeviceFingerprint` of its own, and `hex` combines the devices' hashes
 * in device order: so the fingerprint does not depend on how the steps of different devices
 * interleave, only on each device's own sequence, which is what stays the same when devices
 * run on different threads (docs/spec/parallel.md).
 *
 * Two independent 32-bit lanes per device, each a multiply-rotate step per 32-bit word with
 * its own odd multiplier, and murmur3's final avalanche: a collision needs both lanes to
 * collide (64 bits). Not cryptographic: cheap enough to stay on for every hop (3 words a
 * step, no allocation).
 */
export class Fingerprint {
  /** Per device (the engine's numbering, `Engine.device`), made on first use. */
  private readonly devices: DeviceFingerprint[] = [];
  /** Words hashed by `add`, into the run's own lanes. */
  private a = SEED_A;
  private b = SEED_B;
  private words = 0;

  /**
   * The hash of device `device`'s steps. A meter takes it once, at setup, and hashes into it
   * directly: the step then reads and writes two fields of one object, as a single hash
   * would, instead of indexing a table by device on every packet-hop.
   */
  device(device: number): DeviceFingerprint {
    let hash = this.devices[device];
    if (hash === undefined) {
      hash = new DeviceFingerprint();
      this.devices[device] = hash;
    }
    return hash;
  }

  /** A listener for `Link.onTransmit` that hashes the link's transmissions under `link`'s number, as `device`'s. */
  transmissions(device: number, link: number): TransmissionListener {
    const hash = this.device(device);
    return (packets, packet, start) => hash.transmitted(link, start, packets, packet);
  }

  /**
   * The hash so far: 16 hex digits. The words of `add`, then for each device with a step, in
   * device order, its number, its word count and its two finished lanes.
   */
  hex(): string {
    const combined = new Fingerprint();
    combined.a = this.a;
    combined.b = this.b;
    combined.words = this.words;
    const devices = this.devices;
    for (let device = 0; device < devices.length; device++) {
      const hash = devices[device];
      if (hash === undefined || hash.words === 0) continue;
      combined.add(device);
      combined.add(hash.words);
      combined.add(finish(hash.a ^ hash.words));
      combined.add(finish(hash.b ^ hash.words));
    }
    return hex32(finish(combined.a ^ combined.words)) + hex32(finish(combined.b ^ combined.words));
  }

  /** Hashes one 32-bit word into the run's own lanes (`combineFingerprints`; the same mixing as a step's). */
  add(value: number): void {
    this.words++;
    const a = Math.imul(this.a ^ value, 0x9e3779b1);
    this.a = (a << 13) | (a >>> 19);
    const b = Math.imul(this.b ^ value, 0x85ebca77);
    this.b = (b << 17) | (b >>> 15);
  }
}

/** One device's part of a `Fingerprint` (`Fingerprint.device`): its two lanes and the words it hashed. */
export class DeviceFingerprint {
  a = SEED_A;
  b = SEED_B;
  words = 0;

  /** Hashes the transmission of `packet` on link number `link`, starting at `time`. */
  transmitted(link: number, time: Time, packets: PacketReader, packet: Packet): void {
    this.step(TRANSMITTED | link, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
  }

  /** Hashes the delivery of `packet` to host `host` at `time`. */
  delivered(time: Time, host: number, packets: PacketReader, packet: Packet): void {
    this.step(DELIVERED | host, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
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
