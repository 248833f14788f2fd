/**
 * The connection matrices uet-htsim's Python generators write (`sim/datacenter/connection_matrices/
 * gen_permutation.py`, `gen_incast.py`, `gen_outcast_incast.py`), rebuilt without Python from
 * what the scripts do (CPython's stream: python-random.ts), and the text form htsim and
 * `parseConnectionMatrix` read. The benches and the uec-validate presets run them.
 */
import type { MatrixFlow } from "./connection-matrix.js";
import { PythonRandom } from "./python-random.js";

/** A matrix of timed flows: hosts 0..nodes-1. */
export interface FlowMatrix {
  nodes: number;
  flows: MatrixFlow[];
}

function checkSeed(name: string, seed: number): void {
  if (!(Number.isSafeInteger(seed) && seed > 0)) throw new RangeError(`${name}: seed must be >= 1, got ${seed}`);
}

function checkConns(name: string, conns: number, most: number): void {
  if (!(Number.isInteger(conns) && conns >= 0 && conns <= most)) {
    throw new RangeError(`${name}: conns must be 0..${most}, got ${conns}`);
  }
}

/**
 * `gen_permutation.py <file> <nodes> <conns> <bytes> 0 <seed>`: sources and destinations are
 * each a shuffle of 0..nodes-1; a position whose source is its own destination swaps its
 * destination with the next position's (the last with the first); the first `conns`
 * positions are the flows, every one starting at 0 with `bytes` bytes. A seed of 0 means an
 * unseeded draw in the generator and is refused here.
 */
export function permutationMatrix(nodes: number, conns: number, bytes: number, seed: number): FlowMatrix {
  checkSeed("permutationMatrix", seed);
  checkConns("permutationMatrix", conns, nodes);
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

/**
 * `gen_incast.py <file> <nodes> <conns> <bytes> 0 <seed> 0`: the sources are a shuffle of
 * 1..nodes-1, the first `conns` of them send `bytes` to host 0, all at 0 (the script's spread
 * of start times is 0 here: its draws then change nothing).
 */
export function incastMatrix(nodes: number, conns: number, bytes: number, seed: number): FlowMatrix {
  checkSeed("incastMatrix", seed);
  checkConns("incastMatrix", conns, nodes - 1);
  const sources = Array.from({ length: nodes - 1 }, (_, index) => index + 1);
  new PythonRandom(seed).shuffle(sources);
  return { nodes, flows: sources.slice(0, conns).map((source) => ({ source, destination: 0, startPs: 0, bytes })) };
}

/**
 * `gen_outcast_incast.py <file> <nodes> <incast> <outcast> <bytes> <seed>` (no random draw):
 * hosts 1..incast each send to host 0; each of them but host 1 also sends to `outcast` - 1
 * further hosts, numbered from incast + 1 up, its flows listed right after its incast flow.
 */
export function outcastIncastMatrix(nodes: number, incast: number, outcast: number, bytes: number): FlowMatrix {
  if (!(Number.isInteger(incast) && incast >= 1 && Number.isInteger(outcast) && outcast >= 1)) {
    throw new RangeError(`outcastIncastMatrix: incast and outcast must be integers >= 1, got ${incast}, ${outcast}`);
  }
  if ((incast - 1) * outcast + 1 + incast >= nodes) {
    throw new RangeError(`outcastIncastMatrix: too many connections for ${nodes} nodes`);
  }
  const flows: MatrixFlow[] = [];
  let target = incast + 1;
  for (let source = 1; source <= incast; source++) {
    flows.push({ source, destination: 0, startPs: 0, bytes });
    if (source === 1) continue;
    for (let m = 0; m < outcast - 1; m++) flows.push({ source, destination: target++, startPs: 0, bytes });
  }
  return { nodes, flows };
}

/** A matrix in the text form htsim (and `parseConnectionMatrix`) reads, flow ids 1, 2, ... in order. */
export function formatConnectionMatrix({ nodes, flows }: FlowMatrix): string {
  const lines = flows.map(
    ({ source, destination, startPs, bytes }, index) =>
      `${source}->${destination} id ${index + 1} start ${startPs} size ${bytes}`,
  );
  return [`Nodes ${nodes}`, `Connections ${flows.length}`, ...lines, ""].join("\n");
}
