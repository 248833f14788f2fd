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
