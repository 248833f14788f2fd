import type { Packet, SwitchView } from "@losslab/core";
import { checkValues, type InputOf, KindError, MAX_BUFFER_BYTES } from "@losslab/kinds";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { markPacket } from "./mark-packet.js";
import type { MarkingContext } from "./marking-context.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { outputQueue } from "./output-queue.js";

const redParameters = {
  kmin: {
    type: "integer",
    min: 0,
    max: MAX_BUFFER_BYTES,
    description: "Kmin, bytes queued behind a departing packet: at or below it, no mark",
  },
  kmax: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    description: "Kmax, bytes (above Kmin): above it, every data packet is marked",
  },
  pmax: {
    type: "number",
    min: 0,
    minExclusive: true,
    max: 1,
    description: "Pmax: the marking probability just below Kmax",
  },
  hostPorts: {
    type: "boolean",
    default: true,
    description:
      "false: ports linked to a host mark nothing (uet-htsim's ToR downlinks when receivers pull, RCCC; dc/main_uec.cpp:708)",
  },
} as const;

/** Options of RED-style ECN marking at egress: Kmin, Kmax, Pmax, all required (the published sets differ, README). */
export type RedOptions = InputOf<typeof redParameters>;

/** RED marking at one switch. */
class RedMarking implements CountedMarkingPolicy {
  readonly switchName: string;
  marked = 0;

  constructor(
    private readonly view: SwitchView,
    /** Outputs that never mark (`hostPorts: false`: those linked to a host). */
    private readonly quiet: ReadonlySet<number>,
    private readonly random: () => number,
    /** Per output, its thresholds: `options`, or on a degraded link Kmin and Kmax scaled (`fabric.outputRatio`). */
    private readonly perOutput: readonly RedOptions[],
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
    if (!this.view.packets.isData(packet) || this.quiet.has(output)) return;
    let queued = -this.view.packets.size(packet);
    for (const waiting of outputQueue(this.view, output)) queued += this.view.packets.size(waiting);
    const probability = markProbability(queued, this.perOutput[output]!);
    if (probability <= 0 || (probability < 1 && this.random() >= probability)) return;
    if (markPacket(this.view.packets, packet)) this.marked++;
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
 * Draws come from the context's `random`, a seeded stream.
 *
 * @throws KindError for a missing or bad Kmin, Kmax or Pmax; TypeError without the
 * context's `random`.
 * @example
 * const marking = red({ kmin: 5_000, kmax: 200_000, pmax: 0.01 }, { random: () => stream.next() });
 * new CioqSwitch(engine, { ...options, marking });
 */
export function red(
  options: RedOptions,
  context: Partial<Pick<MarkingContext, "random" | "fabric">> = {},
): CountedMarkingFactory {
  const checked = checkValues("marking", "red", redParameters, options);
  const { kmin, kmax } = checked;
  if (kmax <= kmin)
    throw new KindError("marking.kmax", `marking.kmax must be above marking.kmin (${kmin}), got ${kmax}`);
  const random = context.random;
  if (typeof random !== "function") throw new TypeError('marking "red" needs context.random(), a seeded stream');
  const fabric = context.fabric;
  if (!checked.hostPorts && fabric === undefined) {
    throw new TypeError('marking "red" with hostPorts false needs context.fabric, to know which ports lead to hosts');
  }
  return countedFactory("red", (view) => {
    const quiet = new Set<number>();
    if (!checked.hostPorts) {
      for (let output = 0; output < view.portCount; output++)
        if (fabric!.leadsToHost(view.name, output)) quiet.add(output);
    }
    // uet-htsim's degraded link marks between Kmin and Kmax times its ratio, truncated to whole
    // bytes (`mem_b`; dc/fat_tree_topology.cpp:1190-1191).
    const perOutput = Array.from({ length: view.portCount }, (_, output): RedOptions => {
      const ratio = fabric?.outputRatio(view.name, output) ?? 1;
      return ratio === 1 ? checked : { ...checked, kmin: Math.floor(kmin * ratio), kmax: Math.floor(kmax * ratio) };
    });
    return new RedMarking(view, quiet, random, perOutput);
  });
}

/** Registry entry (marking-policies.ts). */
export const redDefinition = defineMarkingPolicy({
  kind: "red",
  description:
    "DCQCN's congestion point (spec/algorithms.md): RED-style ECN marking at egress; no defaults, the published sets differ",
  parameters: redParameters,
  uses: ["random", "fabric?"],
  create: (values, context) => red(values, context),
});
