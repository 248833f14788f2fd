/**
 * htsim's connection matrices for the benchmarks: the permutation htsim's `gen_permutation.py`
 * writes, rebuilt without Python, and the text form htsim reads. Reading a matrix is
 * @losslab/traffic's `parseConnectionMatrix` (the parser `losslab import htsim` uses too):
 * `readFlowMatrix` here takes its timed flows.
 */
import { type MatrixFlow, matrixFlows, parseConnectionMatrix } from "@losslab/traffic";
import { PythonRandom } from "./python-random.js";

/** A matrix of timed flows: hosts 0..nodes-1. */
export interface FlowMatrix {
  nodes: number;
  flows: MatrixFlow[];
}

/** The timed flows of matrix `text` (from `file`); a matrix with triggers or failures is refused. */
export function readFlowMatrix(text: string, file = "connection matrix"): FlowMatrix {
  const matrix = parseConnectionMatrix(text, file);
  return { nodes: matrix.nodes, flows: matrixFlows(matrix, file) };
}

/**
 * The permutation matrix htsim's `gen_permutation.py <file> <nodes> <conns> <bytes> 0 <seed>`
 * writes, rebuilt without Python: sources and destinations are each a shuffle of 0..nodes-1
 * (CPython's stream seeded with `seed`, python-random.ts); a position whose source is its own
 * destination swaps its destination with the next position's (the last with the first); the
 * first `conns` positions are the flows, every one starting at 0 with `bytes` bytes. A seed of
 * 0 means an unseeded draw in the generator and is refused here.
 */
export function permutationMatrix(nodes: number, conns: number, bytes: number, seed: number): FlowMatrix {
  if (!(Number.isSafeInteger(seed) && seed > 0))
    throw new RangeError(`permutationMatrix: seed must be >= 1, got ${seed}`);
  if (!(Number.isInteger(conns) && conns >= 0 && conns <= nodes)) {
    throw new RangeError(`permutationMatrix: conns must be 0..${nodes}, got ${conns}`);
  }
  const random = new PythonRandom(seed);
  const sources = Array.from({ length: nodes }, (_, index) => index);
  const destinations = Array.from({ length: nodes }, (_, index) => index);
  random.shuffle(sources);
  random.shuffle(destinations);
  for (let index = 0; index < nodes; index++) {
    if (sources[index] !== destinations[index]) continue;
    const next = (index + 1) % nodes;
    [destinations[index], destinations[next]] = [destinations[next]!, destinations[index]!];
  }
  const flows = Array.from({ length: conns }, (_, index) => ({
    source: sources[index]!,
    destination: destinations[index]!,
    startPs: 0,
    bytes,
  }));
  return { nodes, flows };
}

/** A matrix in the text form htsim (and `readFlowMatrix`) reads, flow ids 1, 2, ... in order. */
export function formatConnectionMatrix({ nodes, flows }: FlowMatrix): string {
  const lines = flows.map(
    ({ source, destination, startPs, bytes }, index) =>
      `${source}->${destination} id ${index + 1} start ${startPs} size ${bytes}`,
  );
  return [`Nodes ${nodes}`, `Connections ${flows.length}`, ...lines, ""].join("\n");
}
