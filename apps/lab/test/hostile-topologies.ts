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

/** Hosts H0, H1 on switch S0, H2 on S1; S0 port 2 to S1 port 0. Runs in well under a second. */
export function customTopology(): CustomTopology {
  return {
    kind: "custom",
    bandwidth: 1e9,
    delayNs: 100,
    nodes: [
      { id: "H0", kind: "host", ports: 1 },
      { id: "H1", kind: "host", ports: 1 },
      { id: "H2", kind: "host", ports: 1 },
      { id: "S0", kind: "switch", ports: 3 },
      { id: "S1", kind: "switch", ports: 2 },
    ],
    links: [
      { a: { node: "H0", port: 0 }, b: { node: "S0", port: 0 } },
      { a: { node: "H1", port: 0 }, b: { node: "S0", port: 1 } },
      { a: { node: "S0", port: 2 }, b: { node: "S1", port: 0 } },
      { a: { node: "H2", port: 0 }, b: { node: "S1", port: 1 } },
    ],
  };
}

const node = (topology: CustomTopology, i: number) => topology.nodes[i] as Node;
const link = (topology: CustomTopology, i: number) => topology.links[i] as Link;

/** One defect each: what it is, and how it is made. */
const DEFECTS: Array<{ label: string; make: (topology: CustomTopology) => void }> = [
  {
    label: "a duplicate node id",
    make: (t) => {
      node(t, 1).id = "H0";
    },
  },
  {
    label: "a port out of range",
    make: (t) => {
      link(t, 2).b.port = 5;
    },
  },
  {
    label: "a negative port",
    make: (t) => {
      link(t, 0).b.port = -1;
    },
  },
  {
    label: "a fractional port",
    make: (t) => {
      link(t, 0).b.port = 0.5;
    },
  },
  {
    label: "a port given as text",
    make: (t) => {
      link(t, 0).b.port = "0";
    },
  },
  { label: "a self-loop", make: (t) => t.links.push({ a: { node: "S0", port: 2 }, b: { node: "S0", port: 1 } }) },
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
  {
    label: "a link to an unknown node",
    make: (t) => {
      link(t, 3).a.node = "H7";
    },
  },
  { label: "a link end without a node", make: (t) => void delete (link(t, 3).a as Record<string, Json>).node },
  {
    label: "a port used by two links",
    make: (t) => {
      link(t, 1).b.port = 0;
    },
  },
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
  {
    label: "a node of kind router",
    make: (t) => {
      node(t, 3).kind = "router";
    },
  },
  { label: "a node without a kind", make: (t) => void delete (node(t, 3) as Record<string, Json>).kind },
  {
    label: "a node with 0 ports",
    make: (t) => {
      node(t, 4).ports = 0;
    },
  },
  {
    label: "a host with 10^12 ports",
    make: (t) => {
      node(t, 0).ports = 1e12;
    },
  },
  {
    label: "a host with 2^53 ports",
    make: (t) => {
      node(t, 0).ports = 2 ** 53;
    },
  },
  {
    label: "a switch with 10^12 ports",
    make: (t) => {
      node(t, 3).ports = 1e12;
    },
  },
  {
    label: "a switch with 10^9 ports",
    make: (t) => {
      node(t, 4).ports = 1e9;
    },
  },
  {
    label: "a node id that is a number",
    make: (t) => {
      node(t, 2).id = 2;
    },
  },
  {
    label: "an empty node id",
    make: (t) => {
      node(t, 2).id = "";
    },
  },
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
  {
    label: "a node field losslab does not know",
    make: (t) => {
      node(t, 0).speed = 3;
    },
  },
  {
    label: "a link field losslab does not know",
    make: (t) => {
      link(t, 0).cost = 3;
    },
  },
  {
    label: "a negative link bandwidth",
    make: (t) => {
      link(t, 2).bandwidth = -1;
    },
  },
  {
    label: "a zero link bandwidth",
    make: (t) => {
      link(t, 2).bandwidth = 0;
    },
  },
  {
    label: "a link bandwidth given as text",
    make: (t) => {
      link(t, 2).bandwidth = "fast";
    },
  },
  {
    label: "a negative link delay",
    make: (t) => {
      link(t, 2).delayPs = -5;
    },
  },
  {
    label: "a fractional link delay",
    make: (t) => {
      link(t, 2).delayPs = 0.5;
    },
  },
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
