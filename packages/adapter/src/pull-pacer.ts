import { type Packet, PacketKind } from "@losslab/core";
import { type Engine, type EventHandler, type Time, transmissionTime } from "@losslab/engine";
import { PULL_DUE } from "./adapter-events.js";
import type { ControlQueue } from "./control-queue.js";
import { PULL_QUANTUM, type ReceiverCreditOptions } from "./receiver-credit-options.js";

/** What a destination knows of one source flow's credit: the highest pull target it asked, the credit granted. */
interface PullAccount {
  readonly flow: number;
  readonly source: number;
  readonly vl: number;
  /** Quanta, cumulative. */
  target: number;
  granted: number;
  /** In the active list (uet-htsim's `_in_pull`). */
  active: boolean;
}

/** The least gap after a pull that granted nothing: 1024 B worth (uet-htsim `uec.cpp:3123-3129`). */
const EMPTY_PULL_QUANTA = 1024 / PULL_QUANTUM;

/**
 * RCCC at the destination (docs/spec/uec.md sec. 3; uet-htsim's UecPullPacer, `uec.cpp:2912-2947`,
 * `3061-3130`, `3157-3169`): one pacer per host, shared by the flows toward it, with two lists.
 * A flow joins the active list when a data packet raises its pull target, when a trimmed
 * header of it arrives, or when it sends an RTS (`uec.cpp:2547-2569`, `2784-2792`, `2814-2817`).
 * The pacer serves the active list round robin, one pull of at most `creditPerPull` per turn,
 * never past the target (a turn with nothing left to grant still sends a pull, of nothing); a
 * flow whose target is met moves to the idle list. Only while the active list is empty, the
 * idle list gets unsolicited "slow pulls" of `creditPerPull` each, round robin, until a flow
 * holds a window (`windowBytes`, rounded down to quanta) granted beyond its target. After each
 * pull the pacer waits for its grant to drain at `pullRate` divided by `rate` (1024 B worth
 * after a pull of nothing). Pulls are control frames (ACK-sized, ahead of data at the NIC).
 */
export class PullPacer {
  private readonly accounts = new Map<number, PullAccount>();
  /** Flows owed credit, in turn order. */
  private readonly turns: PullAccount[] = [];
  private head = 0;
  /** Flows whose target is met, in turn for slow pulls; a flow may stand in it more than once, as in uet-htsim. */
  private readonly idle: PullAccount[] = [];
  private idleHead = 0;
  private due = false;
  /** When the credit granted so far has drained at the pull rate: the earliest next pull. */
  private nextPull: Time = 0;
  private readonly perPull: number;
  private readonly slowCap: number;
  /** The pacer's rate as a fraction of `pullRate` (OversubscribedCC lowers it); 1 without. */
  rate = 1;

  constructor(
    private readonly options: ReceiverCreditOptions,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    private readonly control: ControlQueue,
  ) {
    this.perPull = Math.floor(options.creditPerPull / PULL_QUANTUM);
    this.slowCap = Math.floor(options.windowBytes / PULL_QUANTUM);
  }

  /** A data packet arrived; its pull target (0: a flow without credits) may owe its flow credit. */
  dataArrived(packet: Packet): void {
    const target = this.control.packets.feedback(packet);
    if (target === 0) return;
    const account = this.account(packet);
    if (target > account.target) {
      account.target = target;
      this.activate(account);
    }
  }

  /**
   * A trimmed header (its pull target counts as its data packet's would, `processTrimmed`,
   * `uec.cpp:2771`) or an RTS (`processRts`, `uec.cpp:2805-2817`, the target in `seq`)
   * arrived: its flow joins the active list whatever its target, since its source is
   * waiting for credit to send again.
   */
  asked(packet: Packet): void {
    const packets = this.control.packets;
    const target = packets.kind(packet) === PacketKind.Rts ? packets.seq(packet) : packets.feedback(packet);
    const account = this.account(packet);
    if (target > account.target) account.target = target;
    this.activate(account);
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
        active: false,
      };
      this.accounts.set(id, account);
    }
    return account;
  }

  private activate(account: PullAccount): void {
    if (account.active) return;
    account.active = true;
    this.turns.push(account);
    this.schedule();
  }

  /** The next pull is due (`PULL_DUE`): the flow whose turn it is gets one; true if a pull was queued. */
  pull(): boolean {
    this.due = false;
    let grant: number;
    let account: PullAccount;
    if (this.head < this.turns.length) {
      account = this.turns[this.head++]!;
      grant = Math.max(0, Math.min(this.perPull, account.target - account.granted));
      account.granted += grant;
      if (account.granted < account.target) this.turns.push(account);
      else {
        account.active = false;
        this.idle.push(account);
      }
      this.compact();
    } else if (this.idleHead < this.idle.length) {
      // A slow pull: unasked credit while no flow is owed any (`uec.cpp:3091-3113`).
      account = this.idle[this.idleHead++]!;
      grant = this.perPull;
      account.granted += grant;
      if (account.granted - account.target < this.slowCap) this.idle.push(account);
      if (this.idleHead === this.idle.length || this.idleHead >= 1024) {
        this.idle.splice(0, this.idleHead);
        this.idleHead = 0;
      }
    } else return false;
    this.control.add(PacketKind.Pull, account.flow, account.source, account.granted, account.vl, 0, 0);
    const quanta = grant === 0 ? EMPTY_PULL_QUANTA : grant;
    this.nextPull = this.engine.now + transmissionTime(quanta * PULL_QUANTUM, this.options.pullRate * this.rate);
    this.schedule();
    return true;
  }

  private compact(): void {
    if (this.head === this.turns.length) {
      this.turns.length = 0;
      this.head = 0;
    } else if (this.head >= 1024) {
      this.turns.splice(0, this.head);
      this.head = 0;
    }
  }

  private schedule(): void {
    if (this.due || (this.head === this.turns.length && this.idleHead === this.idle.length)) return;
    this.due = true;
    this.engine.at(Math.max(this.engine.now, this.nextPull), this.handler, PULL_DUE);
  }
}
