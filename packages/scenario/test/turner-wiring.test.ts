/** turner-2001's scenario fields: reliability, ACK coalescing, hybrid/turner-rate, non-compliant devices, the manager. */
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, type ScenarioInput } from "../src/index.js";

const hybrid = { kind: "hybrid", response: "lipd" } as const;

/** Scenario S with L=2, R=1: A1 -> BC, B1 -> BC, B2 -> BC under turner marking, 5 ms. */
const fanIn = (extra: Partial<ScenarioInput> = {}): ScenarioInput => ({
  durationMs: 5,
  topology: { kind: "two-switch", local: 2, remote: 1 },
  flows: [
    { source: "A1", destination: "BC", group: "a1" },
    { source: "B1", destination: "BC", group: "b" },
    { source: "B2", destination: "BC", group: "b" },
  ],
  marking: { kind: "turner" },
  controller: hybrid,
  metrics: { responses: true },
  ...extra,
});

describe("turner-2001 scenario fields", () => {
  it("counts controller responses only when metrics.responses asks for it", () => {
    const quiet = runScenario(parseScenario(fanIn({ metrics: {} })));
    expect(quiet.responses).toEqual({});
  });

  it("names the field of each mistake", () => {
    expect(() => parseScenario(fanIn({ adapter: { ackCoalescing: 4 } }))).toThrow(/adapter\.ackCoalescingTimeoutUs/);
    expect(() => runScenario(parseScenario(fanIn({ nonCompliant: { hosts: ["Z9"] } })))).toThrow(
      /nonCompliant\.hosts\[0\]: "Z9" is not a host of the topology/,
    );
    expect(() => runScenario(parseScenario(fanIn({ nonCompliant: { switches: ["BC"] } })))).toThrow(
      /nonCompliant\.switches\[0\]: "BC" is not a switch/,
    );
    expect(() => runScenario(parseScenario(fanIn({ subnetManager: { host: "BV" } })))).toThrow(
      /subnetManager: nonCompliant\.hosts is empty/,
    );
    expect(() => runScenario(parseScenario(fanIn({ controller: { kind: "turner-rate", response: "lipd" } })))).toThrow(
      /flows\[0\]\.reliable: controller "turner-rate" controls unreliable flows only/,
    );
  });

  it("counts turner marks per switch and leaves a non-compliant switch unmarked", () => {
    const all = runScenario(parseScenario(fanIn()));
    expect(all.marks.B!.generating).toBeGreaterThan(0);
    expect(Object.keys(all.marks).sort()).toEqual(["A", "B"]);
    const partial = runScenario(parseScenario(fanIn({ nonCompliant: { switches: ["B"] } })));
    expect(Object.keys(partial.marks)).toEqual(["A"]);
  });

  it("gives unreliable flows turner-rate under hybrid: they hear CN packets and slow down", () => {
    const flows = [
      { source: "A1", destination: "BC", group: "a1", reliable: false },
      { source: "B1", destination: "BC", group: "b", reliable: false },
      { source: "B2", destination: "BC", group: "b" },
    ];
    const result = runScenario(parseScenario(fanIn({ flows })));
    for (const id of ["0", "1", "2"]) {
      expect(result.responses[id]!.marks).toBeGreaterThan(0);
      expect(result.responses[id]!.decreases).toBeGreaterThan(0);
    }
  });

  it("models RDMA READs: the request starts the responses, which get CN packets and turner-rate under hybrid", () => {
    // BC reads from A1 from 1 ms on; B1 and B2 write to BC as before.
    const flows = [
      { source: "A1", destination: "BC", group: "a1", rdmaRead: true, startUs: 1000 },
      { source: "B1", destination: "BC", group: "b" },
      { source: "B2", destination: "BC", group: "b" },
    ];
    const result = runScenario(parseScenario(fanIn({ flows })));
    expect(result.rate("group:a1", 0, 1)).toBe(0);
    expect(result.rate("group:a1", 1.1, 5)).toBeGreaterThan(0.05);
    expect(result.responses["0"]!.marks).toBeGreaterThan(0);
    expect(result.responses["0"]!.decreases).toBeGreaterThan(0);
    expect(() => parseScenario(fanIn({ flows: [{ ...flows[0]!, reliable: true }] }))).not.toThrow();
    expect(() => runScenario(parseScenario(fanIn({ flows: [{ ...flows[0]!, reliable: true }] })))).toThrow(
      /flows\[0\]\.reliable: an RDMA READ's responses are never acknowledged/,
    );
  });

  it("coalesces ACKs: fewer packets on the links for the same data", () => {
    const one = runScenario(parseScenario(fanIn({ marking: { kind: "none" }, controller: { kind: "none" } })));
    const four = runScenario(
      parseScenario(
        fanIn({
          marking: { kind: "none" },
          controller: { kind: "none" },
          adapter: { ackCoalescing: 4, ackCoalescingTimeoutUs: 20 },
        }),
      ),
    );
    expect(four.delivered).toBeGreaterThan(0.95 * one.delivered);
    expect(four.transmissions).toBeLessThan(one.transmissions - one.delivered);
  });

  it("gives a non-compliant host no controller, and the manager throttles it by its static IPD", () => {
    const without = runScenario(parseScenario(fanIn({ nonCompliant: { hosts: ["A1"] } })));
    expect(without.responses["0"]).toBeUndefined();
    expect(without.manager).toBeUndefined();
    const managed = runScenario(
      parseScenario(fanIn({ nonCompliant: { hosts: ["A1"] }, subnetManager: { host: "BV", decayUs: 100 } })),
    );
    expect(managed.manager!.notices).toBeGreaterThan(0);
    expect(managed.manager!.changes).toBeGreaterThan(0);
    expect(managed.rate("group:a1", 1, 5)).toBeLessThan(without.rate("group:a1", 1, 5) - 0.1);
  });

  it("lets switches report marks on packets to a non-compliant CA to the manager (sec. 6.2)", () => {
    // BC is non-compliant: only the switches' CN packets can tell the manager about A1, B1, B2.
    const result = runScenario(
      parseScenario(fanIn({ nonCompliant: { hosts: ["BC"] }, subnetManager: { host: "BV" } })),
    );
    expect(result.manager!.notices).toBeGreaterThan(0);
    expect(result.manager!.changes).toBeGreaterThan(0);
    // BC echoes no mark: the sources' controllers hear nothing although the switches mark.
    expect(result.marks.B!.marked).toBeGreaterThan(0);
    for (const id of ["0", "1", "2"]) expect(result.responses[id]!.marks).toBe(0);
  });

  it("marks at a compliant switch whose output blocks toward a non-compliant one, when asked (sec. 6.1)", () => {
    const run = (markBlockedTowardNonCompliant: boolean, switches: string[]) =>
      runScenario(
        parseScenario(
          fanIn({ marking: { kind: "turner", markBlockedTowardNonCompliant }, nonCompliant: { switches } }),
        ),
      );
    const optimised = run(true, ["B"]);
    const plain = run(false, ["B"]);
    expect(optimised.marks.A!.blocked).toBeGreaterThan(0);
    expect(plain.marks.A!.blocked).toBe(0);
    // A1, behind the non-compliant B, hears more marks when A marks at once.
    expect(optimised.responses["0"]!.marks).toBeGreaterThan(plain.responses["0"]!.marks);
    // With every switch compliant no output leads to a non-compliant one.
    expect(run(true, []).marks.A!.blocked).toBe(0);
    expect(() =>
      parseScenario(fanIn({ marking: { kind: "turner", markBlockedTowardNonCompliant: 1 } as never })),
    ).toThrow(/marking\.markBlockedTowardNonCompliant/);
  });
});
