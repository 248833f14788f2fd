import type { Packet, SwitchView } from "@losslab/core";
import { checkValues, type InputOf, MAX_PACKETS } from "@losslab/kinds";
import { type CountedMarkingFactory, countedFactory } from "./counted-marking-factory.js";
import { type CounterMarkingPolicy, InputTriggeredPolicy } from "./input-triggered.js";
import { defineMarkingPolicy } from "./marking-definition.js";

const inputOutputTriggeredParameters = {
  outputThreshold: {
    type: "integer",
    min: 1,
    max: MAX_PACKETS,
    description:
      "packets waiting for an output above which (strictly more) an arrival triggers marking on it; santos-2002 Figs. 4(c)-(d), 5 use 4, 6, 8, 16",
  },
} as const;

/** Options of the input-output-triggered policy: `outputThreshold`, required. */
export type InputOutputTriggeredOptions = InputOf<typeof inputOutputTriggeredParameters>;

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
 * @throws KindError if `outputThreshold` is not a positive integer.
 * @example
 * const marking = inputOutputTriggered({ outputThreshold: 8 }); // Fig. 4(d)
 * new InputBufferedSwitch(engine, { ...options, marking });
 */
export function inputOutputTriggered(
  options: InputOutputTriggeredOptions,
): CountedMarkingFactory<CounterMarkingPolicy> {
  const { outputThreshold } = checkValues("marking", "input-output-triggered", inputOutputTriggeredParameters, options);
  return countedFactory("input-output-triggered", (view) => new InputOutputTriggeredPolicy(view, outputThreshold));
}

/** Registry entry (marking-policies.ts). */
export const inputOutputTriggeredDefinition = defineMarkingPolicy({
  kind: "input-output-triggered",
  description:
    "santos-2002 sec. 5: input-triggered marking plus an output trigger when more than outputThreshold packets wait for an output",
  parameters: inputOutputTriggeredParameters,
  create: (values) => inputOutputTriggered(values),
});
