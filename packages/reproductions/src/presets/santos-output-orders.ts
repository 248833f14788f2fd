/**
 * The input-buffered switch's output order (@losslab/switch `OutputOrder`, which santos-2002
 * leaves open) on santos2002-fig3a and santos2002-fig4c: each preset's summary and claims under each
 * order, the claims that compare with other runs (fig4c with 4b and 4d) running those with
 * the same order. Not a preset: the README shows the table, and
 * `scripts/santos-output-orders.ts` prints it.
 */
import { OUTPUT_ORDERS, type OutputOrder } from "@losslab/switch";
import type { Check } from "../preset.js";
import { comparedWith, fig4Checks, fig4Markings, fig4Params, fig4Summary } from "./santos-fig4.js";
import { runSantos } from "./santos-scenario.js";
import { fig3aOutcome, fig3aParams } from "./santos-window-one.js";

export interface OutputOrderOutcome {
  preset: "santos2002-fig3a" | "santos2002-fig4c";
  outputOrder: OutputOrder;
  summary: Record<string, number>;
  checks: Check[];
}

/** santos2002-fig3a and santos2002-fig4c under each output order (12 runs of 100 ms: about 20 s). */
export function santosOutputOrders(seed: number, orders: readonly OutputOrder[] = OUTPUT_ORDERS): OutputOrderOutcome[] {
  const outcomes: OutputOrderOutcome[] = [];
  for (const outputOrder of orders) {
    const fig3a = fig3aOutcome(runSantos({ ...fig3aParams, outputOrder }, seed));
    outcomes.push({ preset: "santos2002-fig3a", outputOrder, ...fig3a });
    const summary = fig4Summary(runSantos(fig4Params(fig4Markings.c, outputOrder), seed));
    outcomes.push({
      preset: "santos2002-fig4c",
      outputOrder,
      summary,
      checks: fig4Checks(
        "c",
        summary,
        comparedWith.c.map((v) => fig4Summary(runSantos(fig4Params(fig4Markings[v], outputOrder), seed))),
      ),
    });
  }
  return outcomes;
}
