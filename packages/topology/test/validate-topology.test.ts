import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { singleSwitch, type Topology, TopologyError, validateTopology } from "../src/index.js";

/**
 * singleSwitch(2) broken by `mutate`: nodes S (2 ports), H0, H1; links[0] H0:0 <-> S:0,
 * links[1] H1:0 <-> S:1.
 */
function broken(mutate: (topology: Topology) => void): Topology {
  const topology = structuredClone(singleSwitch(2));
  mutate(topology);
  return topology;
}

/** The error `validateTopology` throws for `topology`. */
const refusal = (topology: Topology): TopologyError => errorOf(TopologyError, () => validateTopology(topology));

// biome-ignore lint/suspicious/noExplicitAny: tests write values the types forbid, as JSON or JavaScript callers can.
const loose = (value: unknown): any => value;

const host = (id: string) => ({ id, kind: "host" as const, ports: 1 });
const link = (a: string, aPort: number, b: string, bPort: number) => ({
  a: { node: a, port: aPort },
  b: { node: b, port: bPort },
  bandwidth: 1e9,
  delayPs: 10,
});

describe("validateTopology", () => {
  it("accepts the builders' topologies", () => {
    expect(() => validateTopology(singleSwitch(2))).not.toThrow();
  });

  it("accepts a host with two links on ports 0 and 1, and a shortest-path routing", () => {
    const topology = broken((t) => {
      t.nodes[0] = { id: "S", kind: "switch", ports: 3 };
      t.nodes[1] = { id: "H0", kind: "host", ports: 2 };
      t.links.push(link("S", 2, "H0", 1));
      t.routing = { kind: "shortest-path" };
    });
    expect(() => validateTopology(topology)).not.toThrow();
  });

  const cases: [string, (topology: Topology) => void, string, string | undefined][] = [
    [
      "unknown node in a link",
      (t) => {
        t.links[1] = link("H1", 0, "X", 1);
      },
      'links[1].b.node names unknown node "X"',
      "links[1].b.node",
    ],
    [
      "duplicate node id",
      (t) => {
        t.nodes[2] = host("H0");
      },
      'duplicate node id "H0": nodes[1] and nodes[2]',
      "nodes[2].id",
    ],
    [
      "port used twice",
      (t) => {
        t.links[1] = link("H1", 0, "S", 0);
      },
      'port 0 of switch "S" is used by links[0].b and links[1].b',
      "links[1].b.port",
    ],
    [
      "port out of range",
      (t) => {
        t.links[1] = link("H1", 0, "S", 7);
      },
      'links[1].b.port 7 is out of range for switch "S": its ports are 0..1',
      "links[1].b.port",
    ],
    [
      "host port out of range",
      (t) => {
        t.links[0] = link("H0", 1, "S", 0);
      },
      'links[0].a.port 1 is out of range for host "H0": its ports are 0..0',
      "links[0].a.port",
    ],
    [
      "host with two links",
      (t) => {
        t.nodes[0] = { id: "S", kind: "switch", ports: 3 };
        t.links.push(link("H0", 0, "S", 2));
      },
      'host "H0" (nodes[1]) has 2 links on ports 0 and 0 (links[0].a, links[2].a); a host with two links sends on port 0 and receives on port 1',
      undefined,
    ],
    [
      "host with three links",
      (t) => {
        t.nodes[0] = { id: "S", kind: "switch", ports: 4 };
        t.nodes[1] = { id: "H0", kind: "host", ports: 3 };
        t.links.push(link("H0", 1, "S", 2), link("H0", 2, "S", 3));
      },
      'host "H0" (nodes[1]) has 3 links (links[0].a, links[2].a, links[3].a); a host has one, or two (port 0 sends, port 1 receives)',
      undefined,
    ],
    [
      "host with two links on ports 0 and 2",
      (t) => {
        t.nodes[0] = { id: "S", kind: "switch", ports: 3 };
        t.nodes[1] = { id: "H0", kind: "host", ports: 3 };
        t.links.push(link("S", 2, "H0", 2));
      },
      'host "H0" (nodes[1]) has 2 links on ports 0 and 2 (links[0].a, links[2].b); a host with two links sends on port 0 and receives on port 1',
      undefined,
    ],
    [
      "host without a link",
      (t) => {
        t.nodes.push(host("H2"));
      },
      'host "H2" (nodes[3]) has no link; a host has one, or two (port 0 sends, port 1 receives)',
      undefined,
    ],
    [
      "negative bandwidth",
      (t) => {
        loose(t.links[1]).bandwidth = -1;
      },
      "links[1].bandwidth must be a positive number, got -1",
      "links[1].bandwidth",
    ],
    [
      "zero bandwidth",
      (t) => {
        loose(t.links[0]).bandwidth = 0;
      },
      "links[0].bandwidth must be a positive number, got 0",
      "links[0].bandwidth",
    ],
    [
      "bandwidth as a string",
      (t) => {
        loose(t.links[0]).bandwidth = "1e9";
      },
      'links[0].bandwidth must be a positive number, got "1e9"',
      "links[0].bandwidth",
    ],
    [
      "infinite bandwidth",
      (t) => {
        loose(t.links[0]).bandwidth = Number.POSITIVE_INFINITY;
      },
      "links[0].bandwidth must be a positive number, got Infinity",
      "links[0].bandwidth",
    ],
    [
      "negative delay",
      (t) => {
        loose(t.links[0]).delayPs = -5;
      },
      "links[0].delayPs must be a non-negative integer number of picoseconds, got -5",
      "links[0].delayPs",
    ],
    [
      "non-integer delay",
      (t) => {
        loose(t.links[1]).delayPs = 1.5;
      },
      "links[1].delayPs must be a non-negative integer number of picoseconds, got 1.5",
      "links[1].delayPs",
    ],
    [
      "missing delay",
      (t) => {
        delete loose(t.links[1]).delayPs;
      },
      "links[1].delayPs must be a non-negative integer number of picoseconds, got undefined (missing)",
      "links[1].delayPs",
    ],
    [
      "non-integer reverse delay",
      (t) => {
        loose(t.links[0]).delayBackPs = 2.5;
      },
      "links[0].delayBackPs must be a non-negative integer number of picoseconds, got 2.5",
      "links[0].delayBackPs",
    ],
    [
      "disconnected hosts",
      (t) => {
        t.nodes.push({ id: "T", kind: "switch", ports: 1 }, host("G0"));
        t.links.push(link("G0", 0, "T", 0));
      },
      'the topology is disconnected: no path from host "H0" to host "G0"',
      undefined,
    ],
    [
      "isolated switch",
      (t) => {
        t.nodes.push({ id: "T", kind: "switch", ports: 4 });
      },
      'the topology is disconnected: no path from host "H0" to switch "T"',
      undefined,
    ],
    [
      "link from a node to itself",
      (t) => {
        t.links[1] = link("S", 0, "S", 1);
      },
      'links[1] connects switch "S" to itself (ports 0 and 1)',
      "links[1]",
    ],
    [
      "zero ports",
      (t) => {
        loose(t.nodes[0]).ports = 0;
      },
      'nodes[0].ports must be a positive integer, got 0 (switch "S")',
      "nodes[0].ports",
    ],
    [
      "unknown kind",
      (t) => {
        loose(t.nodes[1]).kind = "router";
      },
      'nodes[1].kind must be "host" or "switch", got "router" (node "H0")',
      "nodes[1].kind",
    ],
    [
      "empty id",
      (t) => {
        loose(t.nodes[1]).id = "";
      },
      'nodes[1].id must be a non-empty string, got ""',
      "nodes[1].id",
    ],
    [
      "negative port",
      (t) => {
        t.links[0] = link("H0", -1, "S", 0);
      },
      'links[0].a.port must be a non-negative integer, got -1 (host "H0")',
      "links[0].a.port",
    ],
    [
      "link end that is not an object",
      (t) => {
        loose(t.links[0]).b = "S";
      },
      'links[0].b must be an object, got "S"',
      "links[0].b",
    ],
    [
      "an unknown routing kind",
      (t) => {
        loose(t).routing = { kind: "torus" };
      },
      'routing.kind must be one of "shortest-path", "k-ary-n-tree", "spine-leaf", "spine-leaf-ecmp", "k-ary-n-fly", "fat-tree", "dragonfly", got "torus"',
      "routing.kind",
    ],
    [
      "a routing without its kind",
      (t) => {
        loose(t).routing = { k: 2, n: 2 };
      },
      'routing.kind must be one of "shortest-path", "k-ary-n-tree", "spine-leaf", "spine-leaf-ecmp", "k-ary-n-fly", "fat-tree", "dragonfly", got undefined (missing)',
      "routing.kind",
    ],
    [
      "a routing that is a string",
      (t) => {
        loose(t).routing = "shortest-path";
      },
      'routing must be an object, got "shortest-path"',
      "routing",
    ],
    [
      "a routing radix below 2",
      (t) => {
        loose(t).routing = { kind: "k-ary-n-tree", k: 1, n: 2 };
      },
      'routing.k must be an integer >= 2, got 1 (routing kind "k-ary-n-tree")',
      "routing.k",
    ],
    [
      "a routing without a stage count",
      (t) => {
        loose(t).routing = { kind: "k-ary-n-fly", k: 2 };
      },
      'routing.n must be an integer >= 1, got undefined (missing) (routing kind "k-ary-n-fly")',
      "routing.n",
    ],
    [
      "a fractional spine count",
      (t) => {
        loose(t).routing = { kind: "spine-leaf", leaves: 1, spines: 1.5, hostsPerLeaf: 2 };
      },
      'routing.spines must be an integer >= 1, got 1.5 (routing kind "spine-leaf")',
      "routing.spines",
    ],
    [
      "no nodes",
      (t) => {
        t.nodes = [];
        t.links = [];
      },
      "nodes must hold at least one node",
      "nodes",
    ],
  ];

  it.each(cases)("rejects %s", (_kind, mutate, message, path) => {
    const error = refusal(broken(mutate));
    expect(error.message).toBe(message);
    expect(error.name).toBe("TopologyError");
    expect(error.path).toBe(path);
  });
});
