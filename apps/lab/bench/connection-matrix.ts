/**
 * htsim's connection matrices (`sim/datacenter/connection_matrices/gen_*.py` write them) as
 * losslab traffic, so that a paired run of both simulators moves the same flows. The format
 * read here is the one those generators write:
 *
 *     Nodes 1024
 *     Connections 1024
 *     197->135 id 1 start 0 size 2000000
 *
 * (start in picoseconds in this "id" form; hosts numbered from 0). Triggers and failures,
 * which the permutation does not use, are refused rather than ignored.
 */
import { PythonRandom } from "./python-random.js";

export interface MatrixFlow {
  source: number;
  destination: number;
  startPs: number;
  bytes: number;
}

export interface ConnectionMatrix {
  nodes: number;
  flows: MatrixFlow[];
}

const FLOW_LINE = /^(\d+)->(\d+) id \d+ start (\d+(?:\.\d+)?) size (\d+)$/;

export function parseConnectionMatrix(text: string, file = "connection matrix"): ConnectionMatrix {
  const lines = text.split("\n").map((line) => line.trim());
  const header = (index: number, word: string): number => {
    const match = new RegExp(`^${word} (\\d+)$`).exec(lines[index] ?? "");
    if (match === null) throw new Error(`${file}: line ${index + 1} must be "${word} <count>"; got "${lines[index]}"`);
    return Number(match[1]);
  };
  const nodes = header(0, "Nodes");
  const connections = header(1, "Connections");
  const flows: MatrixFlow[] = [];
  for (let index = 2; index < lines.length; index++) {
    const line = lines[index]!;
    if (line === "") continue;
    const match = FLOW_LINE.exec(line);
    if (match === null) {
      throw new Error(
        `${file}: line ${index + 1} must be "<src>-><dst> id <n> start <ps> size <bytes>"; got "${line}"`,
      );
    }
    const [source, destination, startPs, bytes] = match.slice(1).map(Number) as [number, number, number, number];
    if (source >= nodes || destination >= nodes) {
      throw new Error(`${file}: line ${index + 1}: hosts must be 0..${nodes - 1}; got ${source}->${destination}`);
    }
    flows.push({ source, destination, startPs, bytes });
  }
  if (flows.length !== connections) {
    throw new Error(`${file}: "Connections ${connections}" but ${flows.length} flow lines`);
  }
  return { nodes, flows };
}

/** The flows as a losslab trace (`traffic: [{ kind: "trace", csv }]`), hosts `H<n>`. */
export function matrixCsv(flows: readonly MatrixFlow[], group: string): string {
  const rows = flows.map(
    ({ source, destination, startPs, bytes }) => `${startPs / 1e6},H${source},H${destination},${bytes},${group}`,
  );
  return ["time_us,source,destination,bytes,group", ...rows].join("\n");
}

/**
 * The permutation matrix htsim's `gen_permutation.py <file> <nodes> <conns> <bytes> 0 <seed>`
 * writes, rebuilt without Python: sources and destinations are each a shuffle of 0..nodes-1
 * (CPython's stream seeded with `seed`, python-random.ts); a position whose source is its own
 * destination swaps its destination with the next position's (the last with the first); the
 * first `conns` positions are the flows, every one starting at 0 with `bytes` bytes. A seed of
 * 0 means an unseeded draw in the generator and is refused here.
 */
export function permutationMatrix(nodes: number, conns: number, bytes: number, seed: number): ConnectionMatrix {
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

/** A matrix in the text form `parseConnectionMatrix` reads (flow ids 1, 2, ... in order). */
export function formatConnectionMatrix({ nodes, flows }: ConnectionMatrix): string {
  const lines = flows.map(
    ({ source, destination, startPs, bytes }, index) =>
      `${source}->${destination} id ${index + 1} start ${startPs} size ${bytes}`,
  );
  return [`Nodes ${nodes}`, `Connections ${flows.length}`, ...lines, ""].join("\n");
}
