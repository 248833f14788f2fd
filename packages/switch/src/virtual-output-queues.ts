import type { Packet } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { CrossbarOutputs, InputQueues } from "./input-queues.js";

/**
 * Virtual output queues: each input keeps one FIFO per output, all sharing the input's
 * buffer, so a packet never waits behind one for another output. The allocator is iSLIP
 * (McKeown, "The iSLIP Scheduling Algorithm for Input-Queued Switches", IEEE/ACM ToN 7(2),
 * 1999, sec. III): each free input requests every output whose VOQ head may go; each output
 * grants the requesting input at or after its grant pointer; each input accepts the
 * granting output at or after its accept pointer. Only accepts of the first iteration move
 * the pointers, to one past the input (grant) and the output (accept): this is what
 * desynchronises them. Later iterations match the inputs and outputs left unmatched.
 */
export class VirtualOutputQueues implements InputQueues {
  private readonly ports: number;
  private readonly iterations: number;
  /** VOQ of input i for output o at index i * ports + o. */
  private readonly packets: Packet[][] = [];
  private readonly eligibleAt: Time[][] = [];
  /** Per VOQ: when its head may go (valid while the VOQ is not empty). */
  private readonly headEligibleAt: Float64Array;
  /**
   * Per input, `words` 32-bit words with bit o set while its VOQ for output o holds packets:
   * a request pass visits the occupied VOQs only, not all `ports` of them.
   */
  private readonly occupied: Int32Array;
  private readonly words: number;
  /** Packets queued at each input, to skip empty inputs. */
  private readonly queued: Int32Array;
  private readonly busy: Uint8Array;
  private readonly grantPointer: Int32Array;
  private readonly acceptPointer: Int32Array;
  /** Per output, during an iteration: the input granted (-1: none) and its distance from the pointer. */
  private readonly granted: Int32Array;
  private readonly grantDistance: Int32Array;
  /** Per input, during an iteration: the output accepted (-1: none) and its distance from the pointer. */
  private readonly accepted: Int32Array;
  private readonly acceptDistance: Int32Array;
  /**
   * Before this time no free input has an eligible VOQ head, unless a packet is added or an
   * input is freed (which reset it to 0): a match called meanwhile would find no request, so
   * it returns at once. Set by a match whose first request pass found no eligible head.
   */
  private quietUntil: Time = 0;
  /** The last match left no free input with an eligible head whose output would take it (or none has run). */
  private settled = true;

  constructor(ports: number, iterations: number) {
    this.ports = ports;
    this.iterations = iterations;
    for (let k = 0; k < ports * ports; k++) {
      this.packets.push([]);
      this.eligibleAt.push([]);
    }
    this.words = Math.ceil(ports / 32);
    this.headEligibleAt = new Float64Array(ports * ports);
    this.occupied = new Int32Array(ports * this.words);
    this.queued = new Int32Array(ports);
    this.busy = new Uint8Array(ports);
    this.grantPointer = new Int32Array(ports);
    this.acceptPointer = new Int32Array(ports);
    this.granted = new Int32Array(ports);
    this.grantDistance = new Int32Array(ports);
    this.accepted = new Int32Array(ports);
    this.acceptDistance = new Int32Array(ports);
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    const voq = input * this.ports + output;
    const queue = this.packets[voq]!;
    const heads = queue.length === 0;
    if (heads) {
      this.headEligibleAt[voq] = eligibleAt;
      this.occupied[input * this.words + (output >>> 5)]! |= 1 << (output & 31);
    }
    queue.push(packet);
    this.eligibleAt[voq]!.push(eligibleAt);
    this.queued[input]!++;
    this.quietUntil = 0;
    return heads;
  }

  match(now: Time, outputs: CrossbarOutputs): void {
    if (now < this.quietUntil) return;
    this.settled = true;
    for (let iteration = 0; iteration < this.iterations; iteration++) {
      const earliest = this.requestAndGrant(now, outputs);
      if (iteration === 0) this.quietUntil = earliest;
      if (!this.accept()) return;
      this.startAccepted(now, iteration === 0, outputs);
    }
    this.settled = !this.anyRequest(now, outputs);
  }

