import { type Packet, PacketKind } from "@losslab/core";
import { type Engine, type EventHandler, type Time, transmissionTime } from "@losslab/engine";
import { PULL_DUE } from "./adapter-events.js";
import type { ControlQueue } from "./control-queue.js";
import { PULL_QUANTUM, type ReceiverCreditOptions } from "./receiver-credit-options.js";

/** What a destination knows of one source flow's credit: the pull target it last asked, the credit granted. */
interface PullAccount {
  readonly flow: number;
  readonly source: number;
  readonly vl: number;
  /** Quanta. */
  target: number;
  granted: number;
  waiting: boolean;
}

/**
 * RCCC at the destination (docs/spec/uec.md sec. 3; uet-htsim's UecPullPacer, `uec.cpp:2912-2947`,
 * `3061-3130`): one pacer per host, shared by the flows toward it. A flow whose data packet
 * raises its pull target above the credit granted joins the pacer's list; the pacer serves
 * the list round robin, one pull of at most `creditPerPull` per turn, never past the target,
 * and waits after each pull for the credit it granted to drain at `pullRate`. Pulls are
 * control frames (ACK-sized, ahead of data at the NIC). uet-htsim's unsolicited "slow
 * pulls" to idle flows are left out: a flow here always states its target.
 */
export class PullPacer {
  private readonly accounts = new Map<number, PullAccount>();
  /** Flows owed credit, in turn order. */
  private readonly turns: PullAccount[] = [];
  private head = 0;
  private due = false;
  /** When the credit granted so far has drained at the pull rate: the earliest next pull. */
  private nextPull: Time = 0;
  private readonly perPull: number;

  constructor(
    private readonly options: ReceiverCreditOptions,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
  ) {
    this.perPull = Math.floor(options.creditPerPull / PULL_QUANTUM);
  }

  /** A data packet arrived; its pull target (0: a flow without credits) may owe its flow credit. */
  dataArrived(packet: Packet): void {
    this.raise(packet, 0);
  }

  /**
   * A trimmed packet's header arrived: its pull target counts as a data packet's
   * (uet-htsim's `processTrimmed`, `uec.cpp:2771`), and its flow is owed one more pull, the
   * credit to send it again. uet-htsim instead puts the flow back in the pull queue
   * (`uec.cpp:2785-2792`) and relies on its unsolicited slow pulls (`uec.cpp:3089-3113`),
   * which losslab leaves out: without the extra pull, a flow whose packets in flight were all
   * trimmed would wait for credit forever.
   */
  trimmed(packet: Packet): void {
    this.raise(packet, this.perPull);
  }

  /** Raises the packet's flow's target to the one it carries, plus `extra` quanta. */
  private raise(packet: Packet, extra: number): void {
    const packets = this.control.packets;
    const carried = packets.feedback(packet);
    if (carried === 0) return;
    const id = packets.flow(packet);
    let account = this.accounts.get(id);
    if (account === undefined) {
      account = {
        flow: id,
        source: packets.source(packet),
        vl: packets.vl(packet),
        target: 0,
        granted: 0,
        waiting: false,
      };
      this.accounts.set(id, account);
    }
    const target = Math.max(carried, account.target) + extra;
    if (target <= account.target) return;
    account.target = target;
    if (!account.waiting && account.granted < target) {
      account.waiting = true;
      this.turns.push(account);
      this.schedule();
    }
  }

  /** The next pull is due (`PULL_DUE`): the flow whose turn it is gets one; true if a pull was queued. */
  pull(): boolean {
    this.due = false;
    if (this.head === this.turns.length) return false;
    const account = this.turns[this.head++]!;
    const grant = Math.min(this.perPull, account.target - account.granted);
    account.granted += grant;
    this.control.add(PacketKind.Pull, account.flow, account.source, account.granted, account.vl, 0, 0);
    if (account.granted < account.target) this.turns.push(account);
    else account.waiting = false;
    if (this.head === this.turns.length) {
      this.turns.length = 0;
      this.head = 0;
    } else if (this.head >= 1024) {
      this.turns.splice(0, this.head);
      this.head = 0;
    }
    this.nextPull = this.engine.now + transmissionTime(grant * PULL_QUANTUM, this.options.pullRate);
    this.schedule();
    return true;
  }

  private schedule(): void {
    if (this.due || this.head === this.turns.length) return;
    this.due = true;
    this.engine.at(Math.max(this.engine.now, this.nextPull), this.handler, PULL_DUE);
  }
}
