import { formatValue, isData, type Packet, type SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import type { MarkingDefinition } from "./marking-definition.js";
import type { MarkingRuntime } from "./marking-runtime.js";
import { MarkingSpecError } from "./marking-spec-error.js";
import { outputQueue } from "./output-queue.js";
import { integerParameter } from "./spec-parameters.js";

/** Options of RED-style ECN marking at egress (DCQCN's congestion point). */
export interface RedOptions {
  /** Kmin, bytes: below or at it nothing is marked. Required: the published sets differ (README). */
  readonly kmin: number;
  /** Kmax, bytes (> Kmin): above it every data packet is marked. Required. */
  readonly kmax: number;
  /** Pmax, in (0, 1]: the marking probability just below Kmax. Required. */
  readonly pmax: number;
}

/** Scenario spec of RED-style ECN marking. */
export interface RedSpec extends RedOptions {
  readonly kind: "red";
}

/** RED marking at one switch. */
class RedMarking implements CountedMarkingPolicy {
  readonly switchName: string;
  marked = 0;

  constructor(
    private readonly view: SwitchView,
    private readonly options: RedOptions,
    private readonly random: () => number,
  ) {
    this.switchName = view.name;
  }

  /**
   * spec/algorithms.md (DCQCN's switch): at egress dequeue, a data packet is marked with
   * probability Pmax (q - Kmin) / (Kmax - Kmin) for Kmin < q <= Kmax, and always above Kmax.
   * q is the bytes queued for the port behind the departing packet (as `ib-cca` judges it):
   * its output buffer, or on a switch without output buffers the packets waiting for it in
   * the input buffers. A draw is made only when the probability is strictly between 0 and 1.
   */
  packetDeparting(packet: Packet, _input: number, output: number): void {
    if (!isData(packet)) return;
    let queued = -packet.size;
    for (const waiting of outputQueue(this.view, output)) queued += waiting.size;
    const probability = markProbability(queued, this.options);
    if (probability <= 0 || (probability < 1 && this.random() >= probability)) return;
    if (markPacket(packet)) this.marked++;
  }
}

/** RED's marking probability for `queued` bytes (spec/algorithms.md, DCQCN). */
export function markProbability(queued: number, { kmin, kmax, pmax }: RedOptions): number {
  if (queued <= kmin) return 0;
  if (queued > kmax) return 1;
  return (pmax * (queued - kmin)) / (kmax - kmin);
}

/**
 * RED-style ECN marking at egress, DCQCN's congestion point (Zhu et al., SIGCOMM 2015;
 * spec/algorithms.md): a data packet leaving a port whose queue holds q bytes behind it gets
 * the ECN bit with probability 0 up to Kmin, rising linearly to Pmax at Kmax, and 1 above.
 * Draws come from `runtime.random`, a seeded stream.
 *
 * @throws MarkingSpecError for a missing or bad Kmin, Kmax or Pmax; TypeError without
 * `runtime.random`.
 * @example
 * const marking = red({ kmin: 5_000, kmax: 200_000, pmax: 0.01 }, { random: stream });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function red(options: RedOptions, runtime: MarkingRuntime = {}): CountedMarkingFactory {
  const kmin = integerParameter("kmin", options?.kmin, undefined, 0);
  const kmax = integerParameter("kmax", options?.kmax, undefined, 1);
  const pmax = options?.pmax;
  if (!(typeof pmax === "number" && pmax > 0 && pmax <= 1)) {
    throw new MarkingSpecError(
      "marking.pmax",
      `marking.pmax must be a probability above 0 and at most 1, got ${formatValue(pmax)}`,
    );
  }
  if (kmax <= kmin) {
    throw new MarkingSpecError("marking.kmax", `marking.kmax must be above marking.kmin (${kmin}), got ${kmax}`);
  }
  const random = runtime?.random;
  if (typeof random !== "function") throw new TypeError('marking "red" needs runtime.random(), a seeded stream');
  const checked = { kmin, kmax, pmax };
  return countedFactory("red", (view) => new RedMarking(view, checked, random));
}

/** Registry entry (create-marking.ts). */
export const redDefinition: MarkingDefinition<RedSpec> = {
  kind: "red",
  parameters: ["kmin", "kmax", "pmax"],
  create: (spec, runtime) => red(spec, runtime),
};
