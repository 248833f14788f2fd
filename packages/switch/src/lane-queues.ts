import type { ClassScheduler, Packet, PacketReader } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { CrossbarOutputs, InputQueues } from "./input-queues.js";

/**
 * Input queues with several VLs (or VL options), strict FIFO or VOQ, and their allocator.
 * A VL is an independent lane (InfiniBand vol. 1 sec. 7.6; turner-2001 sec. 2): a packet
 * never waits behind a packet of another VL.
 *
 * - "fifo": one strict FIFO per (input, VL); head-of-line blocking within a VL only.
 * - "voq": one FIFO per (input, output, VL).
 *
 * The allocator is iSLIP (McKeown, IEEE/ACM ToN 7(2), 1999, sec. III) with the output's VL
 * chosen at the grant, as in McKeown's prioritized iSLIP (sec. VI-A: requests carry the
 * priority, an output grants among the requests of the priority it serves, one grant
 * pointer per priority), the priority order generalised to the output's VL scheduler:
 * - Request: each free input requests (output, VL) for every queue head that may go now
 *   and that the output would take (the VL's credits downstream, no PAUSE on it).
 * - Grant: each requested output offers each VL with requests its candidate, the requester
 *   at or after the VL's grant pointer; its `ClassScheduler` picks the VL (`pick`), as a
 *   free output of the input-buffered switch does, and the output grants that candidate.
 * - Accept: each input with grants accepts the output at or after its accept pointer,
 *   whatever the VL; the transfer starts and the output's scheduler is charged for it.
 *   Accepts of the first iteration move the pointers, to one past the input (of the
 *   granted VL) and the output.
 * An output whose grant was not accepted has charged its scheduler nothing: its next pick
 * starts from the same VL. "voq" runs `iterations` iterations (default 1); "fifo" iterates
 * until no output grants (a maximal match, as the one-VL FIFO's single pass is: with one
 * VL each input has one head, so this is exactly its round robin).
 *
 * Queues are made when first used and each input lists its non-empty ones, so memory and
 * the work of a request pass grow with the queues that hold packets, not with ports x ports
 * x VLs.
 */
/** One queue: its packets in FIFO order, when each may go, and (FIFO) each one's output. */
class Lane {
  readonly packets: Packet[] = [];
  readonly eligibleAt: Time[] = [];
  readonly outputs: number[] = [];
  /** Its place in its input's list of non-empty queues (-1: empty). */
  active = -1;

  constructor(
    /** "voq": the output of every packet in it; "fifo": -1 (`outputs` has each one's). */
    readonly output: number,
    readonly vl: number,
  ) {}

  /** The output of its head (undefined if empty). */
  headOutput(): number | undefined {
    return this.output >= 0 ? (this.packets.length > 0 ? this.output : undefined) : this.outputs[0];
  }
}

export class LaneQueues implements InputQueues {
  private readonly ports: number;
  private readonly vls: number;
  private readonly voq: boolean;
  private readonly iterations: number;
  private readonly scheduler: ClassScheduler;
  /** The queues by key: "fifo" `input * vls + vl`; "voq" `(input * ports + output) * vls + vl`. */
  private readonly lanes = new Map<number, Lane>();
  /** Per input, its non-empty queues (in no particular order: a request pass fills rows per output VL). */
  private readonly active: Lane[][] = [];
  private readonly queued: Int32Array;
  private readonly busy: Uint8Array;
  /** Per output VL (`output * vls + vl`): the input its grants start from. */
  private readonly grantPointer: Int32Array;
  /** Per input: the output its accepts start from. */
  private readonly acceptPointer: Int32Array;
  /**
   * During an iteration, per output VL: the requesting input at or after its grant pointer
   * with the lowest number, and the lowest-numbered requester of all (-1: none). The grant
   * goes to the first, else the second: the round robin over the requesters.
   */
  private readonly firstAfter: Int32Array;
  private readonly firstOfAll: Int32Array;
  private requests = 0;
  /** During an iteration, per output: the input it grants (-1: none) and on which VL. */
  private readonly grantedInput: Int32Array;
  private readonly grantedVl: Int32Array;
  /** During an iteration, per input: the granting output it accepts (-1: none) and its distance from the accept pointer. */
  private readonly accepted: Int32Array;
  private readonly acceptDistance: Int32Array;
  /** Scratch of one grant: per VL, the candidate's bytes (0: no request) and input. */
  private readonly bytes: Float64Array;
  private readonly candidate: Int32Array;
  /** As in `VirtualOutputQueues`: no free input has an eligible head before this time, unless a packet is added or an input freed. */
  private quietUntil: Time = 0;
  private settled = true;
  readonly maximal: boolean;

