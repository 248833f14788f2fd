import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  singleSwitch,
  type Topology,
  TopologyBuilder,
  TopologyError,
  topologyFromJSON,
  topologyToJSON,
  twoSwitch,
} from "../src/index.js";

/**
 * Random valid topologies: 1-4 switches joined by a random spanning tree plus up to 3
 * extra (possibly parallel) switch links, 0-6 hosts on random switches, random ids
 * (any characters), bandwidths (any positive double), delays (any safe integer) and
 * optional reverse delays, some spare switch ports, ends in random order.
 */
// Built once: constructing some arbitraries (binary strings) costs more than sampling them.
const idArbitrary = fc.string({ minLength: 1, maxLength: 4, unit: "binary" });
const linkOptionsArbitrary = fc.record({
  bandwidth: fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }),
  delayPs: fc.oneof(fc.nat(), fc.maxSafeNat()),
  delayBackPs: fc.option(fc.maxSafeNat(), { nil: undefined }),
  swap: fc.boolean(),
});
const spareArbitrary = fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined });

const topologyArbitrary: fc.Arbitrary<Topology> = fc
  .record({
    switchCount: fc.integer({ min: 1, max: 4 }),
    hostCount: fc.integer({ min: 0, max: 6 }),
    extraCount: fc.integer({ min: 0, max: 3 }),
  })
  .chain(({ switchCount, hostCount, extraCount }) => {
    const extra = switchCount > 1 ? extraCount : 0;
    const linkCount = switchCount - 1 + extra + hostCount;
    const exactly = <T>(arbitrary: fc.Arbitrary<T>, length: number) =>
      fc.array(arbitrary, { minLength: length, maxLength: length });
    return fc.record({
      ids: fc.uniqueArray(idArbitrary, {
        minLength: switchCount + hostCount,
        maxLength: switchCount + hostCount,
      }),
      parents: exactly(fc.nat(), switchCount - 1),
      extraLinks: exactly(fc.tuple(fc.nat(), fc.nat()), extra),
      attachments: exactly(fc.nat(), hostCount),
      spare: exactly(spareArbitrary, switchCount),
      hostsFirst: fc.boolean(),
      links: exactly(linkOptionsArbitrary, linkCount),
      switchCount: fc.constant(switchCount),
    });
  })
  .map(({ ids, parents, extraLinks, attachments, spare, hostsFirst, links, switchCount }) => {
    const switches = ids.slice(0, switchCount);
    const hosts = ids.slice(switchCount);
    const at = (index: number) => switches[index % switchCount] as string;
    const pairs: [string, string][] = [
      ...parents.map((parent, i): [string, string] => [at(i + 1), at(parent % (i + 1))]),
      ...extraLinks.map(([x, y]): [string, string] => {
        const from = x % switchCount;
        return [at(from), at(from + 1 + (y % (switchCount - 1)))];
      }),
      ...hosts.map((host, i): [string, string] => [host, at(attachments[i] as number)]),
    ];
    const degree = new Map<string, number>();
    for (const pair of pairs) for (const id of pair) degree.set(id, (degree.get(id) ?? 0) + 1);

    const builder = new TopologyBuilder();
    const addSwitches = () =>
      switches.forEach((id, i) => {
        const extraPorts = spare[i];
        builder.switch(id, extraPorts === undefined ? undefined : (degree.get(id) ?? 0) + extraPorts + 1);
      });
    const addHosts = () => {
      for (const id of hosts) builder.host(id);
    };
    if (hostsFirst) addHosts();
    addSwitches();
    if (!hostsFirst) addHosts();
    pairs.forEach(([a, b], i) => {
      const { swap, ...options } = links[i] as (typeof links)[number];
      if (options.delayBackPs === undefined) delete options.delayBackPs;
      if (swap) builder.link(b, a, options);
      else builder.link(a, b, options);
    });
    return builder.build();
  });

