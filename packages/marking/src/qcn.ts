import type { Packet, SwitchView } from "@losslab/core";
import { checkValues, type InputOf, MAX_BUFFER_BYTES, MAX_FACTOR, MAX_PACKET_BYTES } from "@losslab/kinds";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import type { MarkingContext } from "./marking-context.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { hasOutputBuffer, outputQueue } from "./output-queue.js";
import { largestBacklog, randomUnit } from "./qcn-culprit.js";
import { qcnFeedback, qcnSampleInterval, quantizeQcnFeedback } from "./qcn-feedback.js";

/** Where the congestion points sit: one per output queue (the standard) or per input buffer (chrysos). */
export type QcnPlacement = "output" | "input";

/** Whose source a CNM goes to: the sampled frame's (the standard) or chrysos sec. IV.B's occupancy sampling. */
export type QcnCulprit = "arrival" | "occupancy-deterministic" | "occupancy-random";

/** Whether the sampling interval shrinks with |Fb| (the pseudo-code's table) or stays at the base. */
export type QcnSampling = "adaptive" | "fixed";

const qcnParameters = {
  at: {
    type: "choice",
    values: ["output", "input"],
    default: "output",
    description: "congestion points at switch outputs (IEEE 802.1Qau) or inputs (chrysos sec. III)",
  },
  culprit: {
    type: "choice",
    values: ["arrival", "occupancy-deterministic", "occupancy-random"],
    default: "arrival",
    description:
      "whose source a CNM goes to: the sampled frame's (the standard) or by buffer occupancy (chrysos sec. IV.B)",
  },
  equilibrium: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    default: 60_000,
    description: "Qeq, the queue's set point, bytes (chrysos sec. III: 60 KB)",
  },
  weight: {
    type: "number",
    min: 0,
    minExclusive: true,
    max: MAX_FACTOR,
    default: 2,
    description: "w, the weight of the queue's growth in Fb (spec/algorithms.md)",
  },
  sampleInterval: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    default: 150_000,
    description: "I_s, the base sampling interval in arriving data bytes (chrysos sec. III: 150 KB)",
  },
  sampling: {
    type: "choice",
    values: ["adaptive", "fixed"],
    default: "adaptive",
    description: "adaptive: shorter intervals for larger |Fb| (the pseudo-code's table); fixed: always I_s",
  },
  sampleJitter: {
    type: "number",
    min: 0,
    max: 1,
    maxExclusive: true,
    default: 0.15,
    description: "each interval is drawn uniformly from (1 ± sampleJitter) times its nominal length; 0: deterministic",
  },
  unitBytes: {
    type: "integer",
    min: 1,
    max: MAX_PACKET_BYTES,
    default: 256,
    description: 'the buffer unit "occupancy-random" draws, bytes (chrysos sec. II)',
  },
} as const;

/** Options of the QCN congestion point (sizes in bytes); every one has a default (`qcnParameters`). */
export type QcnOptions = InputOf<typeof qcnParameters>;

/** A QCN policy attached to one switch. It never marks (`marked` stays 0); `notified` counts its CNMs. */
export interface QcnPolicy extends CountedMarkingPolicy {
  /** CNMs this switch's congestion points sent (`SwitchView.notify`). */
  readonly notified: number;
}

/** The factory of `qcn()`: also sums the CNMs of its policies. */
export interface QcnMarkingFactory extends CountedMarkingFactory<QcnPolicy> {
  /** CNMs asked for by all the policies built so far. */
  readonly notified: number;
}

interface QcnSettings {
  readonly at: QcnPlacement;
  readonly culprit: QcnCulprit;
  readonly equilibrium: number;
  readonly weight: number;
  readonly sampleInterval: number;
  readonly sampling: QcnSampling;
  readonly sampleJitter: number;
  readonly unitBytes: number;
  /** Bytes of a CNM frame. */
  readonly notificationBytes: number;
  /** Present whenever a draw is needed (`qcn()` checks). */
  readonly random: (() => number) | undefined;
}

/** The congestion points of one switch: one per input buffer or one per output queue. */
class CongestionPoints implements QcnPolicy {
  readonly switchName: string;
  readonly marked = 0;
  notified = 0;
  private readonly view: SwitchView;
  private readonly settings: QcnSettings;
  /** Per monitored queue: Qold, the queue at its previous sample (bytes). */
  private readonly oldQueue: Float64Array;
  /** Per monitored queue: data bytes still to arrive before its next sample. */
  private readonly bytesLeft: Float64Array;

  constructor(view: SwitchView, settings: QcnSettings) {
    this.view = view;
    this.switchName = view.name;
    this.settings = settings;
    this.oldQueue = new Float64Array(view.portCount);
    this.bytesLeft = new Float64Array(view.portCount).fill(settings.sampleInterval);
  }

  /** A uniform draw in [0, 1) from the context. */
  private readonly draw = (): number => (this.settings.random as () => number)();

  /** A frame joins an input buffer, or (without output buffers) the bytes waiting for its output. */
  packetArrived(packet: Packet, input: number, output: number): void {
    const view = this.view;
    if (this.settings.at === "input") {
      this.arrived(packet, input, view.inputOccupancy(input), view.inputPackets(input));
    } else if (!hasOutputBuffer(view, output)) {
      const waiting = outputQueue(view, output);
      let bytes = 0;
      for (const queued of waiting) bytes += this.view.packets.size(queued);
      this.arrived(packet, output, bytes, waiting);
    }
  }