  /** Whether a free input has an eligible VOQ head whose output would take it: what the iteration limit left. */
  private anyRequest(now: Time, outputs: CrossbarOutputs): boolean {
    const n = this.ports;
    const words = this.words;
    for (let input = 0; input < n; input++) {
      if (this.busy[input] === 1 || this.queued[input] === 0) continue;
      for (let word = 0; word < words; word++) {
        for (let bits = this.occupied[input * words + word]!; bits !== 0; bits &= bits - 1) {
          const output = (word << 5) + 31 - Math.clz32(bits & -bits);
          const voq = input * n + output;
          if (this.headEligibleAt[voq]! <= now && outputs.accepts(output, this.packets[voq]![0]!)) return true;
        }
      }
    }
    return false;
  }

  head(input: number, output: number): Packet | undefined {
    return this.packets[input * this.ports + output]![0];
  }

  queuedAt(input: number): number {
    return this.queued[input]!;
  }

  readonly maximal = false;

  mayMatchMore(): boolean {
    return !this.settled;
  }

  inputFreed(input: number): void {
    this.busy[input] = 0;
    this.quietUntil = 0;
  }

  /**
   * Request and grant: every free input requests the outputs its eligible VOQ heads want; each
   * output grants one. Returns 0 if some free input has an eligible head, else the earliest
   * time one of their heads becomes eligible (Infinity if none waits): until then, with no
   * packet added and no input freed, a request pass finds nothing.
   */
  private requestAndGrant(now: Time, outputs: CrossbarOutputs): Time {
    let earliest = Number.POSITIVE_INFINITY;
    const n = this.ports;
    const granted = this.granted;
    granted.fill(-1);
    const words = this.words;
    const occupied = this.occupied;
    const headEligibleAt = this.headEligibleAt;
    for (let input = 0; input < n; input++) {
      if (this.busy[input] === 1 || this.queued[input] === 0) continue;
      const first = input * n;
      for (let word = 0; word < words; word++) {
        // Lowest set bit first: the outputs in increasing order, as a scan of all would visit them.
        for (let bits = occupied[input * words + word]!; bits !== 0; bits &= bits - 1) {
          const output = (word << 5) + 31 - Math.clz32(bits & -bits);
          const voq = first + output;
          const eligibleAt = headEligibleAt[voq]!;
          if (eligibleAt > now) {
            if (eligibleAt < earliest) earliest = eligibleAt;
            continue;
          }
          earliest = 0;
          if (!outputs.accepts(output, this.packets[voq]![0]!)) continue;
          const distance = (input - this.grantPointer[output]! + n) % n;
          if (granted[output]! < 0 || distance < this.grantDistance[output]!) {
            granted[output] = input;
            this.grantDistance[output] = distance;
          }
        }
      }
    }
    return earliest;
  }

  /** Accept: each input granted by some outputs accepts the one nearest at or after its pointer. */
  private accept(): boolean {
    const n = this.ports;
    const accepted = this.accepted;
    accepted.fill(-1);
    let any = false;
    for (let output = 0; output < n; output++) {
      const input = this.granted[output]!;
      if (input < 0) continue;
      any = true;
      const distance = (output - this.acceptPointer[input]! + n) % n;
      if (accepted[input]! < 0 || distance < this.acceptDistance[input]!) {
        accepted[input] = output;
        this.acceptDistance[input] = distance;
      }
    }
    return any;
  }

  private startAccepted(now: Time, firstIteration: boolean, outputs: CrossbarOutputs): void {
    const n = this.ports;
    for (let input = 0; input < n; input++) {
      const output = this.accepted[input]!;
      if (output < 0) continue;
      if (firstIteration) {
        this.grantPointer[output] = (input + 1) % n;
        this.acceptPointer[input] = (output + 1) % n;
      }
      const voq = input * n + output;
      const times = this.eligibleAt[voq]!;
      const queue = this.packets[voq]!;
      times.shift();
      const packet = queue.shift()!;
      if (queue.length === 0) this.occupied[input * this.words + (output >>> 5)]! &= ~(1 << (output & 31));
      else this.headEligibleAt[voq] = times[0]!;
      this.queued[input]!--;
      this.busy[input] = 1;
      outputs.start(input, output, packet);
      if (queue.length > 0 && times[0]! > now) outputs.headWaits(input, output, times[0]!);
    }
  }
}
