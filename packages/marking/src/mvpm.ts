import { CongestionBit, type Packet, type SwitchView } from "@losslab/core";
import { checkValues, type InputOf } from "@losslab/kinds";
import { BufferThreshold, thresholdParameter, thresholdUnitParameter } from "./buffer-threshold.js";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { hasOutputBuffer, outputQueue, outputQueueCapacity } from "./output-queue.js";

const mvpmParameters = {
  inputThreshold: thresholdParameter(
    0.66,
    "fraction of an input buffer's capacity above which an arriving data packet gets MB (ferrer-2012 sec. 4.3 item 1)",
  ),
  outputThreshold: thresholdParameter(
    0.33,
    "fraction of an output buffer's capacity above which a marked packet joining it gets VB (sec. 4.3 item 1)",
  ),
  unit: thresholdUnitParameter,
} as const;

/** Options of MVCM's marking and validation policy: `inputThreshold` (0.66), `outputThreshold` (0.33), `unit` ("bytes"). */
export type MvpmOptions = InputOf<typeof mvpmParameters>;

/** An MVPM policy attached to one switch: `marked` counts MB decisions, `validated` VB decisions. */
export interface MvpmPolicy extends CountedMarkingPolicy {
  /** Data packets this policy validated (set `CongestionBit.Validated` on), each counted once. */
  readonly validated: number;
}

/** The factory of `mvpm()`: also sums the validations of its policies. */
export interface MvpmMarkingFactory extends CountedMarkingFactory<MvpmPolicy> {
  /** Packets validated by all the policies built so far, summed. */
  readonly validated: number;
}

/** ferrer-2012 sec. 4.1's MVPM at one switch. */
class MarkingAndValidation implements MvpmPolicy {
  readonly switchName: string;
  marked = 0;
  validated = 0;
  private readonly view: SwitchView;
  private readonly inputThreshold: BufferThreshold;
  private readonly outputThreshold: BufferThreshold;

  constructor(view: SwitchView, inputThreshold: BufferThreshold, outputThreshold: BufferThreshold) {
    this.view = view;
    this.switchName = view.name;
    this.inputThreshold = inputThreshold;
    this.outputThreshold = outputThreshold;
  }

  /**
   * ferrer-2012 sec. 4.1: "packets arriving to an input buffer are marked if the number of
   * stored packets in the buffer exceeds a threshold. This is performed by activating the
   * Marking Bit (MB)". The buffer is judged as it holds the arrival, the arrival included.
   * In a switch without output buffers the packet also joins its output's queue now, so it
   * is judged for validation here, after its marking (README).
   */
  packetArrived(packet: Packet, input: number, output: number): void {
    const view = this.view;
    if (
      this.inputThreshold.exceededBy(this.view.packets, view.inputPackets(input), view.inputCapacity(input)) &&
      markPacket(this.view.packets, packet, CongestionBit.Marked)
    ) {
      this.marked++;
    }
    if (!hasOutputBuffer(view, output)) this.validate(packet, output);
  }

  /** A CIOQ switch: the packet joins the output buffer. */
  packetEnteredOutput(packet: Packet, _input: number, output: number): void {
    this.validate(packet, output);
  }

  /**
   * Sec. 4.1: "when a marked packet is forwarded through a saturated output link, even in a
   * different switch, we proceed to validate it by activating ... the Validation Bit (VB)";
   * "an output link is saturated when the number of packets stored in its buffer exceeds
   * certain threshold"; "a packet cannot be validated if it has not been previously marked".
   * The packet is judged with the queue it joins, itself included.
   */
  private validate(packet: Packet, output: number): void {
    if (!this.view.packets.hasBit(packet, CongestionBit.Marked)) return;
    const view = this.view;
    if (
      this.outputThreshold.exceededBy(
        this.view.packets,
        outputQueue(view, output),
        outputQueueCapacity(view, output),
      ) &&
      markPacket(this.view.packets, packet, CongestionBit.Validated)
    ) {
      this.validated++;
    }
  }
}

/**
 * Marking and Validation Packet Marking, MVCM's switch side (ferrer-2012 sec. 4.1, Fig. 3):
 * a data packet arriving at an input buffer above `inputThreshold` gets MB
 * (`CongestionBit.Marked`); a packet carrying MB that joins an output buffer above
 * `outputThreshold`, at this switch or any later one, gets VB (`CongestionBit.Validated`).
 * Bits are never cleared. Sources read MB+VB as a hot flow, MB alone as a warm one, neither
 * as a cold one (Table 1). On a switch without output buffers the validation judges the
 * packets waiting for the output in the input buffers (README).
 *
 * @throws KindError if a threshold is not in [0, 1) or `unit` is unknown.
 * @example
 * const marking = mvpm(); // 66 % / 33 %, in bytes
 * new CioqSwitch(engine, { ...options, marking });
 * // ... run ...
 * [marking.marked, marking.validated]; // MB and VB decisions at all switches
 */
export function mvpm(options: MvpmOptions = {}): MvpmMarkingFactory {
  const { inputThreshold, outputThreshold, unit } = checkValues("marking", "mvpm", mvpmParameters, options);
  const factory = countedFactory<MvpmPolicy>(
    "mvpm",
    (view) =>
      new MarkingAndValidation(
        view,
        new BufferThreshold(inputThreshold, unit, view.maxPacketBytes),
        new BufferThreshold(outputThreshold, unit, view.maxPacketBytes),
      ),
  );
  return Object.defineProperty(factory, "validated", {
    get: () => factory.policies.reduce((sum, policy) => sum + policy.validated, 0),
    enumerable: true,
  }) as MvpmMarkingFactory;
}

/** Registry entry (marking-policies.ts). */
export const mvpmDefinition = defineMarkingPolicy({
  kind: "mvpm",
  description: "ferrer-2012 sec. 4.1: MVCM's marking at inputs (MB) and validation at outputs (VB)",
  parameters: mvpmParameters,
  create: (values) => mvpm(values),
});