  /** A frame joins an output buffer (CIOQ): the standard's congestion point. */
  packetEnteredOutput(packet: Packet, _input: number, output: number): void {
    if (this.settings.at === "output") {
      this.arrived(packet, output, this.view.outputOccupancy(output), this.view.outputPackets(output));
    }
  }

  /**
   * A data frame arrived at monitored queue `index`, which now holds `queue` bytes
   * (`packets`, the frame included). 802.1Qau: the queue is sampled each time the interval's
   * bytes have arrived; a sample computes Fb, sends a CNM when Fb < 0, sets Qold = Q and
   * chooses the next interval from QntzFb.
   */
  private arrived(packet: Packet, index: number, queue: number, packets: readonly Packet[]): void {
    if (!this.view.packets.isData(packet)) return;
    const bytesLeft = this.bytesLeft[index]! - this.view.packets.size(packet);
    this.bytesLeft[index] = bytesLeft;
    if (bytesLeft > 0) return;
    const { equilibrium, weight, sampleInterval, sampling, sampleJitter } = this.settings;
    const feedback = qcnFeedback(queue, this.oldQueue[index]!, equilibrium, weight);
    this.oldQueue[index] = queue;
    const quantized = quantizeQcnFeedback(feedback, equilibrium, weight);
    const nominal = sampling === "adaptive" ? qcnSampleInterval(quantized, sampleInterval) : sampleInterval;
    this.bytesLeft[index] =
      sampleJitter === 0 ? nominal : nominal * (1 - sampleJitter + 2 * sampleJitter * this.draw());
    if (feedback >= 0) return;
    const culprit = this.culprit(packet, packets);
    if (culprit === undefined) return;
    this.notified++;
    this.view.notify(this.view.packets.source(culprit), culprit, this.settings.notificationBytes, quantized);
  }

  /** The frame whose source gets the CNM. */
  private culprit(arriving: Packet, packets: readonly Packet[]): Packet | undefined {
    switch (this.settings.culprit) {
      case "arrival":
        return arriving; // the standard: the sampled frame
      case "occupancy-deterministic":
        return largestBacklog(this.view.packets, packets);
      case "occupancy-random":
        return randomUnit(this.view.packets, packets, this.settings.unitBytes, this.draw);
    }
  }
}

/**
 * IEEE 802.1Qau QCN congestion points, with chrysos' variants: per monitored queue (each
 * output queue, or with `at: "input"` each input buffer), every `sampleInterval` bytes of
 * arriving data frames (fewer when |Fb| is large, `sampling`) the queue Q is sampled:
 * Fb = -((Q - Qeq) + w·(Q - Qold)), Qold = Q; when Fb < 0 a CNM with QntzFb =
 * min(63, floor(-Fb·63/(Qeq·(2w + 1)))) goes to the culprit's source (`SwitchView.notify`, a
 * frame of the context's `notifications.bytes`, default 64): the
 * sampled frame, the flow holding most bytes of the queue, or the frame holding a random
 * buffer unit (`culprit`). It never sets congestion bits.
 *
 * The output queue is the output buffer (frames sampled as they join it), or on a switch
 * without output buffers the frames waiting for that output in the input buffers (sampled
 * as they arrive). One congestion point per port (one priority).
 *
 * @throws KindError for a bad option; TypeError without the context's `random` when
 * `sampleJitter` > 0 or `culprit` is "occupancy-random".
 * @example
 * const marking = qcn({ at: "input", culprit: "occupancy-random" }, { random: () => stream.next() });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function qcn(
  options: QcnOptions = {},
  context: Partial<Pick<MarkingContext, "random" | "notifications">> = {},
): QcnMarkingFactory {
  const { at, culprit, equilibrium, weight, sampleInterval, sampling, sampleJitter, unitBytes } = checkValues(
    "marking",
    "qcn",
    qcnParameters,
    options,
  );
  const { random } = context;
  const notificationBytes = context.notifications?.bytes ?? DEFAULT_NOTIFICATION_BYTES;
  if ((sampleJitter > 0 || culprit === "occupancy-random") && typeof random !== "function") {
    throw new TypeError('marking "qcn" needs context.random() when sampleJitter > 0 or culprit is "occupancy-random"');
  }
  const settings: QcnSettings = {
    at,
    culprit,
    equilibrium,
    weight,
    sampleInterval,
    sampling,
    sampleJitter,
    unitBytes,
    notificationBytes,
    random,
  };
  const factory = countedFactory<QcnPolicy>("qcn", (view) => new CongestionPoints(view, settings));
  return Object.defineProperty(factory, "notified", {
    get: () => factory.policies.reduce((sum, policy) => sum + policy.notified, 0),
    enumerable: true,
  }) as QcnMarkingFactory;
}

/** IEEE 802.1Qau: a CNM is a minimum-size Ethernet frame. */
const DEFAULT_NOTIFICATION_BYTES = 64;

/** Registry entry (marking-policies.ts). */
export const qcnDefinition = defineMarkingPolicy({
  kind: "qcn",
  description: "IEEE 802.1Qau QCN congestion points sending CNMs, with chrysos' input placement and occupancy sampling",
  parameters: qcnParameters,
  // It sends CNMs; it draws when its values say so (`qcn` checks).
  uses: ["notifications", "random?"],
  create: (values, context) => qcn(values, context),
});
