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
  private readonly packets: Packet[][] = [];
  private readonly outputs: number[][] = [];
  private readonly eligibleAt: Time[][] = [];
  private readonly busy: Uint8Array;
  /**
   * Per input: the head's output (-1: empty queue) and eligibility time, kept in typed
   * arrays so a match reads no queue but the ones whose head may cross.
   */
  private readonly headOutput: Int32Array;
  private readonly headEligibleAt: Float64Array;
  /** Per output: the input its round robin starts from. */
  private readonly pointer: Int32Array;
  /** Per output, during a match: the input picked so far (-1: none, as every match leaves it) and its distance from the pointer. */
  private readonly picked: Int32Array;
  private readonly distance: Int32Array;
  /**
   * Before this time no free input has an eligible head, unless a packet is added or an input
   * is freed (which reset it to 0): a match called meanwhile would pick nothing, so it
   * returns at once. Set by a match that found no eligible head.
   */
  private quietUntil: Time = 0;

  constructor(ports: number) {
    this.ports = ports;
    this.busy = new Uint8Array(ports);
    this.headOutput = new Int32Array(ports).fill(-1);
    this.headEligibleAt = new Float64Array(ports);
    this.pointer = new Int32Array(ports);
    this.picked = new Int32Array(ports).fill(-1);
    this.distance = new Int32Array(ports);
    for (let input = 0; input < ports; input++) {
      this.packets.push([]);
      this.outputs.push([]);
      this.eligibleAt.push([]);
    }
  }

  add(input: number, output: number, packet: Packet, eligibleAt: Time): boolean {
    const heads = this.headOutput[input] === -1;
    if (heads) {
      this.headOutput[input] = output;
      this.headEligibleAt[input] = eligibleAt;
    }
    this.packets[input]!.push(packet);
    this.outputs[input]!.push(output);
    this.eligibleAt[input]!.push(eligibleAt);
    this.quietUntil = 0;
    return heads;
  }

  match(now: Time, outputs: CrossbarOutputs): void {
    if (now < this.quietUntil) return;
    const n = this.ports;
    let earliest = Number.POSITIVE_INFINITY;
    const picked = this.picked;
    const headOutput = this.headOutput;
    for (let input = 0; input < n; input++) {
      const output = headOutput[input]!;
      if (output === -1 || this.busy[input] === 1) continue;
      const eligibleAt = this.headEligibleAt[input]!;
      if (eligibleAt > now) {
        if (eligibleAt < earliest) earliest = eligibleAt;
        continue;
      }
      earliest = 0;
      // The round robin's order first: whether the output takes the packet is asked only of
      // an input that would beat the one picked so far (the answer does not change in a match).
      const distance = (input - this.pointer[output]! + n) % n;
      if (picked[output]! >= 0 && distance >= this.distance[output]!) continue;
      if (!outputs.accepts(output, this.packets[input]![0]!)) continue;
      picked[output] = input;
      this.distance[output] = distance;
    }
    this.quietUntil = earliest;
    for (let output = 0; output < n; output++) {
      const input = picked[output]!;
      if (input < 0) continue;
      picked[output] = -1;
      this.pointer[output] = (input + 1) % n;
      this.busy[input] = 1;
      const queuedOutputs = this.outputs[input]!;
      const eligibleAt = this.eligibleAt[input]!;
      queuedOutputs.shift();
      eligibleAt.shift();
      const packet = this.packets[input]!.shift()!;
      if (queuedOutputs.length === 0) headOutput[input] = -1;
      else {
        headOutput[input] = queuedOutputs[0]!;
        this.headEligibleAt[input] = eligibleAt[0]!;
      }
      outputs.start(input, output, packet);
      if (queuedOutputs.length > 0 && eligibleAt[0]! > now)
        outputs.headWaits(input, queuedOutputs[0]!, 0, eligibleAt[0]!);
    }
  }

  inputFreed(input: number): void {
    this.busy[input] = 0;
    this.quietUntil = 0;
  }

  head(input: number, output: number, _vl: number): Packet | undefined {
    return this.headOutput[input] === output ? this.packets[input]![0] : undefined;
  }

  queuedAt(input: number): number {
    return this.packets[input]!.length;
  }

  readonly maximal = true;

  /** Never: one pass leaves no free input whose head's output would take it. */
  mayMatchMore(): boolean {
    return false;
  }
}
