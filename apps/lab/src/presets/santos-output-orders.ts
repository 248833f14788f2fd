/**
 * The input-buffered switch's output order (@losslab/switch `OutputOrder`, which santos-2002
 * leaves open) on santos-fig3c and santos-fig4c: each preset's summary and claims under each
 * order, the claims that compare with other runs (fig4c with 4b and 4d) running those with
 * the same order. Not a preset: the lab README shows the table, and
 * `scripts/santos-output-orders.ts` prints it.
 */
import { OUTPUT_ORDERS, type OutputOrder } from "@losslab/switch";
import type { Check } from "../preset.js";
import { fig3cOutcome, fig3cParams } from "./santos-fig3.js";
import { fig4Checks, fig4Markings, fig4Params, fig4Summary } from "./santos-fig4.js";
import { runSantos } from "./santos-scenario.js";

export interface OutputOrderOutcome {
  preset: "santos-fig3c" | "santos-fig4c";
  outputOrder: OutputOrder;
  summary: Record<string, number>;
  checks: Check[];
}

/** santos-fig3c and santos-fig4c under each output order (12 runs of 100 ms: about 20 s). */
export function santosOutputOrders(seed: number, orders: readonly OutputOrder[] = OUTPUT_ORDERS): OutputOrderOutcome[] {
  const outcomes: OutputOrderOutcome[] = [];
  for (const outputOrder of orders) {
    const fig3c = fig3cOutcome(runSantos({ ...fig3cParams, outputOrder }, seed));
    outcomes.push({ preset: "santos-fig3c", outputOrder, ...fig3c });
    const summary = fig4Summary(runSantos(fig4Params(fig4Markings.c, outputOrder), seed));
    outcomes.push({
      preset: "santos-fig4c",
      outputOrder,
      summary,
      checks: fig4Checks("c", summary, seed, [], outputOrder),
    });
  }
  return outcomes;
}
