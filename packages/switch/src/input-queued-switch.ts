import type { Packet } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { createInputQueues } from "./create-input-queues.js";
import { HeadKey } from "./head-key.js";
import type { CrossbarOutputs, InputQueues } from "./input-queues.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";
import { createVlScheduler } from "./vl-scheduler.js";

export interface InputQueuedSwitchOptions extends SwitchOptions {
  /** "fifo": one strict FIFO per input (head-of-line blocking); "voq": one queue per output at each input, iSLIP. */
  inputQueues: "fifo" | "voq";
  /** iSLIP iterations per arbitration ("voq" only). Default 1. */
  islipIterations?: number;
}

const ELIGIBLE = FIRST_MODEL_EVENT;
const DEPARTED = FIRST_MODEL_EVENT + 1;

/**
 * An input-queued switch with crossbar speedup 1 and no output buffers: a packet crosses
 * from its input buffer straight onto the output link, and only if the buffer downstream
 * has credits for all of it (virtual cut-through). The input buffers are organised as
 * strict FIFOs with round-robin output arbitration or as VOQs with iSLIP (`inputQueues`).
 * The input and the output are busy until the packet's last byte has left; then its input
 * space is freed and its credits go back upstream.
 *
 * With several VLs (`vls`) each input VL has its own buffer and queues (a FIFO per VL, or a
 * VOQ per output and VL), each output VL its own credits, and the allocator lets each
 * output pick the VL it serves with its `vlScheduling` (`LaneQueues`), so a VL out of
 * credits or paused (PFC) holds back only its own packets.
 */
export class InputQueuedSwitch extends SwitchBase {
  readonly inputQueues: "fifo" | "voq";
  private readonly queues: InputQueues;
  /** Per output: the input and the packet on its link. */
  private readonly sendingInput: Int32Array;
  private readonly sendingPacket: (Packet | undefined)[] = [];
  private readonly outputs: CrossbarOutputs = {
    accepts: (output, packet) => this.linkBusy[output] === 0 && this.canStart(output, packet),
    start: (input, output, packet) => this.send(input, output, packet),
    headWaits: (input, output, vl, eligibleAt) => {
      if (this.queues.maximal) this.wakeAt(input, output, vl, eligibleAt);
    },
  };
  /** Per port: when the last byte of the packet its input (its output) sends leaves, or of the last one; that departure arbitrates. */
  private readonly inputBusyUntil: Float64Array;
  private readonly outputBusyUntil: Float64Array;
  /** Per output: packets in the input queues that will leave on it. */
  private readonly queuedFor: Int32Array;
  /** The payload of ELIGIBLE events. */
  private readonly headKey: HeadKey;
  /** Per input: 1 while one of its packets is on an output link. */
  private readonly inputSending: Uint8Array;

  constructor(engine: Engine, options: InputQueuedSwitchOptions) {
    super(engine, options);
    this.inputQueues = options.inputQueues;
    // The allocator's choice is the output link's: its VL scheduler is the output's.
    const vlScheduler = createVlScheduler(this.portCount, options);
    this.queues = createInputQueues(
      this.name,
      this.portCount,
      options.inputQueues,
      options.islipIterations,
      this.vls,
      vlScheduler,
    );
    this.sendingInput = new Int32Array(this.portCount);
    this.inputBusyUntil = new Float64Array(this.portCount);
    this.outputBusyUntil = new Float64Array(this.portCount);
    this.queuedFor = new Int32Array(this.portCount);
    this.inputSending = new Uint8Array(this.portCount);
    for (let port = 0; port < this.portCount; port++) this.sendingPacket.push(undefined);
    this.headKey = new HeadKey(this.portCount);
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    const eligibleAt = this.earliestStart(tailAt, packet.size, this.outputLinks[output]!.bandwidth);
    this.queuedFor[output]!++;
    const heads = this.queues.add(input, output, packet, eligibleAt);
    if (!this.queues.maximal) this.engine.at(eligibleAt, this, ELIGIBLE, this.headKey.of(input, output, packet.vl));
    else if (heads) this.wakeAt(input, output, packet.vl, eligibleAt);
  }

  /**
   * A queue head at `input` for `output` may go from `eligibleAt` on: arbitrate then
   * (ELIGIBLE), unless the packet that keeps `input` or `output` busy leaves no earlier: its
   * departure arbitrates anyway, and the head cannot go before it. A packet behind others in
   * its queue gets no event of its own: the departure of the one ahead exposes it
   * (`headWaits`). So arbitration runs when a packet that could go becomes eligible, never as
   * a poll for one that cannot. With strict FIFO inputs only (`maximal`): with iSLIP every
   * packet keeps its event (see `InputQueues.maximal`), handled by `eligible`.
   */
  private wakeAt(input: number, output: number, vl: number, eligibleAt: Time): void {
    if (eligibleAt > this.inputBusyUntil[input]! && eligibleAt > this.outputBusyUntil[output]!) {
      this.engine.at(eligibleAt, this, ELIGIBLE, this.headKey.of(input, output, vl));
    }
  }

  /**
   * A packet at `input` for `output` has become eligible: that decides something if it heads
   * its queue and both are free (if not, the departure or control frame that frees them
   * arbitrates, as the head waits for it), or if the last match may have left pairs. A packet
   * behind others (with VOQs, every packet has this event) decides nothing. Credits are not
   * looked at here: asking `canStart` would report a blocked output to the marking policy.
   */
  private eligible(key: number): void {
    this.headKey.decode(key);
    const { input, output, vl } = this.headKey;
    if (
      (this.queues.head(input, output, vl) !== undefined &&
        this.inputSending[input] === 0 &&
        this.linkBusy[output] === 0) ||
      this.queues.mayMatchMore()
    ) {
      this.requestArbitration();
    }
  }

  /** Credits matter to a free link that a packet or a notification waits for. */
  protected override creditsDecide(port: number): boolean {
    return (
      (this.linkBusy[port] === 0 && (this.queuedFor[port]! > 0 || this.controlWaits(port))) ||
      this.queues.mayMatchMore()
    );
  }

  protected arbitrate(): void {
    this.queues.match(this.engine.now, this.outputs);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) this.eligible(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
  }

  private send(input: number, output: number, packet: Packet): void {
    this.queuedFor[output]!--;
    this.inputSending[input] = 1;
    this.sendingInput[output] = input;
    this.sendingPacket[output] = packet;
    const end = this.startOnLink(packet, input, output);
    this.inputBusyUntil[input] = end;
    this.outputBusyUntil[output] = end;
    this.engine.at(end, this, DEPARTED, output);
  }

  private departed(output: number): void {
    const input = this.sendingInput[output]!;
    const packet = this.sendingPacket[output]!;
    this.sendingPacket[output] = undefined;
    this.linkBusy[output] = 0;
    this.inputSending[input] = 0;
    this.queues.inputFreed(input);
    this.release(packet, input);
    // The input and the output are free: that decides something only if a packet waits at the
    // input or for the output, or a control frame for the link (release asks itself if XON is
    // due), or if the last match stopped at its iteration limit and may have left pairs.
    if (
      this.queues.queuedAt(input) > 0 ||
      this.queuedFor[output]! > 0 ||
      this.controlWaits(output) ||
      this.queues.mayMatchMore()
    ) {
      this.requestArbitration();
    }
  }
}
