/**
 * The `htsim-matrix` traffic kind: an htsim connection matrix (connection-matrix.ts) replayed,
 * its timed connections as a trace, or, with triggers, all of them as a flow graph
 * (matrix-graph.ts).
 */
import { KindError } from "@losslab/kinds";
import { matrixFlows, parseConnectionMatrix } from "./connection-matrix.js";
import { dependentFlows } from "./dependent-flows.js";
import { defineGenerator } from "./generator-definition.js";
import { matrixGraph } from "./matrix-graph.js";
import type { LocatedEntry } from "./trace-format.js";
import { replayEntries } from "./trace-replay.js";
import { nonEmptyText, startUsParameter, streamName } from "./traffic-parameters.js";

const matrixParameters = {
  name: streamName("htsim-matrix"),
  text: {
    type: "text",
    description: "the matrix's text (in a scenario file, `file: perm.cm` instead: the CLI reads it)",
  },
  group: { ...nonEmptyText, default: "matrix", description: "group of its flows, for metrics" },
  startUs: startUsParameter,
} as const;

/**
 * Registry entry (create-generator.ts): `{ kind: "htsim-matrix", text }`, an htsim connection
 * matrix replayed as a trace: at its `start` each connection's source hands `size` bytes for
 * its destination to its adapter. htsim's host n is the network's n-th host (the order the
 * topology lists them: `H<n>` of the fat tree and single switch, leaf by leaf in the spine-leaf).
 * A matrix with triggers runs as a flow graph instead (`matrixGraph`: each connection a flow,
 * the triggered ones starting when the connections that fire their trigger are delivered).
 * Matrices with failures are refused; `prio` and `msg` are ignored.
 */
export const htsimMatrixDefinition = defineGenerator({
  kind: "htsim-matrix",
  description:
    "replays an htsim connection matrix (.cm): its timed connections as messages, or with triggers as a flow graph; htsim host n is the n-th host",
  parameters: matrixParameters,
  create: ({ name, text, group, startUs }, { path }) => {
    const origin = `${path}.text`;
    const matrix = parseConnectionMatrix(text, origin);
    const checkHosts = (hosts: readonly string[]) => {
      if (matrix.nodes > hosts.length) {
        throw new KindError(
          `${origin} line 1`,
          `${origin}: "Nodes ${matrix.nodes}", but the network has ${hosts.length} hosts; htsim's host n is the network's n-th host`,
        );
      }
    };
    if (matrix.triggers.length > 0) {
      const graph = matrixGraph(matrix, origin);
      const generator = (hosts: readonly string[]) =>
        dependentFlows(
          {
            name,
            group,
            ...(startUs === undefined ? {} : { startUs }),
            flows: graph.map((flow) => ({
              ...flow,
              source: hosts[flow.source] as string,
              destination: hosts[flow.destination] as string,
            })),
          },
          path,
        );
      // Checked now (a cycle of triggers names its connections' lines), run with the network's hosts.
      generator(Array.from({ length: matrix.nodes }, (_, n) => `H${n}`));
      return {
        kind: "htsim-matrix",
        name,
        start(context) {
          checkHosts(context.hosts);
          generator(context.hosts).start(context);
        },
      };
    }
    const flows = matrixFlows(matrix, origin);
    const lines = matrix.connections.map((connection) => connection.line);
    return {
      kind: "htsim-matrix",
      name,
      start(context) {
        checkHosts(context.hosts);
        const located: LocatedEntry[] = flows.map((flow, i) => ({
          entry: {
            timeUs: flow.startPs / 1e6,
            source: context.hosts[flow.source] as string,
            destination: context.hosts[flow.destination] as string,
            bytes: flow.bytes,
          },
          fieldOf: (column) => `${origin} line ${lines[i]}, field ${column}`,
        }));
        replayEntries("htsim-matrix", name, located, group, startUs).start(context);
      },
    };
  },
});
