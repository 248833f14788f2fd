import { type Packet, VlArbitration } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { FIRST_MODEL_EVENT, SwitchBase, type SwitchOptions } from "./switch-base.js";

export interface InputBufferedSwitchOptions extends SwitchOptions {
  /** How many times the head of an output's FIFO may be bypassed (santos-2002 Table 1: 4). */
  maxBypass?: number;
}

/** A packet waiting in an output VL's FIFO. */
interface Waiting {
  readonly packet: Packet;
  readonly input: number;
  readonly output: number;
  /** Times this packet, at the head of its FIFO, was bypassed. */
  bypassed: number;
}

const ELIGIBLE = FIRST_MODEL_EVENT;
const DEPARTED = FIRST_MODEL_EVENT + 1;

/**
 * The input-buffered switch of santos-2002 Table 1. Each input port has a buffer; each
 * output keeps a FIFO of the packets waiting for it. The crossbar lets each input send
 * one packet at a time and each output carry one. An output serves its FIFO's head unless
 * the head's input is busy sending to another output, in which case a newer packet whose
 * input is free may go first, at most `maxBypass` times per head (sec. 3). Cut-through:
 * forwarding may start `forwardingDelay` after the header arrives. A packet's buffer
 * space is freed, and its credits sent back upstream, when its last byte has left.
 *
 * With several VLs (`vls`) every input VL has its own buffer and every output VL its own
 * FIFO with the same bypass rule and its own credits, so a VL out of credits holds back
 * only its own packets (turner-2001 sec. 2); a free output picks among its VLs with a
 * packet that can go by weighted round robin (`VlArbitration`).
 */
export class InputBufferedSwitch extends SwitchBase {
  private readonly maxBypass: number;
  private readonly inputBusy: Uint8Array;
  /** Per output VL, at `output * vls + vl`. */
  private readonly fifo: Waiting[][] = [];
  /** Per output: packets in its FIFOs, all VLs. */
  private readonly queued: Int32Array;
  private readonly vlArbitration: VlArbitration | undefined;
  private roundRobin = 0;

  constructor(engine: Engine, options: InputBufferedSwitchOptions) {
    super(engine, options);
    this.maxBypass = options.maxBypass ?? 4;
    if (!Number.isInteger(this.maxBypass) || this.maxBypass < 0) {
      throw new RangeError(`${this.name}: maxBypass must be an integer >= 0; got ${this.maxBypass}`);
    }
    const n = this.portCount;
    this.inputBusy = new Uint8Array(n);
    this.queued = new Int32Array(n);
    for (let slot = 0; slot < n * this.vls; slot++) this.fifo.push([]);
    if (this.vls > 1 || options.vlWeights !== undefined) {
      this.vlArbitration = new VlArbitration(this.name, n, this.vls, options.vlWeights);
    }
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, tailAt: Time): void {
    const output = this.admit(packet, input);
    const earliest = this.earliestStart(tailAt, packet.size, this.outputLinks[output]!.bandwidth);
    this.engine.at(earliest, this, ELIGIBLE, {
      packet,
      input,
      output,
      bypassed: 0,
    } satisfies Waiting);
    this.watchTail(packet, input, tailAt);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) {
      const entry = payload as Waiting;
      this.fifo[entry.output * this.vls + entry.packet.vl]!.push(entry);
      this.queued[entry.output]!++;
      this.requestArbitration();
    } else if (kind === DEPARTED) {
      this.departed(payload as Waiting);
    }
  }

  /** Offers each free output a packet, starting from a rotating output for fairness among outputs. */
  protected arbitrate(): void {
    const n = this.portCount;
    for (let k = 0; k < n; k++) {
      const output = (this.roundRobin + k) % n;
      if (this.linkBusy[output] !== 0 || this.queued[output] === 0) continue;
      if (this.vlArbitration === undefined) this.serve(output, output);
      else this.serveVls(output, this.vlArbitration);
    }
    this.roundRobin = (this.roundRobin + 1) % n;
  }

  /** Offers the free `output` to its VLs in weighted round-robin order until one sends. */
  private serveVls(output: number, arbitration: VlArbitration): void {
    const vls = this.vls;
    const first = arbitration.first(output);
    for (let k = 0; k < vls; k++) {
      const vl = (first + k) % vls;
      const slot = output * vls + vl;
      if (this.fifo[slot]!.length > 0 && this.serve(output, slot)) {
        arbitration.sent(output, vl);
        return;
      }
    }
  }

  /**
   * Per-output (per output VL) FIFO `slot` with bounded bypass of a head whose input is busy
   * (santos-2002 sec. 3, Table 1). Returns whether a packet started.
   */
  private serve(output: number, slot: number): boolean {
    const queue = this.fifo[slot]!;
    const head = queue[0]!;
    let chosen = -1;
    if (this.inputBusy[head.input] === 0) chosen = 0;
    else if (head.bypassed < this.maxBypass) {
      for (let i = 1; i < queue.length; i++) {
        if (this.inputBusy[queue[i]!.input] === 0) {
          chosen = i;
          break;
        }
      }
    }
    if (chosen < 0) return false;
    const entry = queue[chosen]!;
    if (!this.canStart(output, entry.packet)) return false;
    if (chosen > 0) head.bypassed++;
    queue.splice(chosen, 1);
    this.queued[output]!--;
    this.linkBusy[output] = 1;
    this.inputBusy[entry.input] = 1;
    this.waiting[output]!--;
    this.marking?.packetDeparting?.(entry.packet, entry.input, output);
    this.consumeCredits(output, entry.packet);
    const end = this.outputLinks[output]!.transmit(entry.packet);
    this.engine.at(end, this, DEPARTED, entry);
    return true;
  }

  private departed(entry: Waiting): void {
    const { packet, input, output } = entry;
    this.linkBusy[output] = 0;
    this.inputBusy[input] = 0;
    this.release(packet, input);
    this.requestArbitration();
  }
}
