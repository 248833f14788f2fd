import type { Packet } from "@losslab/core";
import type { Time } from "@losslab/engine";
import type { CrossbarOutputs, InputQueues } from "./input-queues.js";

/**
 * Strict FIFO input queues: only the oldest packet of each input may cross, so a head
 * waiting for a busy output blocks the packets behind it (head-of-line blocking; Karol,
 * Hluchyj and Morgan 1987; ferrer-2012 sec. 2, Fig. 2c). Each output picks among the heads
 * that want it by round robin: the first input at or after its pointer, which then moves
 * to one past the input served. One pass over the inputs per match. One VL (`LaneQueues`
 * has several).
 */
export class FifoInputQueues implements InputQueues {
  private readonly ports: number;
  /**
   * The queues as linked lists in one pool of slots (as the VOQs'): a slot holds a packet,
   * when it may go, and in `slotLinks` its output (at 2 * slot) and the next slot of its
   * queue (at 2 * slot + 1; -1: last). Free slots are chained from `freeSlot`; the pool
   * doubles when it runs out, so queueing a packet allocates nothing in the steady state.
   */
  private slotPacket: Packet[] = [];
  private slotEligibleAt: Float64Array;
  private slotLinks: Int32Array;
  private freeSlot = -1;
  /**
   * The per-port state, in one Int32Array (`state`) at the offsets below, so that a match
   * touches a few cache lines of one array: at paper scale the state of a switch is usually
   * out of cache when its next event comes.
   */
  private readonly state: Int32Array;
  /** Per input: 1 while it sends. */
  private readonly busyAt: number;
  /**
   * Per input: its head's output (-1: empty queue), read by a match before any queue, and
   * its first and last slot and its packet count.
   */
  private readonly headOutputAt: number;
  private readonly headAt: number;
  private readonly tailAt: number;
  private readonly countAt: number;
  /** Per output: the input its round robin starts from. */
  private readonly pointerAt: number;
  /** Per output, during a match: the input picked so far (-1: none, as every match leaves it) and its distance from the pointer. */
  private readonly pickedAt: number;
  private readonly distanceAt: number;
  /** Per input: when its head may go. */
  private readonly headEligibleAt: Float64Array;
  /**
   * Before this time no free input has an eligible head, unless a packet is added or an input
   * is freed (which reset it to 0): a match called meanwhile would pick nothing, so it
   * returns at once. Set by a match that found no eligible head.
   */
  private quietUntil: Time = 0;

  constructor(ports: number) {
    this.ports = ports;
    this.busyAt = 0;
    this.headOutputAt = ports;
    this.headAt = 2 * ports;
    this.tailAt = 3 * ports;
    this.countAt = 4 * ports;
    this.pointerAt = 5 * ports;
    this.pickedAt = 6 * ports;
    this.distanceAt = 7 * ports;
    this.state = new Int32Array(8 * ports);
    this.state.fill(-1, this.headOutputAt, this.countAt);
    this.state.fill(-1, this.pickedAt, this.distanceAt);
    this.headEligibleAt = new Float64Array(ports);
    this.slotEligibleAt = new Float64Array(0);
    this.slotLinks = new Int32Array(0);
    this.growSlots(4 * ports);
  }

