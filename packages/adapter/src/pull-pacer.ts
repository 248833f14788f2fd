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
    const packets = this.control.packets;
    const target = packets.feedback(packet);
    if (target === 0) return;
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
