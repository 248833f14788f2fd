/**
 * htsim's connection matrices for the benchmarks: reading one is @losslab/traffic's
 * `parseConnectionMatrix` (the parser `losslab import htsim` uses too), of which
 * `readFlowMatrix` takes the timed flows; the matrices htsim's generators write are
 * @losslab/traffic's `permutationMatrix` and its kin (htsim-generators.ts).
 */
import { type FlowMatrix, matrixFlows, parseConnectionMatrix } from "@losslab/traffic";

/** The timed flows of matrix `text` (from `file`); a matrix with triggers or failures is refused. */
export function readFlowMatrix(text: string, file = "connection matrix"): FlowMatrix {
  const matrix = parseConnectionMatrix(text, file);
  return { nodes: matrix.nodes, flows: matrixFlows(matrix, file) };
}
