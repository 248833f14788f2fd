import type { Time } from "@losslab/engine";
import type { Flow } from "./flow.js";
import { PULL_QUANTUM, type ReceiverCreditOptions } from "./receiver-credit-options.js";

/**
 * RCCC at the source (docs/spec/uec.md sec. 3; uet-htsim `uec.cpp:799-810`, `1125-1128`,
 * `1838-1904`): a flow sends only while it holds credit (> 0 B), and each data packet spends
 * its size. It starts speculating with a window of credit; its first pull or ACK ends that and
 * drops what is left of it. Pulls add credit, capped at that window. Every data packet carries
 * its pull target: the credit the flow wants granted in all, cumulative, in 256 B quanta.
 */
export class SenderCredit {
  constructor(private readonly options: ReceiverCreditOptions) {}

  /** `flow` begins: it may speculate a window. A flow never opened holds unlimited credit. */
  open(flow: Flow): void {
    flow.credit = this.options.windowBytes;
    flow.speculating = true;
    flow.pulled = 0;
  }

  /**
   * `flow` (opened, holding credit: `flow.credit` > 0) sends a data packet under window `window` (packets, the one in force): it spends
   * the packet's size; returns the packet's pull target (quanta). The target asks for what
   * the flow still has to send, at most the credit window, or its congestion window and a
   * packet when one binds (uet-htsim with both NSCC and RCCC), less the credit it holds.
   * While speculating with data left it asks for at least a packet.
   */
  spend(flow: Flow, window: number): number {
    const size = flow.packetBytes;
    flow.credit -= size;
    const backlog = (flow.remaining - 1) * size; // after this packet; Infinity for a greedy flow
    let wanted = Math.min(backlog, this.options.windowBytes);
    if (Number.isFinite(window)) wanted = Math.min(wanted, (window + 1) * size);
    wanted -= flow.credit;
    if (flow.speculating && wanted < size && backlog > 0) wanted = size;
    flow.pullTarget = Math.max(flow.pulled, Math.ceil((wanted + flow.pulled * PULL_QUANTUM) / PULL_QUANTUM));
    return flow.pullTarget;
  }

  /**
   * `flow`'s retransmission timer fired (`waiting`: it already had packets queued to send
   * again): whether it must ask its destination for credit with an RTS now. It must when it
   * cannot send what it has to send again: its queue was not empty before (then its
   * speculation ends), its window binds, or it holds no credit (uet-htsim `rtxTimerExpired`,
   * `uec.cpp:2368-2411`); at most one RTS per `rtsInterval` (`uec.cpp:2174-2179`).
   */
  asksToSend(flow: Flow, waiting: boolean, now: Time): boolean {
    if (flow.resend.length === 0) return false;
    if (waiting) this.heard(flow);
    else if (flow.outstanding < flow.windowInForce() && flow.credit > 0) return false;
    if (flow.lastRts >= 0 && now - flow.lastRts < this.options.rtsInterval) return false;
    flow.lastRts = now;
    flow.rtsUnanswered = true;
    return true;
  }

  /**
   * `flow`'s timer fired: if its RTS went unanswered for `timeout`, it is sent again, as
   * uet-htsim times an RTS like a packet (`uec.cpp:2189`, `2202`); a flow with nothing left to
   * send again stops waiting for the answer.
   */
  rtsExpired(flow: Flow, now: Time, timeout: Time): boolean {
    if (flow.resend.length === 0) flow.rtsUnanswered = false;
    if (!flow.rtsUnanswered || now - flow.lastRts < timeout) return false;
    flow.lastRts = now;
    return true;
  }

  /** The first word from the destination (a pull or an ACK) ends speculation: unspent speculative credit is dropped. */
  heard(flow: Flow): void {
    if (!flow.speculating) return;
    flow.speculating = false;
    if (flow.credit > 0) flow.credit = 0;
  }

  /** A pull granting `pullNumber` quanta in all arrived for `flow`. */
  pulled(flow: Flow, pullNumber: number): void {
    this.heard(flow);
    if (pullNumber <= flow.pulled) return;
    flow.credit = Math.min(flow.credit + (pullNumber - flow.pulled) * PULL_QUANTUM, this.options.windowBytes);
    flow.pulled = pullNumber;
  }
}
