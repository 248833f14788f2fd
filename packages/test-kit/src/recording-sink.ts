/** A receiving device that records what arrives, for tests of switches and links. */
import type { Device, InboundLink, Packet, PacketRecord } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";

/** One packet seen by a sink: when its header arrived, when its last byte arrives. */
export interface Arrival {
  /** The packet's fields as its header arrived. */
  packet: PacketRecord;
  /** Its slot in the store. */
  slot: Packet;
  port: number;
  headerAt: Time;
  tailAt: Time;
}

/**
 * A receiver that records every arrival. It advertises `credits` blocks per port
 * (default Infinity: it drains at link rate, like a host); with finite credits it gives
 * them back only when the test calls `release`.
 */
export class RecordingSink implements Device {
  readonly arrivals: Arrival[] = [];
  private readonly inbound = new Map<number, InboundLink>();

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly credits = Number.POSITIVE_INFINITY,
  ) {}

  connectOutput(): void {
    throw new Error(`${this.name} is a sink: it has no outputs`);
  }

  connectInput(port: number, link: InboundLink): void {
    this.inbound.set(port, link);
  }

  inputCredits(_port: number): number {
    return this.credits;
  }

  receive(packet: Packet, port: number, tailAt: Time): void {
    const packets = this.inbound.get(port)!.packets;
    this.arrivals.push({ packet: packets.record(packet), slot: packet, port, headerAt: this.engine.now, tailAt });
  }

  creditsReturned(): void {
    throw new Error(`${this.name} is a sink: it never sends, so it gets no credits back`);
  }

  /** Frees `blocks` of the buffer of VL `vl` behind input `port`: the credits travel back upstream. */
  release(port: number, blocks: number, vl = 0): void {
    this.inbound.get(port)!.returnCredits(blocks, vl);
  }
}
