import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import {
  buildRoutes,
  kAryNFly,
  kAryNTree,
  type Routes,
  singleSwitch,
  spineLeaf,
  type Topology,
  TopologyError,
  topologyFromJSON,
  topologyToJSON,
  twoSwitch,
} from "../src/index.js";

/** Every output port of every (node, host) pair, by ids, so tables with different node orders compare. */
function table(routes: Routes): Map<string, number> {
  const ports = new Map<string, number>();
  for (let node = 0; node < routes.nodeCount; node++) {
    for (const host of routes.hostIndices) {
      ports.set(`${routes.nodeId(node)}>${routes.nodeId(host)}`, routes.outputPort(node, host));
    }
  }
  return ports;
}

describe("routing rules check the wiring they need", () => {
  it("ignores node and link order, link orientation, bandwidths and delays", () => {
    const topology = kAryNTree({ k: 3, n: 2 });
    const shuffled: Topology = {
      nodes: [...topology.nodes].reverse(),
      links: topology.links.map(({ a, b }, index) =>
        index % 2 === 0 ? { a: b, b: a, bandwidth: 5e9, delayPs: index } : { a, b, bandwidth: 1, delayPs: 0 },
      ),
      routing: { kind: "k-ary-n-tree", k: 3, n: 2 },
    };
    expect(table(buildRoutes(shuffled))).toEqual(table(buildRoutes(topology)));
  });

  it("names the first difference from the builder's wiring", () => {
    const tree = kAryNTree({ k: 2, n: 2 });
    const cases: [string, Topology, string][] = [
      [
        "another topology with as many hosts",
        { ...singleSwitch(4), routing: { kind: "k-ary-n-tree", k: 2, n: 2 } },
        "routing needs the wiring of kAryNTree({ k: 2, n: 2 }): 8 nodes, the topology has 5",
      ],
      [
        "a size that does not match the hosts",
        { ...singleSwitch(3), routing: { kind: "k-ary-n-fly", k: 2, n: 2 } },
        "routing needs the wiring of kAryNFly({ k: 2, n: 2 }): 4 hosts, the topology has 3",
      ],
      [
        "a renamed switch",
        {
          nodes: tree.nodes.map((node) => (node.id === "S1.1" ? { ...node, id: "T" } : node)),
          links: tree.links.map(({ a, b, ...rest }) => ({
            ...rest,
            a,
            b: b.node === "S1.1" ? { node: "T", port: b.port } : b,
          })),
          routing: tree.routing,
        },
        'routing needs the wiring of kAryNTree({ k: 2, n: 2 }): no node "S1.1"',
      ],
      [
        "a switch with a spare port",
        { ...tree, nodes: tree.nodes.map((node) => (node.id === "S1.0" ? { ...node, ports: 3 } : node)) },
        'routing needs the wiring of kAryNTree({ k: 2, n: 2 }): switch "S1.0" must have 2 ports, not 3',
      ],
      [
        "two crossed up links",
        {
          ...tree,
          links: tree.links.map((link) =>
            link.a.node === "S0.0" && link.a.port >= 2 ? { ...link, a: { node: "S0.0", port: 5 - link.a.port } } : link,
          ),
        },
        'routing needs the wiring of kAryNTree({ k: 2, n: 2 }): no link "S0.0":2 <-> "S1.0":0',
      ],
      [
        "spine-leaf sizes that differ from the fabric's",
        {
          ...spineLeaf({ leaves: 2, spines: 2, hostsPerLeaf: 2 }),
          routing: { kind: "spine-leaf", leaves: 1, spines: 2, hostsPerLeaf: 4 },
        },
        "routing needs the wiring of spineLeaf({ leaves: 1, spines: 2, hostsPerLeaf: 4 }): 7 nodes, the topology has 8",
      ],
    ];
    for (const [what, topology, message] of cases) {
      const error = errorOf(TopologyError, () => buildRoutes(topology));
      expect(error.message, what).toBe(message);
      expect(error.path, what).toBe("routing");
    }
  });

  it("routes shortest paths without a routing field or with kind shortest-path", () => {
    const topology = twoSwitch({ local: 5, remote: 1 });
    expect(topology.routing).toBeUndefined();
    const explicit = buildRoutes({ ...topology, routing: { kind: "shortest-path" } });
    expect(table(explicit)).toEqual(table(buildRoutes(topology)));
  });
});

describe("routing in JSON", () => {
  it("writes the routing last, on one line, kind first, and reads it back", () => {
    for (const topology of [
      kAryNTree({ k: 2, n: 3 }),
      spineLeaf({ leaves: 3, spines: 2, hostsPerLeaf: 2 }),
      kAryNFly({ k: 3, n: 2 }),
      { ...singleSwitch(2), routing: { kind: "shortest-path" } } as Topology,
    ]) {
      const text = topologyToJSON(topology);
      expect(text).toContain(`\n  "routing": { "kind": "${topology.routing?.kind}"`);
      expect(topologyFromJSON(text)).toStrictEqual(topology);
    }
    expect(topologyToJSON(spineLeaf({ leaves: 3, spines: 2, hostsPerLeaf: 2 }))).toContain(
      '"routing": { "kind": "spine-leaf", "leaves": 3, "spines": 2, "hostsPerLeaf": 2 }',
    );
    expect(topologyToJSON(singleSwitch(2))).not.toContain("routing");
  });

  it("returns the routing's fields in canonical order", () => {
    const document = JSON.parse(topologyToJSON(kAryNTree({ k: 2, n: 2 })));
    document.routing = { n: 2, k: 2, kind: "k-ary-n-tree" };
    expect(Object.keys(topologyFromJSON(document).routing ?? {})).toEqual(["kind", "k", "n"]);
  });

  it("rejects an unknown routing field and an unknown kind, naming the field", () => {
    const document = JSON.parse(topologyToJSON(kAryNTree({ k: 2, n: 2 })));
    document.routing.spines = 2;
    expect(errorOf(TopologyError, () => topologyFromJSON(document))).toMatchObject({
      message: "routing.spines is not a topology field; expected one of kind, k, n",
      path: "routing.spines",
    });
    document.routing = { kind: "ecmp" };
    expect(errorOf(TopologyError, () => topologyFromJSON(document))).toMatchObject({
      message:
        'routing.kind must be one of "shortest-path", "k-ary-n-tree", "spine-leaf", "spine-leaf-ecmp", "k-ary-n-fly", "fat-tree", "dragonfly", got "ecmp"',
      path: "routing.kind",
    });
  });
});
