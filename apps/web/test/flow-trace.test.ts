import { runScenario } from "@losslab/scenario";
import { describe, expect, it } from "vitest";
import { FLOW_TRACE_EVENTS, traceFlow } from "../src/flow-trace.js";
import { parseScenarioText } from "../src/scenario-text.js";

const scenario = parseScenarioText(
  [
    "durationMs: 6",
    "topology: { kind: two-switch, local: 2, remote: 1 }",
    "switch: { kind: input-buffered, bufferPackets: 4 }",
    "flows: { pattern: santos, staggerUs: 100, victimMs: [1, 4] }",
  ].join("\n"),
);
const noProgress = () => {};

describe("a flow's packet trace, as the trace view records it", () => {
  it("runs the run the page showed: its scenario, through JSON, gives the same fingerprint", () => {
    const shown = runScenario(scenario);
    const again = runScenario(parseScenarioText(JSON.stringify(shown.scenario)));
    expect(again.fingerprint).toBe(shown.fingerprint);
  });

  it("holds only the chosen flow's events, its devices in path order, and every delivered packet's hops", () => {
    // Flows in order: B1, B2 (local, to BC), A1 (remote, to BC), AV -> BV (the victim).
    const victim = traceFlow(scenario, 3, { fromMs: 0, toMs: 6 }, noProgress);
    expect(victim.devices).toEqual(["AV", "A", "B", "BV"]);
    expect(victim.total).toBe(victim.timesNs.length);
    const count = (event: string, data = true) =>
      victim.events.filter((e, i) => FLOW_TRACE_EVENTS[e] === event && victim.data[i] === data).length;
    const delivered = count("delivered");
    expect(delivered).toBeGreaterThan(100);
    // A data packet arrives at A and at B before it is delivered; ACKs come back to AV.
    expect(count("arrived")).toBeGreaterThanOrEqual(2 * delivered);
    expect(count("received", false)).toBeGreaterThan(0);
    // Its events lie in the victim's interval, give or take the time in flight.
    expect(Math.min(...victim.timesNs)).toBeGreaterThanOrEqual(1e6);
    const local = traceFlow(scenario, 0, { fromMs: 0, toMs: 6 }, noProgress);
    expect(local.devices).toEqual(["B1", "B", "BC"]);
    // A window that opens mid-flight meets ACKs at the far end first: the rows stay in path order.
    const middle = traceFlow(scenario, 3, { fromMs: 2.5, toMs: 2.6 }, noProgress);
    expect(middle.devices).toEqual(["AV", "A", "B", "BV"]);
    const names = middle.deviceIndex.map((device) => middle.devices[device]);
    expect(
      names
        .filter((_, i) => FLOW_TRACE_EVENTS[middle.events[i] as number] === "delivered")
        .every((name) => name === "BV"),
    ).toBe(true);
  });

  it("keeps at most maxEvents events and counts the rest; a window keeps the events inside it", () => {
    const whole = traceFlow(scenario, 0, { fromMs: 0, toMs: 6 }, noProgress);
    const cut = traceFlow(scenario, 0, { fromMs: 0, toMs: 6 }, noProgress, 500);
    expect(cut.timesNs.length).toBe(500);
    expect(cut.total).toBe(whole.total);
    expect(cut.timesNs).toEqual(whole.timesNs.slice(0, 500));
    const late = traceFlow(scenario, 0, { fromMs: 3, toMs: 4 }, noProgress);
    expect(late.total).toBeGreaterThan(0);
    expect(late.total).toBeLessThan(whole.total);
    for (const t of late.timesNs) expect(t >= 3e6 && t < 4e6).toBe(true);
  });
});