  constructor(
    private readonly packets: PacketReader,
    ports: number,
    vls: number,
    kind: "fifo" | "voq",
    iterations: number,
    scheduler: ClassScheduler,
  ) {
    this.ports = ports;
    this.vls = vls;
    this.voq = kind === "voq";
    this.maximal = !this.voq;
    this.iterations = this.voq ? iterations : Number.POSITIVE_INFINITY;
    this.scheduler = scheduler;
    for (let input = 0; input < ports; input++) this.active.push([]);
    this.queued = new Int32Array(ports);
    this.busy = new Uint8Array(ports);
    this.grantPointer = new Int32Array(ports * vls);
    this.acceptPointer = new Int32Array(ports);
    this.firstAfter = new Int32Array(ports * vls);
    this.firstOfAll = new Int32Array(ports * vls);
    this.grantedInput = new Int32Array(ports);
    this.grantedVl = new Int32Array(ports);
    this.accepted = new Int32Array(ports).fill(-1);
    this.acceptDistance = new Int32Array(ports);
    this.bytes = new Float64Array(vls);
    this.candidate = new Int32Array(vls);
  }

  /** The key of the queue `input` holds for `output` on `vl` (FIFO: `input`'s queue of `vl`, whatever the output). */
  private key(input: number, output: number, vl: number): number {
    return this.voq ? (input * this.ports + output) * this.vls + vl : input * this.vls + vl;
  }

  /** That queue; undefined if it was never used. */
  private lane(input: number, output: number, vl: number): Lane | undefined {
    return this.lanes.get(this.key(input, output, vl));
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    const vl = this.packets.vl(packet);
    let lane = this.lane(input, output, vl);
    if (lane === undefined) {
      lane = new Lane(this.voq ? output : -1, vl);
      this.lanes.set(this.key(input, output, vl), lane);
    }
    lane.packets.push(packet);
    lane.eligibleAt.push(eligibleAt);
    if (!this.voq) lane.outputs.push(output);
    if (lane.active < 0) {
      const active = this.active[input]!;
      lane.active = active.length;
      active.push(lane);
    }
    this.queued[input]!++;
    this.quietUntil = 0;
    return lane.packets.length === 1;
  }

  head(input: number, output: number, vl: number): Packet | undefined {
    const lane = this.lane(input, output, vl);
    if (lane === undefined || lane.headOutput() !== output) return undefined;
    return lane.packets[0];
  }

  queuedAt(input: number): number {
    return this.queued[input]!;
  }

  inputFreed(input: number): void {
    this.busy[input] = 0;
    this.quietUntil = 0;
  }

  mayMatchMore(): boolean {
    return !this.settled;
  }

  match(now: Time, outputs: CrossbarOutputs): void {
    if (now < this.quietUntil) return;
    for (let iteration = 0; iteration < this.iterations; iteration++) {
      const earliest = this.request(now, outputs);
      if (iteration === 0) this.quietUntil = earliest;
      if (!this.grant()) {
        this.settled = true;
        return;
      }
      this.acceptAndStart(now, iteration === 0, outputs);
    }
    // The iteration limit was reached: did it leave a free input with a head an output would take?
    this.request(now, outputs);
    this.settled = this.requests === 0;
  }

