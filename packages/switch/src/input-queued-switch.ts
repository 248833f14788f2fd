import type { Packet } from "@losslab/core";
import type { Engine, Time } from "@losslab/engine";
import { createInputQueues, islipIterations } from "./create-input-queues.js";
import { CrossbarInputs } from "./crossbar-inputs.js";
import type { CrossbarOutputs } from "./input-queues.js";
import { FIRST_MODEL_EVENT, SwitchBase } from "./switch-base.js";
import type { SwitchOptions } from "./switch-model.js";
import { defineSwitchOrganisation } from "./switch-organisation.js";
import { vlLanes, vlParameters } from "./vl-parameters.js";
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
  private readonly crossbar: CrossbarInputs;
  /** Per output: the input and the packet on its link. */
  private readonly sendingInput: Int32Array;
  private readonly sendingPacket: (Packet | undefined)[] = [];
  private readonly outputs: CrossbarOutputs = {
    accepts: (output, packet) => this.linkBusy[output] === 0 && this.canStart(output, packet),
    start: (input, output, packet) => this.send(input, output, packet),
    headWaits: (input, output, vl, eligibleAt) => this.crossbar.headWaits(input, output, vl, eligibleAt),
  };

  constructor(engine: Engine, options: InputQueuedSwitchOptions) {
    super(engine, options);
    this.inputQueues = options.inputQueues;
    // The allocator's choice is the output link's: its VL scheduler is the output's.
    const vlScheduler = createVlScheduler(this.portCount, options);
    const queues = createInputQueues(
      this.name,
      this.portCount,
      options.inputQueues,
      options.islipIterations,
      this.vls,
      vlScheduler,
      this.packets,
    );
    this.crossbar = new CrossbarInputs(this.packets, this.portCount, queues, engine, this, ELIGIBLE);
    this.sendingInput = new Int32Array(this.portCount);
    for (let port = 0; port < this.portCount; port++) this.sendingPacket.push(undefined);
    this.marking = options.marking?.(this);
  }

  protected accept(packet: Packet, input: number, output: number, tailAt: Time): void {
    this.crossbar.add(
      input,
      output,
      packet,
      this.earliestStart(tailAt, this.packets.size(packet), this.linkRates[output]!),
    );
  }

  /**
   * A packet has become eligible: that decides something if it heads its queue and both its
   * input and its output link are free (if not, the departure or control frame that frees
   * them arbitrates, as the head waits for it), or if the last match may have left pairs.
   * Credits are not looked at here: asking `canStart` would report a blocked output to the
   * marking policy.
   */
  private eligible(key: number): void {
    const crossbar = this.crossbar;
    if (
      (crossbar.eligibleHead(key) !== undefined && this.linkBusy[crossbar.output] === 0) ||
      crossbar.queues.mayMatchMore()
    ) {
      this.requestArbitration();
    }
  }

  /** Credits matter to a free link that a packet or a notification waits for. */
  protected override creditsDecide(port: number): boolean {
    return (
      (this.linkBusy[port] === 0 && (this.crossbar.queuedFor[port]! > 0 || this.controlWaits(port))) ||
      this.crossbar.queues.mayMatchMore()
    );
  }

  protected arbitrate(): void {
    this.crossbar.queues.match(this.engine.now, this.outputs);
  }

  protected handleModelEvent(kind: number, payload: unknown): void {
    if (kind === ELIGIBLE) this.eligible(payload as number);
    else if (kind === DEPARTED) this.departed(payload as number);
  }

  private send(input: number, output: number, packet: Packet): void {
    this.sendingInput[output] = input;
    this.sendingPacket[output] = packet;
    const end = this.startOnLink(packet, input, output);
    this.crossbar.started(input, output, end);
    this.engine.at(end, this, DEPARTED, output);
  }

  private departed(output: number): void {
    const input = this.sendingInput[output]!;
    const packet = this.sendingPacket[output]!;
    this.sendingPacket[output] = undefined;
    this.linkBusy[output] = 0;
    this.crossbar.freed(input);
    this.release(packet, input);
    // The input and the output are free: that decides something only if a packet waits at the
    // input or for the output, or a control frame for the link (release asks itself if XON is
    // due), or if the last match stopped at its iteration limit and may have left pairs.
    if (this.crossbar.mayStart(input, output) || this.controlWaits(output)) this.requestArbitration();
  }
}

/** The input-queued switch with strict FIFO inputs, as scenario files name it (`switch.kind: "fifo"`). */
export const fifoDefinition = defineSwitchOrganisation({
  kind: "fifo",
  description: "strict FIFO input queues (head-of-line blocking)",
  parameters: vlParameters,
  lanes: vlLanes,
  create: (values, { engine, options }) =>
    new InputQueuedSwitch(engine, { ...options, ...values, inputQueues: "fifo" }),
});

/** The input-queued switch with virtual output queues (`switch.kind: "voq"`). */
export const voqDefinition = defineSwitchOrganisation({
  kind: "voq",
  description: "virtual output queues at the inputs, iSLIP allocator",
  parameters: { islipIterations: { ...islipIterations, default: 1 }, ...vlParameters },
  lanes: vlLanes,
  pairQueues: () => true,
  create: (values, { engine, options }) => new InputQueuedSwitch(engine, { ...options, ...values, inputQueues: "voq" }),
});
