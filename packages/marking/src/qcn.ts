import { isData, type Packet, type SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import type { MarkingDefinition } from "./marking-definition.js";
import type { MarkingRuntime } from "./marking-runtime.js";
import { hasOutputBuffer, outputQueue } from "./output-queue.js";
import { largestBacklog, randomUnit } from "./qcn-culprit.js";
import { qcnFeedback, qcnSampleInterval, quantizeQcnFeedback } from "./qcn-feedback.js";
import { choiceParameter, integerParameter, numberParameter } from "./spec-parameters.js";

/** Where the congestion points sit: one per output queue (the standard) or per input buffer (chrysos). */
export type QcnPlacement = "output" | "input";

/** Whose source a CNM goes to: the sampled frame's (the standard) or chrysos sec. IV.B's occupancy sampling. */
export type QcnCulprit = "arrival" | "occupancy-deterministic" | "occupancy-random";

/** Whether the sampling interval shrinks with |Fb| (the pseudo-code's table) or stays at the base. */
export type QcnSampling = "adaptive" | "fixed";

const placements: readonly QcnPlacement[] = ["output", "input"];
const culprits: readonly QcnCulprit[] = ["arrival", "occupancy-deterministic", "occupancy-random"];
const samplings: readonly QcnSampling[] = ["adaptive", "fixed"];

/** Options of the QCN congestion point. Sizes in bytes. */
export interface QcnOptions {
  /** "output" (default, IEEE 802.1Qau) or "input" (chrysos sec. III). */
  readonly at?: QcnPlacement;
  /** "arrival" (default, the standard), "occupancy-deterministic" or "occupancy-random" (chrysos sec. IV.B). */
  readonly culprit?: QcnCulprit;
  /** Qeq, the queue's set point in bytes (default 60 000, chrysos sec. III's 60 KB). */
  readonly equilibrium?: number;
  /** w, the weight of the queue's growth in Fb (default 2, spec/algorithms.md). */
  readonly weight?: number;
  /** I_s, the base sampling interval in arriving data bytes (default 150 000, chrysos sec. III). */
  readonly sampleInterval?: number;
  /** "adaptive" (default: shorter intervals for larger |Fb|, the pseudo-code's table) or "fixed" (always I_s). */
  readonly sampling?: QcnSampling;
  /**
   * Each interval after a sample is drawn uniformly from (1 ± sampleJitter) times its nominal
   * length; a fraction in [0, 1), default 0.15 (the pseudo-code's 0.85..1.15 as
   * sef1/congestion-control runs it). 0 makes sampling deterministic.
   */
  readonly sampleJitter?: number;
  /** The buffer unit "occupancy-random" draws, in bytes (default 256, chrysos sec. II). */
  readonly unitBytes?: number;
}

/** Scenario spec of the QCN congestion point. */
export interface QcnSpec extends QcnOptions {
  readonly kind: "qcn";
}

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

  /** A uniform draw in [0, 1) from the runtime. */
  private readonly draw = (): number => (this.settings.random as () => number)();

  /** A frame joins an input buffer, or (without output buffers) the bytes waiting for its output. */
  packetArrived(packet: Packet, input: number, output: number): void {
    const view = this.view;
    if (this.settings.at === "input") {
      this.arrived(packet, input, view.inputOccupancy(input), view.inputPackets(input));
    } else if (!hasOutputBuffer(view, output)) {
      const waiting = outputQueue(view, output);
      let bytes = 0;
      for (const queued of waiting) bytes += queued.size;
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
    if (!isData(packet)) return;
    const bytesLeft = this.bytesLeft[index]! - packet.size;
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
    this.view.notify(culprit.source, culprit, this.settings.notificationBytes, quantized);
  }

  /** The frame whose source gets the CNM. */
  private culprit(arriving: Packet, packets: readonly Packet[]): Packet | undefined {
    switch (this.settings.culprit) {
      case "arrival":
        return arriving; // the standard: the sampled frame
      case "occupancy-deterministic":
        return largestBacklog(packets);
      case "occupancy-random":
        return randomUnit(packets, this.settings.unitBytes, this.draw);
    }
  }
}

/**
 * IEEE 802.1Qau QCN congestion points, with chrysos' variants: per monitored queue (each
 * output queue, or with `at: "input"` each input buffer), every `sampleInterval` bytes of
 * arriving data frames (fewer when |Fb| is large, `sampling`) the queue Q is sampled:
 * Fb = -((Q - Qeq) + w·(Q - Qold)), Qold = Q; when Fb < 0 a CNM with QntzFb =
 * min(63, floor(-Fb·63/(Qeq·(2w + 1)))) goes to the culprit's source (`SwitchView.notify`, a
 * frame of `runtime.notificationBytes`, default 64): the
 * sampled frame, the flow holding most bytes of the queue, or the frame holding a random
 * buffer unit (`culprit`). It never sets congestion bits.
 *
 * The output queue is the output buffer (frames sampled as they join it), or on a switch
 * without output buffers the frames waiting for that output in the input buffers (sampled
 * as they arrive). One congestion point per port (one priority).
 *
 * @throws MarkingSpecError for a bad option; TypeError without `runtime.random` when
 * `sampleJitter` > 0 or `culprit` is "occupancy-random".
 * @example
 * const marking = qcn({ at: "input", culprit: "occupancy-random" }, { random: stream });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function qcn(options: QcnOptions = {}, runtime: MarkingRuntime = {}): QcnMarkingFactory {
  const at = choiceParameter("at", options?.at, "output", placements);
  const culprit = choiceParameter("culprit", options?.culprit, "arrival", culprits);
  const equilibrium = integerParameter("equilibrium", options?.equilibrium, 60_000, 1);
  const weight = numberParameter("weight", options?.weight, 2, 0);
  const sampleInterval = integerParameter("sampleInterval", options?.sampleInterval, 150_000, 1);
  const sampling = choiceParameter("sampling", options?.sampling, "adaptive", samplings);
  const sampleJitter = numberParameter("sampleJitter", options?.sampleJitter, 0.15, 0, 1);
  const unitBytes = integerParameter("unitBytes", options?.unitBytes, 256, 1);
  const { random } = runtime ?? {};
  const notificationBytes = runtime?.notificationBytes ?? DEFAULT_NOTIFICATION_BYTES;
  if ((sampleJitter > 0 || culprit === "occupancy-random") && typeof random !== "function") {
    throw new TypeError('marking "qcn" needs runtime.random() when sampleJitter > 0 or culprit is "occupancy-random"');
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

/** Registry entry (create-marking.ts). */
export const qcnDefinition: MarkingDefinition<QcnSpec> = {
  kind: "qcn",
  parameters: ["at", "culprit", "equilibrium", "weight", "sampleInterval", "sampling", "sampleJitter", "unitBytes"],
  create: (spec, runtime) => qcn(spec, runtime),
};
