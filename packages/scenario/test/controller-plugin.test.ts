/** A plugin's controller kind (`defineController`): named, checked and run like a built-in one (issue 25). */
import { defineController, everyFlow } from "@losslab/response";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario, runScenario, ScenarioError, withPlugins } from "../src/index.js";

/** A tiny controller: a fixed rate limit (a fraction of the link) and a fixed window; feedback ignored. */
const fixed = defineController({
  kind: "fixed",
  description: "a fixed rate limit and window, deaf to congestion feedback",
  parameters: {
    rateFraction: { type: "number", min: 0, minExclusive: true, max: 1, default: 1, description: "of the link rate" },
    window: { type: "integer", min: 1, max: 64, default: 8, description: "packets in flight" },
  },
  create: ({ rateFraction, window }, { lineRate }) =>
    everyFlow(() => ({
      rate: rateFraction * lineRate,
      window,
      wakeAt: undefined,
      onSend: () => {},
      onAck: () => {},
      onCnp: () => {},
      onTimer: () => {},
    })),
});

const kinds = withPlugins(builtInKinds, [fixed]);

/** One greedy flow H0 -> H1 through one switch for 3 ms under `controller`. */
const oneFlow = (controller: object) => ({
  durationMs: 3,
  topology: { kind: "single-switch", hosts: 2 },
  flows: [{ source: "H0", destination: "H1", group: "a" }],
  controller,
});

describe("a plugin's controller kind", () => {
  it("is parsed with its defaults and run: its rate limit holds the flow", () => {
    const full = parseScenario(oneFlow({ kind: "fixed" }), kinds);
    expect(full.controller).toEqual({ kind: "fixed", rateFraction: 1, window: 8 });
    const quarter = parseScenario(oneFlow({ kind: "fixed", rateFraction: 0.25 }), kinds);
    const fullRate = runScenario(full, { kinds }).rate("group:a", 1, 3);
    const quarterRate = runScenario(quarter, { kinds }).rate("group:a", 1, 3);
    expect(fullRate).toBeGreaterThan(0.9);
    expect(quarterRate).toBeCloseTo(0.25, 1);
  });

  it("reports a bad parameter of it naming controller.<field>", () => {
    expect(() => parseScenario(oneFlow({ kind: "fixed", window: 0 }), kinds)).toThrow(ScenarioError);
    expect(() => parseScenario(oneFlow({ kind: "fixed", window: 0 }), kinds)).toThrow(
      "controller.window: Too small: expected number to be >=1 (got 0)",
    );
    expect(() => parseScenario(oneFlow({ kind: "fixed", speed: 2 }), kinds)).toThrow(
      'controller: unknown field "speed"',
    );
  });

  it("is unknown without the plugin", () => {
    expect(() => parseScenario(oneFlow({ kind: "fixed" }))).toThrow(/controller\.kind/);
  });
});
