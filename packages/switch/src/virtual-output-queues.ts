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
 * desynchronises them. Later iterations match the inputs and outputs left unmatched. One
 * VL (`LaneQueues` has several).
 */
export class VirtualOutputQueues implements InputQueues {
  private readonly ports: number;
  private readonly iterations: number;
  /** 32-bit words of a bitmap over the ports. */
  private readonly words: number;
  /**
   * The VOQs as linked lists in one pool of slots: a slot holds a packet, when it may go and
   * the next slot of its VOQ (-1: last). Free slots are chained from `freeSlot`; the pool
   * doubles when it runs out, so queueing a packet allocates nothing in the steady state.
   */
  private slotPacket: Packet[] = [];
  private slotEligibleAt: Float64Array;
  private slotNext: Int32Array;
  private freeSlot = -1;
  /**
   * The per-port state, in one Int32Array (`state`) at the offsets below, so that a match
   * touches a few cache lines of one array rather than a line or two of each of eleven
   * small arrays (each with its own header): at paper scale the state of a switch is
   * usually out of cache when its next event comes.
   */
  private readonly state: Int32Array;
  /**
   * Per input: 1 while it sends; its packets queued (to skip empty inputs); its accept
   * pointer.
   */
  private readonly busyAt: number;
  private readonly countAt: number;
  private readonly acceptPointerAt: number;
  /** Per output: the grant pointer. */
  private readonly grantPointerAt: number;
  /**
   * Per input, `words` words with bit o set while its VOQ for output o holds packets: a
   * request pass visits the occupied VOQs only, not all `ports` of them.
   */
  private readonly occupiedAt: number;
  /**
   * During an iteration, per output: bit i set if input i requests it (`words` words each).
   * This and the three bitmaps below are all zero between passes: each pass clears what it
   * read, so no pass clears whole arrays.
   */
  private readonly requestsAt: number;
  /** During an iteration: bit o set if output o has a request. */
  private readonly requestedAt: number;
  /** During an iteration, per input: bit o set if output o grants it (`words` words each). */
  private readonly grantsAt: number;
  /** During an iteration: bit i set if input i has a grant. */
  private readonly grantedAt: number;
  /** First and last slot of the VOQ of input i for output o, at i * ports + o (-1: empty). */
  private readonly headAt: number;
  private readonly tailAt: number;
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
    const words = Math.ceil(ports / 32);
    this.words = words;
    this.slotEligibleAt = new Float64Array(0);
    this.slotNext = new Int32Array(0);
    this.growSlots(4 * ports);
    let size = 0;
    const take = (length: number) => {
      size += length;
      return size - length;
    };
    this.busyAt = take(ports);
    this.countAt = take(ports);
    this.acceptPointerAt = take(ports);
    this.grantPointerAt = take(ports);
    this.occupiedAt = take(ports * words);
    this.requestsAt = take(ports * words);
    this.requestedAt = take(words);
    this.grantsAt = take(ports * words);
    this.grantedAt = take(words);
    this.headAt = take(ports * ports);
    this.tailAt = take(ports * ports);
    this.state = new Int32Array(size);
    this.state.fill(-1, this.headAt);
  }

  /** Makes the pool `capacity` slots long (more than now), chaining the new ones as free. */
  private growSlots(capacity: number): void {
    const old = this.slotNext.length;
    const eligibleAt = new Float64Array(capacity);
    eligibleAt.set(this.slotEligibleAt);
    const next = new Int32Array(capacity);
    next.set(this.slotNext);
    for (let slot = old; slot < capacity; slot++) {
      next[slot] = slot + 1 < capacity ? slot + 1 : this.freeSlot;
      this.slotPacket.push(-1);
    }
    this.freeSlot = old;
    this.slotEligibleAt = eligibleAt;
    this.slotNext = next;
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    if (this.freeSlot < 0) this.growSlots(2 * this.slotNext.length);
    const slot = this.freeSlot;
    this.freeSlot = this.slotNext[slot]!;
    this.slotPacket[slot] = packet;
    this.slotEligibleAt[slot] = eligibleAt;
    this.slotNext[slot] = -1;
    const state = this.state;
    const voq = input * this.ports + output;
    const tail = state[this.tailAt + voq]!;
    state[this.tailAt + voq] = slot;
    state[this.countAt + input]!++;
    this.quietUntil = 0;
    if (tail >= 0) {
      this.slotNext[tail] = slot;
      return false;
    }
    state[this.headAt + voq] = slot;
    state[this.occupiedAt + input * this.words + (output >>> 5)]! |= 1 << (output & 31);
    return true;
  }

  match(now: Time, outputs: CrossbarOutputs): void {
    if (now < this.quietUntil) return;
    this.settled = true;
    for (let iteration = 0; iteration < this.iterations; iteration++) {
      const earliest = this.request(now, outputs);
      if (iteration === 0) this.quietUntil = earliest;
      if (!this.grant()) return;
      this.acceptAndStart(now, iteration === 0, outputs);
    }
    this.settled = !this.anyRequest(now, outputs);
  }

  /** Whether a free input has an eligible VOQ head whose output would take it: what the iteration limit left. */
  private anyRequest(now: Time, outputs: CrossbarOutputs): boolean {
    const n = this.ports;
    const words = this.words;
    const state = this.state;
    for (let input = 0; input < n; input++) {
      if (state[this.busyAt + input] === 1 || state[this.countAt + input] === 0) continue;
      for (let word = 0; word < words; word++) {
        for (let bits = state[this.occupiedAt + input * words + word]!; bits !== 0; bits &= bits - 1) {
          const output = (word << 5) + 31 - Math.clz32(bits & -bits);
          const slot = state[this.headAt + input * n + output]!;
          if (this.slotEligibleAt[slot]! <= now && outputs.accepts(output, this.slotPacket[slot]!)) return true;
        }
      }
    }
    return false;
  }

  head(input: number, output: number, _vl: number): Packet | undefined {
    const slot = this.state[this.headAt + input * this.ports + output]!;
    return slot < 0 ? undefined : this.slotPacket[slot];
  }

  queuedAt(input: number): number {
    return this.state[this.countAt + input]!;
  }

  readonly maximal = false;

  mayMatchMore(): boolean {
    return !this.settled;
  }

  inputFreed(input: number): void {
    this.state[this.busyAt + input] = 0;
    this.quietUntil = 0;
  }

  /**
   * Request: every free input requests the outputs its eligible VOQ heads want and that would
   * take them (asked in input order, outputs in increasing order), as bits of `requests`.
   * Returns 0 if some free input has an eligible head, else the earliest time one of their
   * heads becomes eligible (Infinity if none waits): until then, with no packet added and no
   * input freed, a request pass finds nothing.
   */
  private request(now: Time, outputs: CrossbarOutputs): Time {
    let earliest = Number.POSITIVE_INFINITY;
    const n = this.ports;
    const words = this.words;
    const state = this.state;
    const slotEligibleAt = this.slotEligibleAt;
    for (let input = 0; input < n; input++) {
      if (state[this.busyAt + input] === 1 || state[this.countAt + input] === 0) continue;
      const heads = this.headAt + input * n;
      const inputWord = input >>> 5;
      const inputBit = 1 << (input & 31);
      for (let word = 0; word < words; word++) {
        // Lowest set bit first: the outputs in increasing order, as a scan of all would visit them.
        for (let bits = state[this.occupiedAt + input * words + word]!; bits !== 0; bits &= bits - 1) {
          const output = (word << 5) + 31 - Math.clz32(bits & -bits);
          const slot = state[heads + output]!;
          const eligibleAt = slotEligibleAt[slot]!;
          if (eligibleAt > now) {
            if (eligibleAt < earliest) earliest = eligibleAt;
            continue;
          }
          earliest = 0;
          if (!outputs.accepts(output, this.slotPacket[slot]!)) continue;
          state[this.requestsAt + output * words + inputWord]! |= inputBit;
          state[this.requestedAt + word]! |= 1 << (output & 31);
        }
      }
    }
    return earliest;
  }

  /** Grant: each requested output grants the requesting input at or after its pointer. Returns whether any did. */
  private grant(): boolean {
    const words = this.words;
    const state = this.state;
    let any = false;
    for (let word = 0; word < words; word++) {
      const requested = state[this.requestedAt + word]!;
      state[this.requestedAt + word] = 0;
      for (let bits = requested; bits !== 0; bits &= bits - 1) {
        const output = (word << 5) + 31 - Math.clz32(bits & -bits);
        const row = this.requestsAt + output * words;
        const input = firstAtOrAfter(state, row, words, state[this.grantPointerAt + output]!);
        for (let k = 0; k < words; k++) state[row + k] = 0;
        state[this.grantsAt + input * words + (output >>> 5)]! |= 1 << (output & 31);
        state[this.grantedAt + (input >>> 5)]! |= 1 << (input & 31);
        any = true;
      }
    }
    return any;
  }

  /**
   * Accept: each granted input, in increasing order, accepts the granting output at or after
   * its pointer and starts the transfer. An input's choice depends only on the grants and its
   * own pointer, so accepting and starting input by input is the same as accepting all first.
   */
  private acceptAndStart(now: Time, firstIteration: boolean, outputs: CrossbarOutputs): void {
    const n = this.ports;
    const words = this.words;
    const state = this.state;
    for (let word = 0; word < words; word++) {
      const granted = state[this.grantedAt + word]!;
      state[this.grantedAt + word] = 0;
      for (let bits = granted; bits !== 0; bits &= bits - 1) {
        const input = (word << 5) + 31 - Math.clz32(bits & -bits);
        const row = this.grantsAt + input * words;
        const output = firstAtOrAfter(state, row, words, state[this.acceptPointerAt + input]!);
        for (let k = 0; k < words; k++) state[row + k] = 0;
        if (firstIteration) {
          state[this.grantPointerAt + output] = input + 1 === n ? 0 : input + 1;
          state[this.acceptPointerAt + input] = output + 1 === n ? 0 : output + 1;
        }
        this.startHead(now, input, output, outputs);
      }
    }
  }

  /** Takes the head of the VOQ of `input` for `output` out and starts its transfer. */
  private startHead(now: Time, input: number, output: number, outputs: CrossbarOutputs): void {
    const state = this.state;
    const voq = input * this.ports + output;
    const slot = state[this.headAt + voq]!;
    const packet = this.slotPacket[slot]!;
    const next = this.slotNext[slot]!;
    this.slotPacket[slot] = -1;
    this.slotNext[slot] = this.freeSlot;
    this.freeSlot = slot;
    state[this.headAt + voq] = next;
    if (next < 0) {
      state[this.tailAt + voq] = -1;
      state[this.occupiedAt + input * this.words + (output >>> 5)]! &= ~(1 << (output & 31));
    }
    state[this.countAt + input]!--;
    state[this.busyAt + input] = 1;
    outputs.start(input, output, packet);
    if (next >= 0 && this.slotEligibleAt[next]! > now) outputs.headWaits(input, output, 0, this.slotEligibleAt[next]!);
  }
}

/**
 * The set bit of the bitmap `bits[base .. base + words)` nearest at or after bit `from`,
 * wrapping past the last to bit 0: the round-robin choice at pointer `from`. Assumes a bit
 * is set.
 */
function firstAtOrAfter(bits: Int32Array, base: number, words: number, from: number): number {
  const start = from >>> 5;
  // Bits at or after `from` in its word, then the later words, then from word 0 (wrapping:
  // the bits left in `from`'s word are below it, those at or after were found empty).
  const atOrAfter = bits[base + start]! & (-1 << (from & 31));
  if (atOrAfter !== 0) return (start << 5) + 31 - Math.clz32(atOrAfter & -atOrAfter);
  for (let k = 1; k <= words; k++) {
    const word = start + k < words ? start + k : start + k - words;
    const w = bits[base + word]!;
    if (w !== 0) return (word << 5) + 31 - Math.clz32(w & -w);
  }
  return -1;
}
