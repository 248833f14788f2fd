/**
 * A plugin's topology kind end to end (issue 25): defined outside losslab with
 * `defineTopology`, it is parsed, sized, validated, warned about and run exactly like the
 * built-in kinds once `withPlugins` adds it.
 */
import { MAX_HOSTS } from "@losslab/kinds";
import { errorOf } from "@losslab/test-kit/errors";
import { defineTopology, TopologyBuilder } from "@losslab/topology";
import { describe, expect, it } from "vitest";
import {
  builtInKinds,
  checkScenario,
  creditLoopWarnings,
  describeTopology,
  estimateCost,
  fabricSize,
  parseScenario,
  runScenario,
  ScenarioError,
  scenarioJsonSchema,
  scenarioTopology,
  withPlugins,
} from "../src/index.js";

/** `switches` switches S0..S{n-1} in a ring (Si port 0 -> S(i+1) port 1), hosts Hi.j on Si port 2 + j. */
const ring = defineTopology({
  kind: "ring",
  description: "switches in a ring, each with its own hosts; routed by shortest path",
  parameters: {
    switches: { type: "integer", min: 3, max: 64, description: "switches S0..S{n-1}" },
    hostsPerSwitch: { type: "integer", min: 1, max: MAX_HOSTS, default: 1, description: "hosts Hi.0.. on switch Si" },
  },
  create: ({ switches, hostsPerSwitch }, links) => {
    const builder = new TopologyBuilder(links);
    for (let i = 0; i < switches; i++) builder.switch(`S${i}`, 2 + hostsPerSwitch);
    for (let i = 0; i < switches; i++) {
      for (let j = 0; j < hostsPerSwitch; j++) {
        builder.host(`H${i}.${j}`).link(`H${i}.${j}`, { node: `S${i}`, port: 2 + j });
      }
    }
    for (let i = 0; i < switches; i++) {
      builder.link({ node: `S${i}`, port: 0 }, { node: `S${(i + 1) % switches}`, port: 1 });
    }
    return builder.build();
  },
  size: ({ switches, hostsPerSwitch }) => ({
    hosts: switches * hostsPerSwitch,
    switches,
    links: switches * (hostsPerSwitch + 1),
    switchPorts: switches * (hostsPerSwitch + 2),
    portPairs: switches * (hostsPerSwitch + 2) ** 2,
  }),
  describe: ({ switches, hostsPerSwitch }) => `ring of ${switches} switches, ${switches * hostsPerSwitch} hosts`,
  hostCount: "switches x hostsPerSwitch",
});

const kinds = withPlugins(builtInKinds, [ring]);

/** Four switches, one host each, every host sending one hop clockwise. */
const input = {
  durationMs: 2,
  topology: { kind: "ring", switches: 4, bandwidth: 2e9 },
  flows: [0, 1, 2, 3].map((i) => ({ source: `H${i}.0`, destination: `H${(i + 1) % 4}.0` })),
};

const problem = (value: unknown, with_ = kinds): string =>
  errorOf(ScenarioError, () => parseScenario(value, with_)).message;

describe("a plugin's topology kind", () => {
  it("joins the registry, not the built-in one", () => {
    expect(kinds.topology.kinds.at(-1)).toBe("ring");
    expect(builtInKinds.topology.get("ring")).toBeUndefined();
    expect(problem(input, builtInKinds)).toContain('topology.kind: unknown "ring"; allowed: two-switch,');
  });

  it("is parsed like a built-in kind: defaults, the link fields, ranges, unknown fields", () => {
    const scenario = parseScenario(input, kinds);
    expect(scenario.topology).toEqual({ kind: "ring", switches: 4, hostsPerSwitch: 1, bandwidth: 2e9, delayNs: 10 });
    expect(problem({ ...input, topology: { kind: "ring", switches: 2 } })).toMatch(/topology\.switches: .*got 2/);
    expect(problem({ ...input, topology: { kind: "ring", switches: 4, size: 1 } })).toMatch(
      /topology: unknown field "size"/,
    );
    expect(JSON.stringify(scenarioJsonSchema(kinds).properties)).toContain("switches in a ring");
  });

  it("is sized and described by its traits, and its host count checked", () => {
    const scenario = parseScenario(input, kinds);
    const topology = scenarioTopology(scenario, kinds);
    expect(topology.links[0]).toMatchObject({ bandwidth: 2e9, delayPs: 10_000 });
    expect(fabricSize(scenario.topology, kinds)).toEqual({
      hosts: 4,
      switches: 4,
      links: topology.links.length,
      switchPorts: 12,
      portPairs: 36,
    });
    expect(describeTopology(scenario.topology, kinds)).toBe("ring of 4 switches, 4 hosts");
    expect(estimateCost(scenario, kinds).memoryBytes).toBeGreaterThan(0);
    expect(problem({ ...input, topology: { kind: "ring", switches: 64, hostsPerSwitch: MAX_HOSTS } })).toContain(
      `topology: switches x hostsPerSwitch makes ${64 * MAX_HOSTS} hosts; a fabric has at most ${MAX_HOSTS} hosts`,
    );
  });

  it("is validated and run", () => {
    const scenario = checkScenario(input, kinds);
    const result = runScenario(scenario, { kinds });
    expect(result.delivered).toBeGreaterThan(0);
    expect(result.stats.dataPackets.injected).toBe(
      result.stats.dataPackets.delivered + result.stats.dataPackets.inFlight,
    );
    expect(() => checkScenario({ ...input, flows: [{ source: "H9.0", destination: "H0.0" }] }, kinds)).toThrow(
      ScenarioError,
    );
  });

  it("has its routes checked for credit loops, not being marked deadlock-free", () => {
    // Four switches: the two-hop routes (ties to the lowest port: clockwise) chain the ring's
    // channels; among three, every route is one hop.
    expect(creditLoopWarnings(parseScenario(input, kinds), kinds)[0]).toContain(
      "S0 port 0 -> S1 port 0 -> S2 port 0 -> S3 port 0 -> S0 port 0",
    );
    const three = {
      ...input,
      topology: { kind: "ring", switches: 3 },
      flows: [{ source: "H0.0", destination: "H1.0" }],
    };
    expect(creditLoopWarnings(parseScenario(three, kinds), kinds)).toEqual([]);
  });

  it("may not take a field every topology has as a parameter", () => {
    const clash = defineTopology({
      ...ring,
      kind: "clash",
      parameters: { ...ring.parameters, delayNs: ring.parameters.switches },
    });
    expect(() => parseScenario(input, withPlugins(builtInKinds, [clash]))).toThrow(
      'topology kind "clash" has a parameter "delayNs", a field every topology kind has: rename it',
    );
  });
});
