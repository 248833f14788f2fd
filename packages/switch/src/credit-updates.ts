import { createCreditUpdate, type InboundLink, type Packet, type PacketStore } from "@losslab/core";
import type { Engine, EventHandler, Time } from "@losslab/engine";
import type { CreditUpdateSettings } from "./flow-control.js";

/**
 * The credit updates a switch's input buffers owe upstream under CBFC (docs/spec/cbfc.md),
 * per (input, priority) at `input * vls + vl`: the cumulative blocks each has freed, and the
 * count its last update carried. Freed blocks wait for the next boundary of the update
 * period; then every buffer with news owes one frame, which the switch sends on the output
 * of the same port ahead of data (`SwitchBase`), carrying the count at that moment. Nothing
 * freed, no frame: with links that lose nothing a repeated update would add no credits.
 */
export class CreditUpdates implements EventHandler<undefined> {
  /** Buffers that owe an update frame. */
  owing = 0;
  /** Update frames sent. */
  sent = 0;
  private readonly freed: Float64Array;
  private readonly advertised: Float64Array;
  private readonly owes: Uint8Array;
  private armed = false;

  constructor(
    private readonly engine: Engine,
    ports: number,
    private readonly vls: number,
    private readonly settings: CreditUpdateSettings,
    private readonly packets: PacketStore,
    /** Called when updates fall due: the switch arbitrates its links. */
    private readonly due: () => void,
  ) {
    this.freed = new Float64Array(ports * vls);
    this.advertised = new Float64Array(ports * vls);
    this.owes = new Uint8Array(ports * vls);
  }

  /** The link into `port` as its input buffers see it: credits they return are collected here instead. */
  inbound(port: number, link: InboundLink): InboundLink {
    return {
      bandwidth: link.bandwidth,
      packets: link.packets,
      delay: link.delay,
      backDelay: link.backDelay,
      overheadBytes: link.overheadBytes,
      returnCredits: (blocks: number, vl = 0) => this.released(port * this.vls + vl, blocks),
    };
  }

  /** Buffer `slot` freed `blocks`: they go upstream at the next boundary of the period. */
  private released(slot: number, blocks: number): void {
    this.freed[slot]! += blocks;
    if (this.armed) return;
    this.armed = true;
    const period = this.settings.period;
    this.engine.at((Math.floor(this.engine.now / period) + 1) * period, this, 0, undefined);
  }

  /** A boundary of the period: every buffer that freed blocks since its last update owes one. */
  handleEvent(): void {
    this.armed = false;
    for (let slot = 0; slot < this.freed.length; slot++) {
      if (this.owes[slot] === 0 && this.freed[slot] !== this.advertised[slot]) {
        this.owes[slot] = 1;
        this.owing++;
      }
    }
    if (this.owing > 0) this.due();
  }

  /**
   * The link back upstream from input `port` works again after a failure: every priority that
   * has freed anything owes an update now, since the last ones may have been lost with the
   * link (the counts are cumulative, so one that did arrive adds nothing). True if any is owed.
   */
  readvertise(port: number): boolean {
    const owing = this.owing;
    for (let slot = port * this.vls; slot < (port + 1) * this.vls; slot++) {
      if (this.owes[slot] === 0 && this.freed[slot]! > 0) {
        this.owes[slot] = 1;
        this.owing++;
      }
    }
    return this.owing > owing;
  }

  /** The lowest priority of input `port` that owes an update; -1 if none. */
  owed(port: number): number {
    const base = port * this.vls;
    for (let vl = 0; vl < this.vls; vl++) if (this.owes[base + vl] === 1) return vl;
    return -1;
  }

  /** The update input `port` owes for `priority`, made now with the blocks freed until now. */
  frame(port: number, priority: number, now: Time): Packet {
    const slot = port * this.vls + priority;
    this.owes[slot] = 0;
    this.owing--;
    this.sent++;
    this.advertised[slot] = this.freed[slot]!;
    return createCreditUpdate(this.packets, priority, this.freed[slot]!, this.settings.frameBytes, now);
  }
}
