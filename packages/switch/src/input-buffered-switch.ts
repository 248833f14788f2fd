import { type ClassScheduler, type ClassServer, type Packet, removeAt } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { MAX_PACKETS, OptionError } from "@losslab/kinds";
import { OUTPUT_ORDERS, type OutputOrder, resolveOutputOrder } from "./output-order.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";
import { defineSwitchOrganisation } from "./switch-organisation.js";
import { vlLanes, vlParameters } from "./vl-parameters.js";
import { createVlScheduler } from "./vl-scheduler.js";

export interface InputBufferedSwitchOptions extends SwitchOptions {
  /** How many times the head of an output's FIFO may be bypassed (santos-2002 Table 1: 4). */
  maxBypass?: number;
  /**
   * The order in which free outputs are offered a packet, which decides the output an input
   * holding packets for several serves first: "rotate" (default), "longest-idle" or
   * "oldest-packet" (`OutputOrder`; santos-2002 leaves it open).
   */
  outputOrder?: OutputOrder;
}

/**
 * A packet waiting in an output VL's FIFO, from its eligibility event to its departure. The
 * switch reuses these records (`spare`), so a packet-hop allocates nothing.
 */
class Waiting {
  packet: Packet;
  input: number;
  output: number;
  /** When its header arrived at this switch ("oldest-packet" order). */
  arrivedAt: Time;
  /** Times this packet, at the head of its FIFO, was bypassed. */
  bypassed = 0;

  constructor(packet: Packet, input: number, output: number, arrivedAt: Time) {
    this.packet = packet;
    this.input = input;
    this.output = output;
    this.arrivedAt = arrivedAt;
  }
}

const ELIGIBLE = FIRST_MODEL_EVENT;
const DEPARTED = FIRST_MODEL_EVENT + 1;

/** `OutputOrder` as a number, so that the arbitration compares integers. */
const ROTATE = 0;
const LONGEST_IDLE = 1;
const OLDEST_PACKET = 2;
const ORDER_CODES: Record<OutputOrder, number> = {
  rotate: ROTATE,
  "longest-idle": LONGEST_IDLE,
  "oldest-packet": OLDEST_PACKET,
};

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
 * packet that can go by its `vlScheduling` (`ClassScheduler`: weighted round robin by
 * default, strict priority or deficit weighted round robin). Under PAUSE the VLs are PFC
 * priorities (802.1Qbb), each paused on its own.
 *
 * When one input holds packets for several free outputs, the output offered first takes
 * it: `outputOrder` (see `OutputOrder`) rotates the first output (default), or offers the
 * output idle longest, or the one whose candidate packet is oldest, first.
 */
export class InputBufferedSwitch extends SwitchBase implements ClassServer {
  private readonly maxBypass: number;
  private readonly inputBusy: Uint8Array;
  /** Per output VL, at `output * vls + vl`. */
  private readonly fifo: Waiting[][] = [];
  /** Per output: packets in its FIFOs, all VLs. */
  private readonly queued: Int32Array;
  private readonly vlScheduler: ClassScheduler | undefined;
  private roundRobin = 0;
  /** `ORDER_CODES[outputOrder]`. */
  private readonly outputOrder: number;
  /** Per output: when its last data packet ended ("longest-idle"). */
  private readonly idleSince: Float64Array;
  /** Scratch for the outputs of one arbitration, in the order they are offered. */
  private readonly offerOrder: Int32Array;
  /** Records of departed packets, for reuse. */
  private readonly spare: Waiting[] = [];

