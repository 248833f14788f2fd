import { applyPause, CreditAccount, isPaused, LosslessViolation, type Packet, type PacketReader } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** `OutputFlowControl.blocked`: the buffer downstream lacks credits for the packet. */
export const NO_CREDITS = 1;
/** `OutputFlowControl.blocked`: a PAUSE from downstream holds the packet's priority. */
export const PAUSED = 2;

/**
 * What the buffers downstream of a switch's outputs allow it to send, per output VL at
 * `port * vls + vl`: the credits of each downstream VL buffer (santos-2002 sec. 1; turner-2001
 * sec. 2: per VL) and the priorities a PAUSE frame from downstream holds (802.3 Annex 31B;
 * per priority, 802.1Qbb). An output honours both whatever its own inputs' flow control.
 */
export class OutputFlowControl {
  /** Per output VL: the credits of the VL buffer downstream; undefined until connected. */
  private readonly accounts: (CreditAccount | undefined)[] = [];
  /** Per output: the priorities a PAUSE from downstream holds (bit p: priority p). */
  private readonly pausedPriorities: Uint8Array;

  constructor(
    private readonly name: string,
    ports: number,
    private readonly vls: number,
    private readonly creditBytes: number,
    /** From a received PAUSE frame's last byte to when the output honours it. */
    readonly reactionDelay: Time,
  ) {
    this.pausedPriorities = new Uint8Array(ports);
    for (let slot = 0; slot < ports * vls; slot++) this.accounts.push(undefined);
  }

  /** Output `port` is connected to a device whose VL buffers each take `downstreamCredits` blocks. */
  connect(port: number, downstreamCredits: number): void {
    for (let vl = 0; vl < this.vls; vl++) {
      const label = this.vls === 1 ? `${this.name} output ${port}` : `${this.name} output ${port} VL ${vl}`;
      this.accounts[port * this.vls + vl] = new CreditAccount(downstreamCredits, this.creditBytes, label);
    }
  }

  /**
   * What keeps a packet of `bytes` on VL `vl` from starting on `output` now: 0 nothing,
   * `NO_CREDITS` the buffer downstream lacks room for all of it on its VL, `PAUSED` a PAUSE
   * from downstream holds its priority (credits are looked at first).
   */
  blocked(output: number, vl: number, bytes: number): number {
    if (!this.accounts[output * this.vls + vl]!.canSend(bytes)) return NO_CREDITS;
    return isPaused(this.pausedPriorities[output]!, vl) ? PAUSED : 0;
  }

  /** Whether a PAUSE from downstream holds priority `vl` of `output` now. */
  paused(output: number, vl: number): boolean {
    return isPaused(this.pausedPriorities[output]!, vl);
  }

  /** Takes the credits of a packet of `bytes` on VL `vl`, starting on `output` now, from its VL's account. */
  consume(output: number, vl: number, bytes: number): void {
    this.accounts[output * this.vls + vl]!.consume(bytes);
  }

  /** The buffer downstream of `port` has freed `blocks` on VL `vl`; above its capacity, or on a VL the output lacks, throws. */
  restore(port: number, blocks: number, vl: number): void {
    if (vl >= this.vls) {
      throw new LosslessViolation(`${this.name} output ${port}: credits returned for VL ${vl}, which it does not have`);
    }
    this.accounts[port * this.vls + vl]!.restore(blocks);
  }

  /** Credit blocks output VL `vl` of `output` may still send; 0 before it is connected. */
  credits(output: number, vl: number): number {
    return this.accounts[output * this.vls + vl]?.credits ?? 0;
  }

  /** A PAUSE frame received on `port` takes effect (its reaction delay has passed); true if it let a priority go. */
  applyPause(port: number, packets: PacketReader, frame: Packet): boolean {
    const before = this.pausedPriorities[port]!;
    const after = applyPause(before, packets, frame);
    this.pausedPriorities[port] = after;
    return after < before;
  }
}
