import type { Packet, SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, countedFactory } from "./counted-marking-factory.js";
import { type CounterMarkingPolicy, InputTriggeredPolicy } from "./input-triggered.js";
import type { MarkingDefinition } from "./marking-definition.js";
import { integerParameter } from "./spec-parameters.js";

/** Options of the input-output-triggered policy. */
export interface InputOutputTriggeredOptions {
  /**
   * Packets waiting for an output above which (strictly more than) an arrival triggers
   * marking on that output. A positive integer; santos-2002 Figs. 4(c)-(d) and 5 use 4, 6,
   * 8 and 16.
   */
  readonly outputThreshold: number;
}

/** Scenario spec of the input-output-triggered policy. */
export interface InputOutputTriggeredSpec extends InputOutputTriggeredOptions {
  readonly kind: "input-output-triggered";
}

/** Input-triggered marking plus the output trigger of santos-2002 sec. 5. */
class InputOutputTriggeredPolicy extends InputTriggeredPolicy {
  private readonly outputThreshold: number;

  constructor(view: SwitchView, outputThreshold: number) {
    super(view);
    this.outputThreshold = outputThreshold;
  }

  /**
   * The output trigger: "triggered when the total number of packets that are waiting for
   * an output link exceeds a threshold" (santos-2002 sec. 5). Checked on every arrival, after
   * the switch has counted it in cnt1; "exceeds" is strictly greater, so with threshold 4
   * the 5th waiting packet triggers and the 4th does not. Each arrival above the threshold
   * triggers again (cnt2 = cnt1), so every packet that arrives while the output is over its
   * threshold is covered.
   */
  packetArrived(_packet: Packet, _input: number, output: number): void {
    if (this.view.waitingFor(output) > this.outputThreshold) this.counters.trigger(output);
  }
}

/**
 * The input-output-triggered policy (santos-2002 sec. 5, Figs. 4(c), 4(d), 5): the
 * input-triggered policy combined with an output trigger that fires when more than
 * `outputThreshold` packets wait for an output. The two triggers pull fairness in opposite
 * directions (full input buffers favour marking remote flows, output bursts local ones).
 *
 * @throws MarkingSpecError if `outputThreshold` is not a positive integer.
 * @example
 * const marking = inputOutputTriggered({ outputThreshold: 8 }); // Fig. 4(d)
 * new InputBufferedSwitch(engine, { ...options, marking });
 */
export function inputOutputTriggered(
  options: InputOutputTriggeredOptions,
): CountedMarkingFactory<CounterMarkingPolicy> {
  const threshold = integerParameter("outputThreshold", options?.outputThreshold, undefined, 1);
  return countedFactory("input-output-triggered", (view) => new InputOutputTriggeredPolicy(view, threshold));
}

/** Registry entry (create-marking.ts). */
export const inputOutputTriggeredDefinition: MarkingDefinition<InputOutputTriggeredSpec> = {
  kind: "input-output-triggered",
  parameters: ["outputThreshold"],
  create: (spec) => inputOutputTriggered(spec),
};
