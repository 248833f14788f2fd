import type { Packet, PacketReader } from "@losslab/core";
import type { Engine, EventHandler, Time } from "@losslab/engine";
import { HeadKey } from "./head-key.js";
import type { InputQueues } from "./input-queues.js";

/**
 * The input side of the input-queued organisations ("fifo", "voq", and CIOQ's inputs): the
 * input queues and their allocator (`InputQueues`), which inputs are sending a packet across
 * the crossbar and until when, how many queued packets wait for each output and until when it
 * is busy taking one, and the eligibility events that wake the switch's arbitration.
 *
 * An eligibility event goes to the switch (`handler`, event kind `eligible`) with a
 * `HeadKey` as payload; the switch reads it back with `eligibleHead`.
 */
export class CrossbarInputs {
  /** The output of the queue head the last `eligibleHead` looked at. */
  output = 0;
  /** Per output: packets in the input queues that will leave on it (cross to it). */
  readonly queuedFor: Int32Array;
  /** Per input: 1 while it sends a packet. */
  private readonly sending: Uint8Array;
  /** Per input, and per output: when the packet it sends (takes) ends, or the last one ended; that end arbitrates. */
  private readonly inputBusyUntil: Float64Array;
  private readonly outputBusyUntil: Float64Array;
  private readonly headKey: HeadKey;

  constructor(
    private readonly packets: PacketReader,
    ports: number,
    readonly queues: InputQueues,
    private readonly engine: Engine,
    private readonly handler: EventHandler<unknown>,
    /** The switch's event kind for a packet becoming eligible. */
    private readonly eligible: number,
  ) {
    this.queuedFor = new Int32Array(ports);
    this.sending = new Uint8Array(ports);
    this.inputBusyUntil = new Float64Array(ports);
    this.outputBusyUntil = new Float64Array(ports);
    this.headKey = new HeadKey(ports);
  }

  /**
   * `packet`, just admitted at `input`, will leave on `output` and may go from `eligibleAt`
   * on. With iSLIP every packet gets its eligibility event (see `InputQueues.maximal`); with
   * strict FIFO inputs only a packet that heads its queue (`wakeAt`).
   */
  add(input: number, output: number, packet: Packet, eligibleAt: Time): void {
    this.queuedFor[output]!++;
    const heads = this.queues.add(input, output, packet, eligibleAt);
    if (!this.queues.maximal) {
      this.engine.at(eligibleAt, this.handler, this.eligible, this.headKey.of(input, output, this.packets.vl(packet)));
    } else if (heads) this.wakeAt(input, output, this.packets.vl(packet), eligibleAt);
  }

  /** `CrossbarOutputs.headWaits`: a transfer from `input` has exposed a head that may go from `eligibleAt` on. */
  headWaits(input: number, output: number, vl: number, eligibleAt: Time): void {
    if (this.queues.maximal) this.wakeAt(input, output, vl, eligibleAt);
  }

  /**
   * A queue head at `input` for `output` may go from `eligibleAt` on: arbitrate then (the
   * eligibility event), unless the packet that keeps `input` or `output` busy ends no earlier:
   * its end arbitrates anyway, and the head cannot go before it. A packet behind others in
   * its queue gets no event of its own: the departure of the one ahead exposes it
   * (`headWaits`). So arbitration runs when a packet that could go becomes eligible, never
   * as a poll for one that cannot.
   */
  private wakeAt(input: number, output: number, vl: number, eligibleAt: Time): void {
    if (eligibleAt > this.inputBusyUntil[input]! && eligibleAt > this.outputBusyUntil[output]!) {
      this.engine.at(eligibleAt, this.handler, this.eligible, this.headKey.of(input, output, vl));
    }
  }

  /**
   * The eligibility event with payload `key`: the packet at the head of its queue if that
   * queue's head may go now as far as the inputs are concerned (its input is free), else
   * undefined; `output` tells where it would go. A packet behind others (with VOQs, every
   * packet has this event) decides nothing.
   */
  eligibleHead(key: number): Packet | undefined {
    const headKey = this.headKey;
    headKey.decode(key);
    this.output = headKey.output;
    if (this.sending[headKey.input] !== 0) return undefined;
    return this.queues.head(headKey.input, headKey.output, headKey.vl);
  }

  /** A packet from `input` has started to `output`, ending at `end`: both are busy until then. */
  started(input: number, output: number, end: Time): void {
    this.queuedFor[output]!--;
    this.sending[input] = 1;
    this.inputBusyUntil[input] = end;
    this.outputBusyUntil[output] = end;
  }

  /** The packet `input` sent has left it: it may send again. */
  freed(input: number): void {
    this.sending[input] = 0;
    this.queues.inputFreed(input);
  }

  /** Whether a freed `input`, or `output`, has packets waiting, or the last match may have left pairs: an arbitration may start something. */
  mayStart(input: number, output: number): boolean {
    return this.queues.queuedAt(input) > 0 || this.queuedFor[output]! > 0 || this.queues.mayMatchMore();
  }
}
