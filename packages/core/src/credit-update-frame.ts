import type { Time } from "@losslab/engine";
import { LosslessViolation } from "./lossless-violation.js";
import { type Packet, PacketKind } from "./packet.js";
import type { PacketReader } from "./packet-reader.js";
import type { PacketStore } from "./packet-store.js";

/** A credit-update frame is a minimum-size Ethernet frame unless configured: 64 B (like PAUSE). */
export const CREDIT_UPDATE_FRAME_BYTES = 64;

/**
 * Credit counters wrap at 2^30 blocks. InfiniBand's FCCL and FCTBS are 12-bit counters
 * (modulo 4096); a wider modulus lets one update cover any buffer a scenario can configure
 * while keeping the frame's counter in a packet's 32-bit `seq`.
 */
export const CREDIT_COUNTER_MODULO = 2 ** 30;

/**
 * Creates a credit-update frame for `priority` carrying `cumulativeBlocks`, the blocks the
 * sender's input buffer has freed on that priority since the link came up, modulo
 * `CREDIT_COUNTER_MODULO`. Link-local: no flow, source or destination (-1).
 */
export function createCreditUpdate(
  packets: PacketStore,
  priority: number,
  cumulativeBlocks: number,
  bytes: number,
  createdAt: Time,
): Packet {
  return packets.create({
    kind: PacketKind.CreditUpdate,
    flow: -1,
    source: -1,
    destination: -1,
    size: bytes,
    seq: cumulativeBlocks % CREDIT_COUNTER_MODULO,
    vl: priority,
    createdAt,
  });
}

/**
 * The receiving side of credit updates on one port, per priority: the last cumulative count
 * heard, so that each update yields the blocks freed since the previous one. Cumulative
 * counters make updates idempotent, as InfiniBand's flow-control packets are (IBA vol. 1
 * sec. 7.9.4, FCCL/FCTBS): a lost update is made good by the next, a repeated one adds nothing.
 */
export class CreditUpdateCounters {
  private readonly heard: Float64Array;

  constructor(
    private readonly name: string,
    priorities: number,
  ) {
    this.heard = new Float64Array(priorities);
  }

  /** The blocks `frame` returns: its count minus the last one heard on its priority, modulo the counter. */
  received(packets: PacketReader, frame: Packet): { readonly vl: number; readonly blocks: number } {
    const vl = packets.vl(frame);
    if (!(vl >= 0 && vl < this.heard.length)) {
      throw new LosslessViolation(`${this.name}: credit update for priority ${vl}, which it does not have`);
    }
    const count = packets.seq(frame);
    const blocks = (count - this.heard[vl]! + CREDIT_COUNTER_MODULO) % CREDIT_COUNTER_MODULO;
    this.heard[vl] = count;
    return { vl, blocks };
  }
}