describe("topologyToJSON / topologyFromJSON", () => {
  it("writes one node or link per line, keys in a fixed order", () => {
    expect(topologyToJSON(singleSwitch(2))).toBe(
      [
        "{",
        '  "nodes": [',
        '    { "id": "S", "kind": "switch", "ports": 2 },',
        '    { "id": "H0", "kind": "host", "ports": 1 },',
        '    { "id": "H1", "kind": "host", "ports": 1 }',
        "  ],",
        '  "links": [',
        '    { "a": { "node": "H0", "port": 0 }, "b": { "node": "S", "port": 0 }, "bandwidth": 1000000000, "delayPs": 10000 },',
        '    { "a": { "node": "H1", "port": 0 }, "b": { "node": "S", "port": 1 }, "bandwidth": 1000000000, "delayPs": 10000 }',
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
  });

  it("ignores key order and fields outside the data model when writing", () => {
    const topology = singleSwitch(1);
    const scrambled = {
      links: topology.links.map(({ delayPs, bandwidth, b, a }) => ({
        delayPs,
        bandwidth,
        b: { port: b.port, node: b.node },
        a: { port: a.port, node: a.node },
        note: "not written",
      })),
      nodes: topology.nodes.map(({ ports, kind, id }) => ({ ports, kind, id, colour: "red" })),
    };
    expect(topologyToJSON(scrambled)).toBe(topologyToJSON(topology));
  });

  it("round-trips random valid topologies unchanged", () => {
    fc.assert(
      fc.property(topologyArbitrary, (topology) => {
        const text = topologyToJSON(topology);
        const read = topologyFromJSON(text);
        expect(read).toStrictEqual(topology);
        expect(topologyFromJSON(JSON.parse(text))).toStrictEqual(topology);
        expect(topologyToJSON(read)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps delayBackPs and a large topology", () => {
    const topology = twoSwitch({ local: 10, remote: 10 });
    topology.links[3] = { ...(topology.links[3] as Topology["links"][number]), delayBackPs: 0 };
    expect(topologyFromJSON(topologyToJSON(topology))).toStrictEqual(topology);
  });

  it("returns keys in canonical order whatever the input order", () => {
    const read = topologyFromJSON({
      links: [{ delayPs: 1, bandwidth: 2, b: { port: 0, node: "S" }, a: { port: 0, node: "H" } }],
      nodes: [
        { ports: 1, kind: "switch", id: "S" },
        { kind: "host", id: "H", ports: 1 },
      ],
    });
    expect(Object.keys(read)).toEqual(["nodes", "links"]);
    expect(Object.keys(read.nodes[0] ?? {})).toEqual(["id", "kind", "ports"]);
    expect(Object.keys(read.links[0] ?? {})).toEqual(["a", "b", "bandwidth", "delayPs"]);
    expect(Object.keys(read.links[0]?.a ?? {})).toEqual(["node", "port"]);
  });
});

describe("topologyFromJSON errors name the field path", () => {
  const valid = () => JSON.parse(topologyToJSON(twoSwitch({ local: 5, remote: 1 })));

  const cases: [string, () => unknown, string, string | undefined][] = [
    [
      "a bad bandwidth",
      () => {
        const document = valid();
        document.links[3].bandwidth = -1;
        return document;
      },
      "links[3].bandwidth must be a positive number, got -1",
      "links[3].bandwidth",
    ],
    ["text that is not JSON", () => "{ nodes: [", "topology JSON does not parse: ", undefined],
    ["a root that is an array", () => "[]", "topology must be an object, got an array", "topology"],
    [
      "a misspelt field",
      () => {
        const document = valid();
        document.links[0].delay = 5;
        return document;
      },
      "links[0].delay is not a topology field; expected one of a, b, bandwidth, delayPs, delayBackPs",
      "links[0].delay",
    ],
    [
      "an unknown root field",
      () => ({ ...valid(), version: 2 }),
      "version is not a topology field; expected one of nodes, links",
      "version",
    ],
    ["missing links", () => ({ nodes: valid().nodes }), "links must be an array, got undefined (missing)", "links"],
    [
      "a node that is a string",
      () => {
        const document = valid();
        document.nodes[1] = "B";
        return document;
      },
      'nodes[1] must be an object, got "B"',
      "nodes[1]",
    ],
    [
      "a null link end",
      () => {
        const document = valid();
        document.links[2].a = null;
        return document;
      },
      "links[2].a must be an object, got null",
      "links[2].a",
    ],
    [
      "an extra field in a link end",
      () => {
        const document = valid();
        document.links[9].b.vl = 0;
        return document;
      },
      "links[9].b.vl is not a topology field; expected one of node, port",
      "links[9].b.vl",
    ],
    [
      "a port given as a string",
      () => {
        const document = valid();
        document.links[0].b.port = "0";
        return document;
      },
      'links[0].b.port must be a non-negative integer, got "0" (switch "A")',
      "links[0].b.port",
    ],
    [
      "an unknown node",
      () => {
        const document = valid();
        document.links[9].b.node = "C";
        return document;
      },
      'links[9].b.node names unknown node "C"',
      "links[9].b.node",
    ],
  ];

  it.each(cases)("rejects %s", (_kind, input, message, path) => {
    let error: unknown;
    try {
      topologyFromJSON(input());
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(TopologyError);
    expect((error as TopologyError).message.startsWith(message)).toBe(true);
    expect((error as TopologyError).path).toBe(path);
  });
});
