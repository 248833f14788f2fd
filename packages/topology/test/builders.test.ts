import { wiring } from "@losslab/test-kit/topology-text";
import { describe, expect, it } from "vitest";
import {
  createTopology,
  singleSwitch,
  type Topology,
  TopologyBuilder,
  TopologyError,
  twoSwitch,
} from "../src/index.js";

const portsOf = (topology: Topology): Record<string, number> =>
  Object.fromEntries(topology.nodes.map((node) => [node.id, node.ports]));

describe("TopologyBuilder", () => {
  const link = { bandwidth: 1e9, delayPs: 10_000 };

  it("assigns ports in call order, lowest free port first", () => {
    const topology = new TopologyBuilder(link)
      .switch("S")
      .switch("T")
      .host("H0")
      .host("H1")
      .link("H0", "S")
      .link("S", "T")
      .link("H1", "T")
      .link("S", "T")
      .build();
    expect(wiring(topology)).toEqual(["H0:0 <-> S:0", "S:1 <-> T:0", "H1:0 <-> T:1", "S:2 <-> T:2"]);
    expect(portsOf(topology)).toEqual({ S: 3, T: 3, H0: 1, H1: 1 });
    expect(topology.nodes.map((node) => node.kind)).toEqual(["switch", "switch", "host", "host"]);
  });

  it("keeps explicit ports, skips them when assigning later ones, and keeps gaps", () => {
    const topology = new TopologyBuilder(link)
      .switch("S")
      .host("H0")
      .host("H1")
      .host("H2")
      .link("H0", { node: "S", port: 0 })
      .link({ node: "H1", port: 0 }, { node: "S", port: 4 })
      .link("H2", "S")
      .build();
    expect(wiring(topology)).toEqual(["H0:0 <-> S:0", "H1:0 <-> S:4", "H2:0 <-> S:1"]);
    expect(portsOf(topology).S).toBe(5);
  });

  it("keeps a switch's declared port count", () => {
    const topology = new TopologyBuilder(link).switch("S", 8).host("H").link("H", "S").build();
    expect(portsOf(topology).S).toBe(8);
  });

  it("takes per-link options over the builder defaults and writes delayBackPs only when set", () => {
    const topology = new TopologyBuilder(link)
      .switch("S")
      .host("H0")
      .host("H1")
      .link("H0", "S")
      .link("H1", "S", { bandwidth: 2e9, delayBackPs: 7 })
      .build();
    expect(topology.links[0]).toStrictEqual({
      a: { node: "H0", port: 0 },
      b: { node: "S", port: 0 },
      bandwidth: 1e9,
      delayPs: 10_000,
    });
    expect(topology.links[1]).toStrictEqual({
      a: { node: "H1", port: 0 },
      b: { node: "S", port: 1 },
      bandwidth: 2e9,
      delayPs: 10_000,
      delayBackPs: 7,
    });
  });

  it("names the link and the missing field when neither the link nor the defaults give it", () => {
    const builder = new TopologyBuilder({ delayPs: 0 }).switch("S").host("H").link("H", "S");
    expect(() => builder.build()).toThrow(TopologyError);
    expect(() => builder.build()).toThrow(
      'links[0] ("H" - "S") has no bandwidth: pass it to link() or to the TopologyBuilder defaults',
    );
  });

  it("validates on build", () => {
    const builder = new TopologyBuilder(link).switch("S").host("S").link("S", "S");
    expect(() => builder.build()).toThrow('duplicate node id "S": nodes[0] and nodes[1]');
  });
});

describe("createTopology", () => {
  it("builds the same topology as the equivalent builder calls", () => {
    const fromSpec = createTopology({
      nodes: [
        { id: "S", kind: "switch" },
        { id: "H0", kind: "host" },
        { id: "H1", kind: "host" },
      ],
      links: [
        { a: "H0", b: "S" },
        { a: "H1", b: { node: "S", port: 3 }, bandwidth: 2e9 },
      ],
      defaults: { bandwidth: 1e9, delayPs: 5 },
    });
    const fromBuilder = new TopologyBuilder({ bandwidth: 1e9, delayPs: 5 })
      .switch("S")
      .host("H0")
      .host("H1")
      .link("H0", "S")
      .link("H1", { node: "S", port: 3 }, { bandwidth: 2e9 })
      .build();
    expect(fromSpec).toStrictEqual(fromBuilder);
    expect(portsOf(fromSpec).S).toBe(4);
  });

  it("gives a host two ports when asked, for a unidirectional fabric", () => {
    const topology = createTopology({
      nodes: [
        { id: "S", kind: "switch" },
        { id: "H", kind: "host", ports: 2 },
      ],
      links: [
        { a: "H", b: "S" },
        { a: "S", b: { node: "H", port: 1 } },
      ],
      defaults: { bandwidth: 1e9, delayPs: 0 },
    });
    expect(portsOf(topology)).toEqual({ S: 2, H: 2 });
    expect(wiring(topology)).toEqual(["H:0 <-> S:0", "S:1 <-> H:1"]);
  });

  it("rejects an unknown node kind instead of guessing", () => {
    const spec = JSON.parse('{"nodes":[{"id":"R","kind":"router"}],"links":[]}');
    expect(() => createTopology(spec)).toThrow('nodes[0].kind must be "host" or "switch", got "router"');
  });
});

