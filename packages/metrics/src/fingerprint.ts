import type { Packet, PacketReader, TransmissionListener } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** Tags that keep a transmission and a delivery with the same numbers apart. */
const TRANSMITTED = 0;
const DELIVERED = 1 << 30;

/** Seeds of the two lanes of every device's hash. */
const SEED_A = 0x9747b28c;
const SEED_B = 0x2f1d6e35;
/** A device's state in `lanes`: lane a, lane b, words hashed. */
const STRIDE = 3;

/**
 * A running hash over a run's trajectory, like OMNeT++'s fingerprints: every packet
 * transmission (time, link, packet id, kind, congestion bits, so every forwarding step and
 * every mark a packet carries onwards) and every delivery (time, host, packet id, bits).
 * Two runs with the same fingerprint took the same steps at the same picoseconds; any
 * change to the order or timing of one packet-hop changes it.
 *
 * Each device hashes its own steps (a link's transmissions are its sender's, a delivery is
 * its host's), and `hex` combines the devices' hashes in device order: so the fingerprint
 * does not depend on how the steps of different devices interleave, only on each device's
 * own sequence, which is what stays the same when devices run on different threads
 * (docs/spec/parallel.md).
 *
 * Two independent 32-bit lanes per device, each a multiply-rotate step per 32-bit word with
 * its own odd multiplier, and murmur3's final avalanche: a collision needs both lanes to
 * collide (64 bits). Not cryptographic: cheap enough to stay on for every hop (3 words a
 * step, no allocation).
 */
export class Fingerprint {
  /** Per device (the engine's numbering, `Engine.device`): lane a, lane b, words, at `STRIDE * device`. */
  private lanes = seeded(new Int32Array(STRIDE * 64), 0);
  /** Words hashed by `add`, into the run's own lanes. */
  private a = SEED_A;
  private b = SEED_B;
  private words = 0;
  /**
   * In a part of a split run (`defer`): the steps not hashed yet, 6 numbers each (device,
   * place, time, packet id, kind, bits), and how many numbers are used.
   */
  private deferred: Float64Array | undefined;
  private deferredLength = 0;

  /** A listener for `Link.onTransmit` that hashes the link's transmissions under `link`'s number, as `device`'s. */
  transmissions(device: number, link: number): TransmissionListener {
    return (packets, packet, start) => this.transmitted(device, link, start, packets, packet);
  }

  /** Hashes, as device `device`'s step, the transmission of `packet` on link number `link`, starting at `time`. */
  transmitted(device: number, link: number, time: Time, packets: PacketReader, packet: Packet): void {
    this.step(device, TRANSMITTED | link, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
  }

  /** Hashes, as device `device`'s step, the delivery of `packet` to host `host` at `time`. */
  delivered(device: number, time: Time, host: number, packets: PacketReader, packet: Packet): void {
    this.step(device, DELIVERED | host, time, packets.id(packet), packets.kind(packet), packets.bits(packet));
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
    const lanes = this.lanes;
    for (let at = 0; at < lanes.length; at += STRIDE) {
      const words = lanes[at + 2]!;
      if (words === 0) continue;
      combined.add(at / STRIDE);
      combined.add(words);
      combined.add(finish(lanes[at]! ^ words));
      combined.add(finish(lanes[at + 1]! ^ words));
    }
    return hex32(finish(combined.a ^ combined.words)) + hex32(finish(combined.b ^ combined.words));
  }

  /**
   * One step of `device`, 3 words: the time's low 32 bits, the packet id, and the place (a
   * link or host number with its tag) mixed with the time's high bits, the kind and the bits.
   * The lanes are updated in locals and written back once: this runs on every packet-hop.
   */
  private step(device: number, place: number, time: Time, id: number, kind: number, bits: number): void {
    if (this.deferred !== undefined) {
      this.defer6(device, place, time, id, kind, bits);
      return;
    }
    const at = STRIDE * device;
    if (at >= this.lanes.length) this.grow(at);
    const lanes = this.lanes;
    const high = (time / 4294967296) >>> 0;
    const last = Math.imul(place, 0x10001) ^ Math.imul(high, 0x2c1b3c6d) ^ (kind << 8) ^ bits;
    let a = lanes[at]!;
    let b = lanes[at + 1]!;
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
    lanes[at] = (a << 13) | (a >>> 19);
    lanes[at + 1] = (b << 17) | (b >>> 15);
    lanes[at + 2]! += 3;
  }

  /**
   * From now on, keeps the steps instead of hashing them, until `hashDeferred`: a part of a
   * split run hashes a window's steps once its packets have their final ids.
   */
  defer(): void {
    this.deferred ??= new Float64Array(6 * 1024);
  }

  /** Hashes the kept steps (`defer`) in the order they were taken, each packet id `id` as `finalId(id)`. */
  hashDeferred(finalId: (id: number) => number): void {
    const steps = this.deferred!;
    const length = this.deferredLength;
    this.deferred = undefined;
    for (let at = 0; at < length; at += 6) {
      this.step(steps[at]!, steps[at + 1]!, steps[at + 2]!, finalId(steps[at + 3]!), steps[at + 4]!, steps[at + 5]!);
    }
    this.deferred = steps;
    this.deferredLength = 0;
  }

  /**
   * Takes the hashes of the devices `other` has steps of (another part of a split run, or its
   * structured clone from another thread; docs/spec/parallel.md sec. 6): a device runs in one
   * part only, so the parts' fingerprints together are the single run's.
   */
  absorb(other: Fingerprint): void {
    const theirs = other.lanes;
    if (theirs.length > this.lanes.length) this.grow(theirs.length - STRIDE);
    for (let at = 0; at < theirs.length; at += STRIDE) {
      if (theirs[at + 2] === 0) continue;
      if (this.lanes[at + 2] !== 0) throw new Error(`device ${at / STRIDE} has steps in two parts`);
      this.lanes.set(theirs.subarray(at, at + STRIDE), at);
    }
  }

  private defer6(device: number, place: number, time: Time, id: number, kind: number, bits: number): void {
    let steps = this.deferred!;
    const at = this.deferredLength;
    if (at + 6 > steps.length) {
      const larger = new Float64Array(2 * steps.length);
      larger.set(steps);
      this.deferred = steps = larger;
    }
    steps[at] = device;
    steps[at + 1] = place;
    steps[at + 2] = time;
    steps[at + 3] = id;
    steps[at + 4] = kind;
    steps[at + 5] = bits;
    this.deferredLength = at + 6;
  }

  private grow(at: number): void {
    let length = this.lanes.length;
    while (length <= at) length *= 2;
    const lanes = seeded(new Int32Array(length), this.lanes.length);
    lanes.set(this.lanes);
    this.lanes = lanes;
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

/** Sets the lanes of every device from `from` on to their seeds. */
function seeded(lanes: Int32Array, from: number): Int32Array {
  for (let at = from; at < lanes.length; at += STRIDE) {
    lanes[at] = SEED_A;
    lanes[at + 1] = SEED_B;
  }
  return lanes;
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
