/**
 * `losslab import htsim`: an htsim connection matrix (and optionally its fat tree `.topo`) as
 * one losslab scenario: the fabric as a `custom` topology (losslab's spine-leaf or fat-tree
 * routing where the shape is theirs), the timed connections as a `trace`, or, when the matrix
 * has triggers, every connection as a `flow-graph` whose triggered flows wait for the
 * connections that fire their trigger (matrixGraph). htsim's congestion
 * control and queues come from its command line, not these files: the scenario runs the
 * datacenter presets' switch with PFC alone, for the user to choose a controller.
 * docs/formats.md lists every field, mapped or dropped.
 */
import { datacenterPackets } from "@losslab/reproductions";
import type { ScenarioInput } from "@losslab/scenario";
import { parseHtsimFatTree, singleSwitch, type Topology } from "@losslab/topology";
import { matrixFlows, matrixGraph, matrixTraceCsv, parseConnectionMatrix } from "@losslab/traffic";
import { UserError } from "../user-error.js";
import { importedSwitch } from "./imported-switch.js";
import type { ImportedScenario } from "./ns3-scenario.js";
import { kindErrorsAsUserErrors, type PeerFile } from "./peer-file.js";

/** Without a `.topo`: one switch, every host at htsim's default 100 Gb/s, 1 us links. */
const DEFAULT_BANDWIDTH = 100e9 / 8;
const DEFAULT_DELAY_PS = 1_000_000;

/** The scenario of an htsim matrix on its `.topo` fabric, or on one switch without one. */
export function htsimScenario(files: { matrix: PeerFile; topology?: PeerFile }): ImportedScenario {
  const warnings: string[] = [];
  const matrix = kindErrorsAsUserErrors(() => parseConnectionMatrix(files.matrix.text, files.matrix.name));
  const graph =
    matrix.triggers.length > 0 ? kindErrorsAsUserErrors(() => matrixGraph(matrix, files.matrix.name)) : undefined;
  const flows = graph === undefined ? kindErrorsAsUserErrors(() => matrixFlows(matrix, files.matrix.name)) : [];
  let topology: Topology;
  if (files.topology === undefined) {
    topology = singleSwitch(matrix.nodes, { bandwidth: DEFAULT_BANDWIDTH, delayPs: DEFAULT_DELAY_PS });
    warnings.push(`no --topo: the ${matrix.nodes} hosts on one switch, 100 Gb/s links of 1 us`);
  } else {
    const name = files.topology.name;
    const fabric = kindErrorsAsUserErrors(() => parseHtsimFatTree(files.topology!.text, name));
    topology = fabric.topology;
    for (const { line, key } of fabric.dropped) {
      warnings.push(`${name} line ${line}: ${key} is not modelled (the scenario's switch buffers apply)`);
    }
    if (fabric.routing === "shortest-path") {
      warnings.push(
        `${name}: not a shape losslab's spine-leaf or fat-tree rules route: one shortest path per pair, no ECMP`,
      );
    }
  }
  const hosts = topology.nodes.filter((node) => node.kind === "host").map((node) => node.id);
  if (matrix.nodes > hosts.length) {
    throw new UserError(
      `${files.matrix.name} line 1, field Nodes: must be at most the ${hosts.length} hosts of ${files.topology?.name}, got "${matrix.nodes}"`,
    );
  }
  const hostLinks = topology.links.filter((link) => hosts.includes(link.a.node) || hosts.includes(link.b.node));
  const hostRate = Math.min(...hostLinks.map((link) => link.bandwidth));
  const lastStartUs = Math.max(0, ...matrix.connections.map((connection) => (connection.startPs ?? 0) / 1e6));
  const totalBytes = matrix.connections.reduce((sum, connection) => sum + connection.bytes, 0);
  const prioritised = matrix.connections.find((connection) => connection.priority !== undefined);
  if (prioritised !== undefined) {
    warnings.push(`${files.matrix.name} line ${prioritised.line}: prio is dropped: every flow is in one class`);
  }
  warnings.push(
    "htsim's congestion control is not in these files: the scenario runs PFC alone (set controller and marking)",
  );
  const scenario = {
    name: `htsim: ${files.matrix.name}${files.topology === undefined ? "" : ` on ${files.topology.name}`}`.slice(
      0,
      200,
    ),
    seed: 1,
    // The last start, then time for every byte to cross the slowest host link four times over, then 1 ms.
    durationMs: Math.ceil((lastStartUs + 4 * (totalBytes / hostRate) * 1e6) / 1000) + 1,
    topology: {
      // losslab's adapters take the scenario's bandwidth as every host's line rate.
      bandwidth: hostRate,
      delayNs: (hostLinks[0]?.delayPs ?? DEFAULT_DELAY_PS) / 1000,
      kind: "custom",
      nodes: topology.nodes,
      links: topology.links,
      ...(topology.routing === undefined ? {} : { routing: topology.routing }),
    },
    // The HPCC artifact's switch: 16 MB per 50 Gb/s of host link.
    switch: importedSwitch(topology, Math.round(((16 * hostRate * 8) / 50e9) * 2 ** 20)),
    packets: datacenterPackets,
    marking: { kind: "none" },
    controller: { kind: "none" },
    traffic: [
      graph === undefined
        ? {
            kind: "trace",
            name: "htsim",
            group: "matrix",
            csv: matrixTraceCsv(flows, "matrix", (n) => hosts[n] as string),
          }
        : {
            kind: "flow-graph",
            name: "htsim",
            group: "matrix",
            flows: graph.map((flow) => ({
              ...flow,
              source: hosts[flow.source] as string,
              destination: hosts[flow.destination] as string,
            })),
          },
    ],
  } as ScenarioInput;
  return { scenario, warnings };
}
