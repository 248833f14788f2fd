/**
 * Prints santos2002-fig3a's and santos2002-fig4c's summaries and claims under each output order of
 * the input-buffered switch, as the markdown table of the reproductions README:
 * `node --conditions=@losslab/source --import tsx scripts/santos-output-orders.ts [seed]`.
 */
import { santosOutputOrders } from "../packages/reproductions/src/presets/santos-output-orders.js";

const seed = Number(process.argv[2] ?? 1);
console.log("| preset | outputOrder | summary | claims |");
console.log("| ------ | ----------- | ------- | ------ |");
for (const { preset, outputOrder, summary, checks } of santosOutputOrders(seed)) {
  const values = Object.entries(summary)
    .map(([key, value]) => `${key} ${value}`)
    .join(", ");
  const claims = checks.map((c) => `${c.id} ${c.pass ? "pass" : "**FAIL**"} (${c.value} ${c.expected})`).join("; ");
  console.log(`| ${preset} | ${outputOrder} | ${values} | ${claims} |`);
}