  constructor(engine: Engine, options: InputBufferedSwitchOptions) {
    super(engine, options);
    this.maxBypass = options.maxBypass ?? 4;
    if (!Number.isInteger(this.maxBypass) || this.maxBypass < 0) {
      throw OptionError.of(this.name, "maxBypass", "must be an integer >= 0", { value: this.maxBypass, limit: 0 });
    }
    this.outputOrder = ORDER_CODES[resolveOutputOrder(this.name, options.outputOrder)];
    const n = this.portCount;
    this.inputBusy = new Uint8Array(n);
    this.queued = new Int32Array(n);
    this.idleSince = new Float64Array(n);
    this.offerOrder = new Int32Array(n);
    for (let slot = 0; slot < n * this.vls; slot++) this.fifo.push([]);
    this.vlScheduler = createVlScheduler(n, options);
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    const earliest = this.earliestStart(tailAt, this.packets.size(packet), this.linkRates[output]!);
    const now = this.engine.now;
    let entry = this.spare.pop();
    if (entry === undefined) entry = new Waiting(packet, input, output, now);
    else {
      entry.packet = packet;
      entry.input = input;
      entry.output = output;
      entry.arrivedAt = now;
      entry.bypassed = 0;
    }
    this.engine.at(earliest, this, ELIGIBLE, entry);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) {
      const entry = payload as Waiting;
      this.fifo[entry.output * this.vls + this.packets.vl(entry.packet)]!.push(entry);
      this.queued[entry.output]!++;
      this.requestArbitration();
    } else if (kind === DEPARTED) {
      this.departed(payload as Waiting);
    }
  }

  /** Offers each free output with packets waiting a packet, once, in the `outputOrder`. */
  protected arbitrate(): void {
    if (this.outputOrder === ROTATE) this.offerRotating();
    else if (this.outputOrder === LONGEST_IDLE) this.offerLongestIdle();
    else this.offerOldestPacket();
    this.roundRobin = (this.roundRobin + 1) % this.portCount;
  }

  /** "rotate": port order, starting from a rotating output for fairness among outputs. */
  private offerRotating(): void {
    const n = this.portCount;
    const linkBusy = this.linkBusy;
    const queued = this.queued;
    // From the rotating output to the last, then from 0: (roundRobin + k) % n without a division.
    for (let output = this.roundRobin; output < n; output++) {
      if (linkBusy[output] === 0 && queued[output] !== 0) this.offer(output);
    }
    for (let output = 0; output < this.roundRobin; output++) {
      if (linkBusy[output] === 0 && queued[output] !== 0) this.offer(output);
    }
  }

  /** "longest-idle": by the end of each output's last data packet, earliest first; ties in rotating order. */
  private offerLongestIdle(): void {
    const order = this.offerOrder;
    const idleSince = this.idleSince;
    const count = this.collectOffers();
    // Stable insertion sort: a handful of outputs, no allocation.
    for (let i = 1; i < count; i++) {
      const output = order[i]!;
      const since = idleSince[output]!;
      let j = i;
      for (; j > 0 && idleSince[order[j - 1]!]! > since; j--) order[j] = order[j - 1]!;
      order[j] = output;
    }
    for (let i = 0; i < count; i++) this.offer(order[i]!);
  }

  /**
   * "oldest-packet": repeatedly the output, among those not yet offered, whose candidate
   * packet arrived earliest (ties in rotating order), until none has a candidate.
   */
  private offerOldestPacket(): void {
    const order = this.offerOrder;
    const count = this.collectOffers();
    for (let next = 0; next < count; next++) {
      let best = -1;
      let oldest = Number.POSITIVE_INFINITY;
      for (let i = next; i < count; i++) {
        const arrivedAt = this.candidateArrival(order[i]!);
        if (arrivedAt < oldest) {
          oldest = arrivedAt;
          best = i;
        }
      }
      // Candidates only disappear as inputs become busy: if none is left, no output can send.
      if (best < 0) return;
      const output = order[best]!;
      for (let i = best; i > next; i--) order[i] = order[i - 1]!;
      order[next] = output;
      this.offer(output);
    }
  }

  /** Writes the free outputs with packets waiting into `offerOrder` in rotating order; returns how many. */
  private collectOffers(): number {
    const n = this.portCount;
    let count = 0;
    for (let k = 0; k < n; k++) {
      const output = (this.roundRobin + k) % n;
      if (this.linkBusy[output] !== 0 || this.queued[output] === 0) continue;
      this.offerOrder[count++] = output;
    }
    return count;
  }

  /** Offers the free `output`, with packets waiting, the link: one FIFO, or its VLs in turn. */
  private offer(output: number): void {
    if (this.vlScheduler === undefined) this.serve(output, output);
    else this.vlScheduler.serve(output, this);
  }

  /**
   * When the packet `output` would send if offered now arrived at this switch (its header);
   * Infinity if it has none. With several VLs: of the first VL in turn that has a candidate.
   */
  private candidateArrival(output: number): number {
    const scheduler = this.vlScheduler;
    if (scheduler === undefined) {
      const index = this.candidate(output);
      return index < 0 ? Number.POSITIVE_INFINITY : this.fifo[output]![index]!.arrivedAt;
    }
    const vls = this.vls;
    for (let k = 0; k < vls; k++) {
      const slot = output * vls + scheduler.classAt(output, k);
      const index = this.candidate(slot);
      if (index >= 0) return this.fifo[slot]![index]!.arrivedAt;
    }
    return Number.POSITIVE_INFINITY;
  }

  /** ClassServer: VL `vl` of the free `output` sends its candidate if it can go and has at most `maxBytes`. */
  serveClass(output: number, vl: number, maxBytes: number): number {
    const slot = output * this.vls + vl;
    if (this.fifo[slot]!.length === 0) return 0;
    return this.serve(output, slot, maxBytes);
  }

  /**
   * Per-output (per output VL) FIFO `slot` with bounded bypass of a head whose input is busy
   * (santos-2002 sec. 3, Table 1). Returns the size of the packet that started; 0 if none
   * can go, negative if one can but is larger than `maxBytes` (a DWRR deficit).
   */
  private serve(output: number, slot: number, maxBytes = Number.POSITIVE_INFINITY): number {
    const chosen = this.candidate(slot);
    if (chosen < 0) return 0;
    const queue = this.fifo[slot]!;
    const head = queue[0]!;
    const entry = queue[chosen]!;
    if (!this.canStart(output, entry.packet)) return 0;
    if (this.packets.size(entry.packet) > maxBytes) return -1;
    if (chosen > 0) head.bypassed++;
    removeAt(queue, chosen);
    this.queued[output]!--;
    this.inputBusy[entry.input] = 1;
    this.engine.at(this.startOnLink(entry.packet, entry.input, output), this, DEPARTED, entry);
    return this.packets.size(entry.packet);
  }

  /**
   * The index in FIFO `slot` of the packet its output would send now, credits allowing: the
   * head if its input is free; else, if the head may still be bypassed, the oldest newer
   * packet whose input is free (santos-2002 sec. 3, Table 1). -1 if none. Changes nothing.
   */
  private candidate(slot: number): number {
    const queue = this.fifo[slot]!;
    const head = queue[0];
    if (head === undefined) return -1;
    if (this.inputBusy[head.input] === 0) return 0;
    if (head.bypassed >= this.maxBypass) return -1;
    for (let i = 1; i < queue.length; i++) {
      if (this.inputBusy[queue[i]!.input] === 0) return i;
    }
    return -1;
  }

  private departed(entry: Waiting): void {
    const { packet, input, output } = entry;
    this.linkBusy[output] = 0;
    this.idleSince[output] = this.engine.now;
    this.inputBusy[input] = 0;
    this.release(packet, input);
    this.spare.push(entry);
    this.requestArbitration();
  }
}

/** santos-2002 Table 1's switch as scenario files name it (`switch.kind: "input-buffered"`), the scenario's default. */
export const inputBufferedDefinition = defineSwitchOrganisation({
  kind: "input-buffered",
  description: "santos-2002 Table 1: per-output FIFO with bounded bypass",
  parameters: {
    maxBypass: {
      type: "integer",
      min: 0,
      max: MAX_PACKETS,
      default: 4,
      description: "how many times the head of an output's FIFO may be bypassed (santos-2002 Table 1: 4)",
    },
    outputOrder: {
      type: "choice",
      values: OUTPUT_ORDERS,
      default: "rotate",
      description:
        'which free output an input holding packets for several serves first: "rotate", "longest-idle" or "oldest-packet" (santos-2002 leaves it open; OutputOrder)',
    },
    ...vlParameters,
  },
  lanes: vlLanes,
  create: (values, { engine, options }) => new InputBufferedSwitch(engine, { ...options, ...values }),
});