  /** Makes the pool `capacity` slots long (more than now), chaining the new ones as free. */
  private growSlots(capacity: number): void {
    const old = this.slotEligibleAt.length;
    const eligibleAt = new Float64Array(capacity);
    eligibleAt.set(this.slotEligibleAt);
    const links = new Int32Array(2 * capacity);
    links.set(this.slotLinks);
    for (let slot = old; slot < capacity; slot++) {
      links[2 * slot + 1] = slot + 1 < capacity ? slot + 1 : this.freeSlot;
      this.slotPacket.push(-1);
    }
    this.freeSlot = old;
    this.slotEligibleAt = eligibleAt;
    this.slotLinks = links;
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    if (this.freeSlot < 0) this.growSlots(2 * this.slotEligibleAt.length);
    const slot = this.freeSlot;
    const links = this.slotLinks;
    this.freeSlot = links[2 * slot + 1]!;
    this.slotPacket[slot] = packet;
    this.slotEligibleAt[slot] = eligibleAt;
    links[2 * slot] = output;
    links[2 * slot + 1] = -1;
    const state = this.state;
    const tail = state[this.tailAt + input]!;
    state[this.tailAt + input] = slot;
    state[this.countAt + input]!++;
    this.quietUntil = 0;
    if (tail >= 0) {
      links[2 * tail + 1] = slot;
      return false;
    }
    state[this.headAt + input] = slot;
    state[this.headOutputAt + input] = output;
    this.headEligibleAt[input] = eligibleAt;
    return true;
  }

  match(now: Time, outputs: CrossbarOutputs): void {
    if (now < this.quietUntil) return;
    const n = this.ports;
    let earliest = Number.POSITIVE_INFINITY;
    const state = this.state;
    for (let input = 0; input < n; input++) {
      const output = state[this.headOutputAt + input]!;
      if (output === -1 || state[this.busyAt + input] === 1) continue;
      const eligibleAt = this.headEligibleAt[input]!;
      if (eligibleAt > now) {
        if (eligibleAt < earliest) earliest = eligibleAt;
        continue;
      }
      earliest = 0;
      // The round robin's order first: whether the output takes the packet is asked only of
      // an input that would beat the one picked so far (the answer does not change in a match).
      const distance = (input - state[this.pointerAt + output]! + n) % n;
      if (state[this.pickedAt + output]! >= 0 && distance >= state[this.distanceAt + output]!) continue;
      if (!outputs.accepts(output, this.slotPacket[state[this.headAt + input]!]!)) continue;
      state[this.pickedAt + output] = input;
      state[this.distanceAt + output] = distance;
    }
    this.quietUntil = earliest;
    for (let output = 0; output < n; output++) {
      const input = state[this.pickedAt + output]!;
      if (input < 0) continue;
      state[this.pickedAt + output] = -1;
      state[this.pointerAt + output] = (input + 1) % n;
      state[this.busyAt + input] = 1;
      this.startHead(now, input, output, outputs);
    }
  }

  /** Takes the head of `input`'s queue out and starts its transfer to `output`. */
  private startHead(now: Time, input: number, output: number, outputs: CrossbarOutputs): void {
    const state = this.state;
    const links = this.slotLinks;
    const slot = state[this.headAt + input]!;
    const packet = this.slotPacket[slot]!;
    const next = links[2 * slot + 1]!;
    this.slotPacket[slot] = -1;
    links[2 * slot + 1] = this.freeSlot;
    this.freeSlot = slot;
    state[this.headAt + input] = next;
    state[this.countAt + input]!--;
    if (next < 0) {
      state[this.tailAt + input] = -1;
      state[this.headOutputAt + input] = -1;
    } else {
      state[this.headOutputAt + input] = links[2 * next]!;
      this.headEligibleAt[input] = this.slotEligibleAt[next]!;
    }
    outputs.start(input, output, packet);
    if (next >= 0 && this.slotEligibleAt[next]! > now) {
      outputs.headWaits(input, links[2 * next]!, 0, this.slotEligibleAt[next]!);
    }
  }

  inputFreed(input: number): void {
    this.state[this.busyAt + input] = 0;
    this.quietUntil = 0;
  }

  head(input: number, output: number, _vl: number): Packet | undefined {
    const state = this.state;
    return state[this.headOutputAt + input] === output ? this.slotPacket[state[this.headAt + input]!] : undefined;
  }

  queuedAt(input: number): number {
    return this.state[this.countAt + input]!;
  }

  readonly maximal = true;

  /** Never: one pass leaves no free input whose head's output would take it. */
  mayMatchMore(): boolean {
    return false;
  }
}
