/**
 * resolveFlows: Scenario S's flow pattern (santos-2002 sec. 3: local flows first, then
 * remote, one every 100 us; the victim in its own interval), flow lists, and the
 * precedence of window and rate limits (flow > group > default).
 */
import { describe, expect, it } from "vitest";
import { parseScenario, resolveFlows, ScenarioError } from "../src/index.js";

const santosHosts = new Set(["A1", "A2", "AV", "B1", "B2", "BC", "BV"]);

describe("the santos pattern", () => {
  it("starts local flows first, then remote, one every staggerUs; the victim in victimMs", () => {
    const scenario = parseScenario({
      durationMs: 100,
      topology: { kind: "two-switch", local: 2, remote: 2 },
      flows: { pattern: "santos", staggerUs: 100, victimMs: [40, 60] },
    });
    const flows = resolveFlows(scenario, santosHosts);
    expect(flows.map((f) => [f.id, f.source, f.destination, f.group, f.startUs, f.stopUs])).toEqual([
      [0, "B1", "BC", "local", 0, undefined],
      [1, "B2", "BC", "local", 100, undefined],
      [2, "A1", "BC", "remote", 200, undefined],
      [3, "A2", "BC", "remote", 300, undefined],
      [4, "AV", "BV", "victim", 40_000, 60_000],
    ]);
    expect(flows.every((f) => f.window === undefined && f.rate === undefined)).toBe(true);
  });

  it("runs the victim for the whole run with victimMs null, and leaves it out without the victim pair", () => {
    const always = parseScenario({
      durationMs: 1,
      topology: { kind: "two-switch", local: 1, remote: 0 },
      flows: { pattern: "santos", victimMs: null },
    });
    expect(resolveFlows(always, santosHosts).map((f) => [f.source, f.startUs, f.stopUs])).toEqual([
      ["B1", 0, undefined],
      ["AV", 0, undefined],
    ]);
    const none = parseScenario({
      durationMs: 1,
      topology: { kind: "two-switch", local: 1, remote: 1, victim: false },
      flows: { pattern: "santos", staggerUs: 50 },
    });
    expect(resolveFlows(none, santosHosts).map((f) => [f.source, f.startUs])).toEqual([
      ["B1", 0],
      ["A1", 50],
    ]);
  });

  it("needs the two-switch topology", () => {
    const scenario = parseScenario({
      durationMs: 1,
      topology: { kind: "single-switch", hosts: 3 },
      flows: { pattern: "santos" },
    });
    expect(() => resolveFlows(scenario, new Set(["H0", "H1", "H2"]))).toThrow(ScenarioError);
    expect(() => resolveFlows(scenario, new Set(["H0", "H1", "H2"]))).toThrow(
      'flows.pattern: "santos" needs topology.kind "two-switch", got "single-switch"',
    );
  });
});

describe("limits", () => {
  it("take the flow's own value, else its group's, else the default", () => {
    const scenario = parseScenario({
      durationMs: 100,
      topology: { kind: "two-switch", local: 1, remote: 1 },
      flows: { pattern: "santos" },
      limits: { window: 1, rate: 0.1, groups: { victim: { rate: 0.5 }, local: { window: 2 } } },
    });
    expect(resolveFlows(scenario, santosHosts).map((f) => [f.group, f.window, f.rate])).toEqual([
      ["local", 2, 0.1],
      ["remote", 1, 0.1],
      ["victim", 1, 0.5],
    ]);
    const list = parseScenario({
      durationMs: 1,
      topology: { kind: "single-switch", hosts: 3 },
      flows: [
        { source: "H0", destination: "H2", group: "g", window: 4, rate: 0.9, startUs: 5, stopUs: 50 },
        { source: "H1", destination: "H2", group: "g" },
      ],
      limits: { groups: { g: { window: 3, rate: 0.2 } } },
    });
    expect(resolveFlows(list, new Set(["H0", "H1", "H2"]))).toEqual([
      {
        id: 0,
        source: "H0",
        destination: "H2",
        group: "g",
        startUs: 5,
        stopUs: 50,
        window: 4,
        rate: 0.9,
        reliable: true,
        rdmaRead: false,
        vl: 0,
      },
      {
        id: 1,
        source: "H1",
        destination: "H2",
        group: "g",
        startUs: 0,
        stopUs: undefined,
        window: 3,
        rate: 0.2,
        reliable: true,
        rdmaRead: false,
        vl: 0,
      },
    ]);
  });
});

describe("flow list errors", () => {
  const hosts = new Set(["H0", "H1", "H2"]);
  const scenarioWith = (flows: unknown) =>
    parseScenario({ durationMs: 1, topology: { kind: "single-switch", hosts: 3 }, flows });

  it("name an unknown host with its place in the list and the hosts there are", () => {
    const scenario = scenarioWith([
      { source: "H0", destination: "H2" },
      { source: "H1", destination: "H9" },
    ]);
    expect(() => resolveFlows(scenario, hosts)).toThrow(ScenarioError);
    expect(() => resolveFlows(scenario, hosts)).toThrow(
      'flows[1].destination: unknown host "H9"; hosts are H0, H1, H2',
    );
    expect(() => resolveFlows(scenarioWith([{ source: "X", destination: "H2" }]), hosts)).toThrow(
      'flows[0].source: unknown host "X"',
    );
  });

  it("reject a flow from a host to itself", () => {
    expect(() => resolveFlows(scenarioWith([{ source: "H1", destination: "H1" }]), hosts)).toThrow(
      'flows[0]: source and destination are both "H1"',
    );
  });
});
