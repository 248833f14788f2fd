/**
 * Writes the permutation benchmark's scenario (permutation-scenario.ts) for the flows of an
 * htsim connection matrix, as JSON on stdout, for a paired run against htsim on the same
 * flows (docs/benchmarks.md):
 *
 *     node --conditions=@losslab/source --import tsx apps/lab/bench/matrix-scenario.ts perm1024.cm > perm.json
 *
 * The matrix's node count must be a power of 4 (the 4-ary n-tree's hosts).
 */
import { readFileSync } from "node:fs";
import { readFlowMatrix } from "./connection-matrix.js";
import { permutationScenario } from "./permutation-scenario.js";

const file = process.argv[2];
if (file === undefined) {
  console.error("usage: matrix-scenario.ts <connection-matrix.cm>");
  process.exit(2);
}
const { nodes, flows } = readFlowMatrix(readFileSync(file, "utf8"), file);
const stages = Math.round(Math.log(nodes) / Math.log(4));
if (4 ** stages !== nodes) {
  console.error(`${file}: ${nodes} nodes; the 4-ary n-tree needs a power of 4 (64, 256, 1024)`);
  process.exit(2);
}
console.log(JSON.stringify(permutationScenario(stages, 1, 1, flows)));