  /**
   * Request: the heads of the free inputs' queues that may go now and whose output would
   * take them, per output VL. Returns 0 if some free input has an eligible head, else the
   * earliest time one becomes eligible (Infinity if none waits).
   */
  private request(now: Time, outputs: CrossbarOutputs): Time {
    const n = this.ports;
    const vls = this.vls;
    this.firstAfter.fill(-1);
    this.firstOfAll.fill(-1);
    this.requests = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (let input = 0; input < n; input++) {
      if (this.busy[input] === 1 || this.queued[input] === 0) continue;
      for (const lane of this.active[input]!) {
        const eligibleAt = lane.eligibleAt[0]!;
        if (eligibleAt > now) {
          if (eligibleAt < earliest) earliest = eligibleAt;
          continue;
        }
        earliest = 0;
        const output = lane.headOutput()!;
        if (!outputs.accepts(output, lane.packets[0]!)) continue;
        // Inputs come in increasing order: the first requester of a row, and the first at or after its pointer.
        const row = output * vls + lane.vl;
        if (this.firstOfAll[row]! < 0) this.firstOfAll[row] = input;
        if (this.firstAfter[row]! < 0 && input >= this.grantPointer[row]!) this.firstAfter[row] = input;
        this.requests++;
      }
    }
    return earliest;
  }

  /** Grant: each requested output picks a VL by its scheduler and grants that VL's candidate. Returns whether any did. */
  private grant(): boolean {
    if (this.requests === 0) return false;
    const n = this.ports;
    const vls = this.vls;
    const bytes = this.bytes;
    let any = false;
    for (let output = 0; output < n; output++) {
      this.grantedInput[output] = -1;
      let requested = false;
      for (let vl = 0; vl < vls; vl++) {
        const row = output * vls + vl;
        const after = this.firstAfter[row]!;
        const input = after >= 0 ? after : this.firstOfAll[row]!;
        if (input < 0) {
          bytes[vl] = 0;
          continue;
        }
        this.candidate[vl] = input;
        bytes[vl] = this.packets.size(this.lane(input, output, vl)!.packets[0]!);
        requested = true;
      }
      if (!requested) continue;
      const vl = this.scheduler.pick(output, bytes);
      this.grantedInput[output] = this.candidate[vl]!;
      this.grantedVl[output] = vl;
      any = true;
    }
    return any;
  }

  /** Accept: each granted input takes the granting output at or after its pointer; the transfers start. */
  private acceptAndStart(now: Time, firstIteration: boolean, outputs: CrossbarOutputs): void {
    const n = this.ports;
    for (let output = 0; output < n; output++) {
      const input = this.grantedInput[output]!;
      if (input < 0) continue;
      const distance = (output - this.acceptPointer[input]! + n) % n;
      if (this.accepted[input]! < 0 || distance < this.acceptDistance[input]!) {
        this.accepted[input] = output;
        this.acceptDistance[input] = distance;
      }
    }
    // VOQs start input by input (iSLIP's accept step), FIFOs output by output (the one-VL FIFO's order).
    for (let k = 0; k < n; k++) {
      const input = this.voq ? k : this.grantedInput[k]!;
      if (input < 0) continue;
      const output = this.accepted[input]!;
      if (output < 0 || (!this.voq && output !== k)) continue;
      this.accepted[input] = -1;
      const vl = this.grantedVl[output]!;
      if (firstIteration) {
        this.grantPointer[output * this.vls + vl] = input + 1 === n ? 0 : input + 1;
        this.acceptPointer[input] = output + 1 === n ? 0 : output + 1;
      }
      this.startHead(now, input, output, vl, outputs);
    }
  }

  /** Takes the head of `input`'s queue for `output` on `vl` out, charges the output's VL scheduler and starts the transfer. */
  private startHead(now: Time, input: number, output: number, vl: number, outputs: CrossbarOutputs): void {
    const lane = this.lane(input, output, vl)!;
    const packet = lane.packets.shift()!;
    lane.eligibleAt.shift();
    if (!this.voq) lane.outputs.shift();
    if (lane.packets.length === 0) {
      // Out of the input's list: the last one takes its place.
      const active = this.active[input]!;
      const last = active.pop()!;
      if (last !== lane) {
        active[lane.active] = last;
        last.active = lane.active;
      }
      lane.active = -1;
    }
    this.queued[input]!--;
    this.busy[input] = 1;
    this.scheduler.charge(output, vl, this.packets.size(packet));
    outputs.start(input, output, packet);
    const next = lane.eligibleAt[0];
    if (next !== undefined && next > now) outputs.headWaits(input, lane.headOutput()!, vl, next);
  }
}