describe("twoSwitch (santos-2002 Fig. 1)", () => {
  it("L=5, R=1: names, counts and port numbering", () => {
    const topology = twoSwitch({ local: 5, remote: 1 });
    expect(topology.nodes.map((node) => node.id)).toEqual([
      "A",
      "B",
      "A1",
      "AV",
      "B1",
      "B2",
      "B3",
      "B4",
      "B5",
      "BC",
      "BV",
    ]);
    expect(topology.nodes.filter((node) => node.kind === "switch")).toHaveLength(2);
    expect(topology.links).toHaveLength(10);
    expect(wiring(topology)).toEqual([
      "A1:0 <-> A:0",
      "AV:0 <-> A:1",
      "B1:0 <-> B:0",
      "B2:0 <-> B:1",
      "B3:0 <-> B:2",
      "B4:0 <-> B:3",
      "B5:0 <-> B:4",
      "BC:0 <-> B:5",
      "BV:0 <-> B:6",
      "A:2 <-> B:7",
    ]);
    expect(portsOf(topology)).toMatchObject({ A: 3, B: 8, A1: 1, BC: 1 });
    for (const link of topology.links) {
      expect(link).toStrictEqual({ a: link.a, b: link.b, bandwidth: 1e9, delayPs: 10_000 });
    }
  });

  it("L=10, R=10: 25 nodes, 24 links, ISL on the last port of each switch", () => {
    const topology = twoSwitch({ local: 10, remote: 10 });
    const ids = topology.nodes.map((node) => node.id);
    expect(ids).toHaveLength(25);
    expect(topology.links).toHaveLength(24);
    for (let i = 1; i <= 10; i++) expect(ids).toContain(`A${i}`);
    for (let i = 1; i <= 10; i++) expect(ids).toContain(`B${i}`);
    expect(ids).toEqual(expect.arrayContaining(["A", "B", "AV", "BC", "BV"]));
    expect(wiring(topology).at(-1)).toBe("A:11 <-> B:12");
    expect(wiring(topology)).toContain("A10:0 <-> A:9");
    expect(wiring(topology)).toContain("AV:0 <-> A:10");
    expect(wiring(topology)).toContain("BC:0 <-> B:10");
    expect(wiring(topology)).toContain("BV:0 <-> B:11");
    expect(portsOf(topology)).toMatchObject({ A: 12, B: 13 });
  });

  it("leaves out AV and BV without the victim, and applies bandwidth and delay", () => {
    const topology = twoSwitch({
      local: 2,
      remote: 1,
      victim: false,
      bandwidth: 2.5e9,
      delayPs: 0,
    });
    expect(topology.nodes.map((node) => node.id)).toEqual(["A", "B", "A1", "B1", "B2", "BC"]);
    expect(wiring(topology)).toEqual(["A1:0 <-> A:0", "B1:0 <-> B:0", "B2:0 <-> B:1", "BC:0 <-> B:2", "A:1 <-> B:3"]);
    expect(topology.links.every((link) => link.bandwidth === 2.5e9 && link.delayPs === 0)).toBe(true);
  });

  it("allows no remote and no local sources", () => {
    const topology = twoSwitch({ local: 0, remote: 0, victim: false });
    expect(wiring(topology)).toEqual(["BC:0 <-> B:0", "A:0 <-> B:1"]);
  });

  it("rejects bad counts and bad link numbers", () => {
    expect(() => twoSwitch({ local: -1, remote: 1 })).toThrow("twoSwitch: local must be an integer >= 0, got -1");
    expect(() => twoSwitch({ local: 1, remote: 1.5 })).toThrow("twoSwitch: remote must be an integer >= 0, got 1.5");
    expect(() => twoSwitch({ local: 1, remote: 1, bandwidth: 0 })).toThrow(
      "links[0].bandwidth must be a positive number, got 0",
    );
  });
});

describe("singleSwitch", () => {
  it("puts Hi on port i of S", () => {
    const topology = singleSwitch(4, { bandwidth: 3e9 });
    expect(topology.nodes.map((node) => node.id)).toEqual(["S", "H0", "H1", "H2", "H3"]);
    expect(wiring(topology)).toEqual(["H0:0 <-> S:0", "H1:0 <-> S:1", "H2:0 <-> S:2", "H3:0 <-> S:3"]);
    expect(portsOf(topology).S).toBe(4);
    expect(topology.links.every((link) => link.bandwidth === 3e9 && link.delayPs === 10_000)).toBe(true);
  });

  it("needs at least one host", () => {
    expect(() => singleSwitch(0)).toThrow("singleSwitch: n must be an integer >= 1, got 0");
  });
});
