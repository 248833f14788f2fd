/**
 * Bad custom topologies (issue 42): a small valid custom fabric (`topology.kind: "custom"`,
 * nodes and links in @losslab/topology's JSON) with one defect, each of which `losslab
 * validate` and `losslab run` must refuse alike, with one line naming the field, before
 * anything is built from it. Part of hostile-scenarios.ts's generator.
 */
import fc from "fast-check";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { id: Json; kind: Json; ports: Json; [key: string]: Json };
type Link = { a: { node: Json; port: Json }; b: { node: Json; port: Json }; [key: string]: Json };
/** The custom topology field being made wrong. */
export interface CustomTopology {
  kind: "custom";
  bandwidth: number;
  delayNs: number;
  nodes: Json[];
  links: Json[];
  [key: string]: Json;
}

/** A node, and a link from `a` port `pa` to `b` port `pb`, as the custom kind's JSON writes them. */
const nodeOf = (id: string, kind: "host" | "switch", ports: number): Json => ({ id, kind, ports });
const linkOf = (a: string, pa: number, b: string, pb: number): Json => ({
  a: { node: a, port: pa },
  b: { node: b, port: pb },
});

/** Hosts H0, H1 on switch S0, H2 on S1; S0 port 2 to S1 port 0. Runs in well under a second. */
export function customTopology(): CustomTopology {
  const hosts = ["H0", "H1", "H2"].map((id) => nodeOf(id, "host", 1));
  return {
    kind: "custom",
    bandwidth: 1e9,
    delayNs: 100,
    nodes: [...hosts, nodeOf("S0", "switch", 3), nodeOf("S1", "switch", 2)],
    links: [linkOf("H0", 0, "S0", 0), linkOf("H1", 0, "S0", 1), linkOf("S0", 2, "S1", 0), linkOf("H2", 0, "S1", 1)],
  };
}

const node = (topology: CustomTopology, i: number) => topology.nodes[i] as Node;
const link = (topology: CustomTopology, i: number) => topology.links[i] as Link;

/** The defect of setting field `key` of what `target` picks in the topology to `value`. */
const set = (label: string, target: (topology: CustomTopology) => Record<string, Json>, key: string, value: Json) => ({
  label,
  make: (topology: CustomTopology) => {
    target(topology)[key] = value;
  },
});

/** One defect each: what it is, and how it is made. */
const DEFECTS: Array<{ label: string; make: (topology: CustomTopology) => void }> = [
  set("a duplicate node id", (t) => node(t, 1), "id", "H0"),
  set("a port out of range", (t) => link(t, 2).b, "port", 5),
  set("a negative port", (t) => link(t, 0).b, "port", -1),
  set("a fractional port", (t) => link(t, 0).b, "port", 0.5),
  set("a port given as text", (t) => link(t, 0).b, "port", "0"),
  { label: "a self-loop", make: (t) => t.links.push(linkOf("S0", 2, "S0", 1)) },
  {
    label: "a switch linked to itself on a free port",
    make: (t) => {
      node(t, 3).ports = 5;
      t.links.push({ a: { node: "S0", port: 3 }, b: { node: "S0", port: 4 } });
    },
  },
  {
    label: "a disconnected host",
    make: (t) => {
      t.nodes.push({ id: "H9", kind: "host", ports: 1 }, { id: "S9", kind: "switch", ports: 1 });
      t.links.push({ a: { node: "H9", port: 0 }, b: { node: "S9", port: 0 } });
    },
  },
  { label: "a disconnected switch", make: (t) => t.nodes.push({ id: "S9", kind: "switch", ports: 2 }) },
  set("a link to an unknown node", (t) => link(t, 3).a, "node", "H7"),
  { label: "a link end without a node", make: (t) => void delete (link(t, 3).a as Record<string, Json>).node },
  set("a port used by two links", (t) => link(t, 1).b, "port", 0),
  {
    label: "a host with three links",
    make: (t) => {
      node(t, 0).ports = 3;
      node(t, 4).ports = 4;
      t.links.push(
        { a: { node: "H0", port: 1 }, b: { node: "S1", port: 2 } },
        { a: { node: "H0", port: 2 }, b: { node: "S1", port: 3 } },
      );
    },
  },
  {
    label: "a host with two links on ports 1 and 2",
    make: (t) => {
      node(t, 0).ports = 3;
      node(t, 4).ports = 3;
      link(t, 0).a.port = 2;
      t.links.push({ a: { node: "H0", port: 1 }, b: { node: "S1", port: 2 } });
    },
  },
  { label: "a host with no link", make: (t) => t.nodes.push({ id: "H5", kind: "host", ports: 1 }) },
  set("a node of kind router", (t) => node(t, 3), "kind", "router"),
  { label: "a node without a kind", make: (t) => void delete (node(t, 3) as Record<string, Json>).kind },
  set("a node with 0 ports", (t) => node(t, 4), "ports", 0),
  set("a host with 10^12 ports", (t) => node(t, 0), "ports", 1e12),
  set("a host with 2^53 ports", (t) => node(t, 0), "ports", 2 ** 53),
  set("a switch with 10^12 ports", (t) => node(t, 3), "ports", 1e12),
  set("a switch with 10^9 ports", (t) => node(t, 4), "ports", 1e9),
  set("a node id that is a number", (t) => node(t, 2), "id", 2),
  set("an empty node id", (t) => node(t, 2), "id", ""),
  {
    label: "a node that is a string",
    make: (t) => {
      t.nodes[2] = "H2";
    },
  },
  {
    label: "a link that is null",
    make: (t) => {
      t.links[1] = null;
    },
  },
  set("a node field losslab does not know", (t) => node(t, 0), "speed", 3),
  set("a link field losslab does not know", (t) => link(t, 0), "cost", 3),
  set("a negative link bandwidth", (t) => link(t, 2), "bandwidth", -1),
  set("a zero link bandwidth", (t) => link(t, 2), "bandwidth", 0),
  set("a link bandwidth given as text", (t) => link(t, 2), "bandwidth", "fast"),
  set("a negative link delay", (t) => link(t, 2), "delayPs", -5),
  set("a fractional link delay", (t) => link(t, 2), "delayPs", 0.5),
  {
    label: "an unknown routing kind",
    make: (t) => {
      t.routing = { kind: "random-walk" };
    },
  },
  {
    label: "routing as text",
    make: (t) => {
      t.routing = "shortest-path";
    },
  },
  {
    label: "no nodes",
    make: (t) => {
      t.nodes = [];
    },
  },
  {
    label: "nodes not a list",
    make: (t) => {
      t.nodes = { H0: { kind: "host" } } as unknown as Json[];
    },
  },
  {
    label: "20000 nodes in a chain missing its last link",
    make: (t) => {
      for (let i = 0; i < 20_000; i++) t.nodes.push({ id: `X${i}`, kind: "switch", ports: 2 });
      for (let i = 0; i < 20_000 - 2; i++) {
        t.links.push({ a: { node: `X${i}`, port: 1 }, b: { node: `X${i + 1}`, port: 0 } });
      }
    },
  },
];

/** A custom topology with one defect: `label` says which, `topology` is the field to put in a scenario. */
export const badCustomTopology: fc.Arbitrary<{ label: string; topology: CustomTopology }> = fc
  .constantFrom(...DEFECTS)
  .map(({ label, make }) => {
    const topology = customTopology();
    make(topology);
    return { label, topology };
  });
