import type { ClassScheduler, Packet } from "@losslab/core";
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
 */
export class LaneQueues implements InputQueues {
  private readonly ports: number;
  private readonly vls: number;
  private readonly voq: boolean;
  private readonly iterations: number;
  private readonly scheduler: ClassScheduler;
  /** The queues: "fifo" at `input * vls + vl`; "voq" at `(input * ports + output) * vls + vl`. */
  private readonly packets: Packet[][] = [];
  private readonly eligibleAt: Time[][] = [];
  /** "fifo": the output of each queued packet (a "voq" queue's is in its index). */
  private readonly outputOf: number[][] = [];
  private readonly queued: Int32Array;
  private readonly busy: Uint8Array;
  /** Per output VL (`output * vls + vl`): the input its grants start from. */
  private readonly grantPointer: Int32Array;
  /** Per input: the output its accepts start from. */
  private readonly acceptPointer: Int32Array;
  /** During an iteration, per output VL: the requesting inputs in increasing order (`ports` slots each) and how many. */
  private readonly requesters: Int32Array;
  private readonly requestCount: Int32Array;
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

  constructor(ports: number, vls: number, kind: "fifo" | "voq", iterations: number, scheduler: ClassScheduler) {
    this.ports = ports;
    this.vls = vls;
    this.voq = kind === "voq";
    this.maximal = !this.voq;
    this.iterations = this.voq ? iterations : Number.POSITIVE_INFINITY;
    this.scheduler = scheduler;
    const queues = this.voq ? ports * ports * vls : ports * vls;
    for (let q = 0; q < queues; q++) {
      this.packets.push([]);
      this.eligibleAt.push([]);
      if (!this.voq) this.outputOf.push([]);
    }
    this.queued = new Int32Array(ports);
    this.busy = new Uint8Array(ports);
    this.grantPointer = new Int32Array(ports * vls);
    this.acceptPointer = new Int32Array(ports);
    this.requesters = new Int32Array(ports * vls * ports);
    this.requestCount = new Int32Array(ports * vls);
    this.grantedInput = new Int32Array(ports);
    this.grantedVl = new Int32Array(ports);
    this.accepted = new Int32Array(ports).fill(-1);
    this.acceptDistance = new Int32Array(ports);
    this.bytes = new Float64Array(vls);
    this.candidate = new Int32Array(vls);
  }

  private queueOf(input: number, output: number, vl: number): number {
    return this.voq ? (input * this.ports + output) * this.vls + vl : input * this.vls + vl;
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    const q = this.queueOf(input, output, packet.vl);
    const packets = this.packets[q]!;
    packets.push(packet);
    this.eligibleAt[q]!.push(eligibleAt);
    if (!this.voq) this.outputOf[q]!.push(output);
    this.queued[input]!++;
    this.quietUntil = 0;
    return packets.length === 1;
  }

  head(input: number, output: number, vl: number): Packet | undefined {
    const q = this.queueOf(input, output, vl);
    if (!this.voq && this.outputOf[q]![0] !== output) return undefined;
    return this.packets[q]![0];
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
    this.requestCount.fill(0);
    this.requests = 0;
    let earliest = Number.POSITIVE_INFINITY;
    for (let input = 0; input < n; input++) {
      if (this.busy[input] === 1 || this.queued[input] === 0) continue;
      if (this.voq) {
        for (let output = 0; output < n; output++) {
          for (let vl = 0; vl < vls; vl++) {
            earliest = this.ask(now, outputs, input, output, vl, (input * n + output) * vls + vl, earliest);
          }
        }
      } else {
        for (let vl = 0; vl < vls; vl++) {
          const q = input * vls + vl;
          const output = this.outputOf[q]![0];
          if (output !== undefined) earliest = this.ask(now, outputs, input, output, vl, q, earliest);
        }
      }
    }
    return earliest;
  }

  /**
   * Queue `q`'s head, at `input` for `output` on `vl`, requests if it may go now and the
   * output would take it. Returns the earliest eligibility so far: 0 once a head is eligible.
   */
  private ask(
    now: Time,
    outputs: CrossbarOutputs,
    input: number,
    output: number,
    vl: number,
    q: number,
    earliest: Time,
  ): Time {
    const packet = this.packets[q]![0];
    if (packet === undefined) return earliest;
    const eligibleAt = this.eligibleAt[q]![0]!;
    if (eligibleAt > now) return eligibleAt < earliest ? eligibleAt : earliest;
    if (outputs.accepts(output, packet)) {
      const row = output * this.vls + vl;
      this.requesters[row * this.ports + this.requestCount[row]!++] = input;
      this.requests++;
    }
    return 0;
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
        const count = this.requestCount[row]!;
        if (count === 0) {
          bytes[vl] = 0;
          continue;
        }
        // The requesters are in increasing order: the first at or after the pointer, else the first.
        const pointer = this.grantPointer[row]!;
        let input = this.requesters[row * n]!;
        for (let k = 0; k < count; k++) {
          const requester = this.requesters[row * n + k]!;
          if (requester >= pointer) {
            input = requester;
            break;
          }
        }
        this.candidate[vl] = input;
        bytes[vl] = this.packets[this.queueOf(input, output, vl)]![0]!.size;
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
    const q = this.queueOf(input, output, vl);
    const packets = this.packets[q]!;
    const eligibleAt = this.eligibleAt[q]!;
    const packet = packets.shift()!;
    eligibleAt.shift();
    if (!this.voq) this.outputOf[q]!.shift();
    this.queued[input]!--;
    this.busy[input] = 1;
    this.scheduler.charge(output, vl, packet.size);
    outputs.start(input, output, packet);
    const next = eligibleAt[0];
    if (next !== undefined && next > now) {
      outputs.headWaits(input, this.voq ? output : this.outputOf[q]![0]!, vl, next);
    }
  }
}
