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
  /** Quanta granted unasked since the flow's last trim; -1: owed no slow pulls. */
  slow: number;
}

/**
 * RCCC at the destination (docs/spec/uec.md sec. 3; uet-htsim's UecPullPacer, `uec.cpp:2912-2947`,
 * `3061-3130`): one pacer per host, shared by the flows toward it. A flow whose data packet
 * raises its pull target above the credit granted joins the pacer's list; the pacer serves
 * the list round robin, one pull of at most `creditPerPull` per turn, never past the target,
 * and waits after each pull for the credit it granted to drain at `pullRate`. Pulls are
 * control frames (ACK-sized, ahead of data at the NIC).
 *
 * A trimmed packet's header also reaches the destination: its source must send it again, but
 * the target it stated counted it as sent, and a flow whose every packet went out
 * speculatively states no target after it. As uet-htsim does after a trim (`processTrimmed`
 * joins the pacer; an account with its target met moves to the idle list,
 * `uec.cpp:2784-2792`, `3061-3114`), the flow then gets unasked "slow pulls" of
 * `creditPerPull`, when no flow is owed credit, until they add up to the credit window.
 * Deviation: uet-htsim gives every account whose target is met slow pulls; here only one
 * that had a trim, since without trimming a flow always states what it still needs.
 */
export class PullPacer {
  private readonly accounts = new Map<number, PullAccount>();
  /** Flows owed credit, in turn order. */
  private readonly turns: PullAccount[] = [];
  private head = 0;
  /** Flows owed slow pulls (after a trim), in turn order. */
  private readonly idle: PullAccount[] = [];
  private due = false;
  /** When the credit granted so far has drained at the pull rate: the earliest next pull. */
  private nextPull: Time = 0;
  private readonly perPull: number;
  /** The credit window in quanta: slow pulls stop there. */
  private readonly window: number;

  constructor(
    private readonly options: ReceiverCreditOptions,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
  ) {
    this.perPull = Math.floor(options.creditPerPull / PULL_QUANTUM);
    this.window = Math.floor(options.windowBytes / PULL_QUANTUM);
  }

  /** A data packet arrived; its pull target (0: a flow without credits) may owe its flow credit. */
  dataArrived(packet: Packet): void {
    if (this.control.packets.feedback(packet) === 0) return;
    this.raiseTarget(this.account(packet), packet);
  }

  /** A trimmed packet's header arrived (a flow with credits): its target counts, and its flow is owed slow pulls. */
  trimmedArrived(packet: Packet): void {
    if (this.control.packets.feedback(packet) === 0) return;
    const account = this.account(packet);
    this.raiseTarget(account, packet);
    if (account.slow < 0) this.idle.push(account);
    account.slow = 0;
    this.schedule();
  }

  private account(packet: Packet): PullAccount {
    const packets = this.control.packets;
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
        slow: -1,
      };
      this.accounts.set(id, account);
    }
    return account;
  }

  private raiseTarget(account: PullAccount, packet: Packet): void {
    const target = this.control.packets.feedback(packet);
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
    if (this.head === this.turns.length) return this.slowPull();
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

  /** No flow is owed credit: the next flow owed slow pulls gets `creditPerPull` unasked (uet-htsim's idle list). */
  private slowPull(): boolean {
    const account = this.idle.shift();
    if (account === undefined) return false;
    account.granted += this.perPull;
    account.slow += this.perPull;
    this.control.add(PacketKind.Pull, account.flow, account.source, account.granted, account.vl, 0, 0);
    // A flow owed credit again is served from the turns; slow pulls stop at the window.
    if (account.slow < this.window && !account.waiting) this.idle.push(account);
    else account.slow = -1;
    this.nextPull = this.engine.now + transmissionTime(this.options.creditPerPull, this.options.pullRate);
    this.schedule();
    return true;
  }

  private schedule(): void {
    if (this.due || (this.head === this.turns.length && this.idle.length === 0)) return;
    this.due = true;
    this.engine.at(Math.max(this.engine.now, this.nextPull), this.handler, PULL_DUE);
  }
}
