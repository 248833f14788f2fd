import type { Packet, PacketReader } from "@losslab/core";

/** How a buffer threshold counts: bytes held against bytes of capacity, or packets against whole packets. */
export type ThresholdUnit = "bytes" | "packets";

/** The `unit` parameter of the threshold markers (`ipm`, `opm`, `mvpm`). */
export const thresholdUnitParameter = {
  type: "choice",
  values: ["bytes", "packets"],
  default: "bytes",
  description: "whether a buffer is measured in bytes or in maximum-size packets (README)",
} as const;

/** A buffer threshold: a fraction of its capacity, in [0, 1) (a buffer never exceeds its capacity). */
export function thresholdParameter<const Default extends number>(fallback: Default, description: string) {
  return { type: "number", min: 0, max: 1, maxExclusive: true, default: fallback, description } as const;
}

/**
 * A buffer threshold given as a fraction of the buffer's capacity (ferrer-2012 sec. 4.3
 * item 1: "66 and 33 percent of the input and output buffer capacity"). A buffer is above
 * it when what it holds "exceeds" the fraction, strictly. In `"bytes"` the bytes held are
 * compared with `fraction` x capacity; in `"packets"` the packets held (ACKs included) with
 * `fraction` x the maximum-size packets the buffer can hold, floor(capacity / maxPacketBytes).
 */
export class BufferThreshold {
  private readonly fraction: number;
  private readonly unit: ThresholdUnit;
  private readonly maxPacketBytes: number;

  constructor(fraction: number, unit: ThresholdUnit, maxPacketBytes: number) {
    this.fraction = fraction;
    this.unit = unit;
    this.maxPacketBytes = maxPacketBytes;
  }

  /** Whether `packets`, held in a buffer of `capacity` bytes, exceed the threshold. */
  exceededBy(reader: PacketReader, packets: readonly Packet[], capacity: number): boolean {
    if (this.unit === "packets") return packets.length > this.fraction * Math.floor(capacity / this.maxPacketBytes);
    let bytes = 0;
    for (const packet of packets) bytes += reader.size(packet);
    return bytes > this.fraction * capacity;
  }
}
