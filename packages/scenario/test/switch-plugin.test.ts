/** A plugin's switch organisation (defineSwitchOrganisation) is parsed, validated, built and run like a built-in one. */
import { defineSwitchOrganisation, InputQueuedSwitch } from "@losslab/switch";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario, runScenario, withPlugins } from "../src/index.js";

/** A strict-FIFO switch under another name, with a parameter of its own that must be 1. */
const plainFifo = defineSwitchOrganisation({
  kind: "plain-fifo",
  description: "strict FIFO input queues, as a plugin",
  parameters: { lanesPerPort: { type: "integer", min: 1, max: 1, default: 1, description: "one, only" } },
  create: (_values, { engine, options }) => new InputQueuedSwitch(engine, { ...options, inputQueues: "fifo" }),
});

const scenario = (kind: string, extra: Record<string, unknown> = {}) => ({
  durationMs: 1,
  topology: { kind: "single-switch", hosts: 4 },
  switch: { kind, bufferPackets: 4, ...extra },
  flows: [
    { source: "H0", destination: "H3" },
    { source: "H1", destination: "H3" },
    { source: "H2", destination: "H3" },
  ],
});

describe("a switch organisation from a plugin", () => {
  const kinds = withPlugins(builtInKinds, [plainFifo]);

  it("runs on the trajectory of the built-in fifo it imitates", () => {
    const plugin = runScenario(parseScenario(scenario("plain-fifo"), kinds), { kinds });
    const builtIn = runScenario(parseScenario(scenario("fifo")));
    expect(plugin.delivered).toBeGreaterThan(100);
    expect(plugin.fingerprint).toBe(builtIn.fingerprint);
  });

  it("is unknown without the plugin, and its parameter is checked with the common fields", () => {
    expect(() => parseScenario(scenario("plain-fifo"))).toThrow(/switch\.kind: unknown "plain-fifo".*allowed: .*cioq/);
    expect(() => parseScenario(scenario("plain-fifo", { lanesPerPort: 2 }), kinds)).toThrow(
      /switch\.lanesPerPort: Too big: expected number to be <=1 \(got 2\)/,
    );
    expect(() => parseScenario(scenario("plain-fifo", { bufferPackets: 0 }), kinds)).toThrow(/switch\.bufferPackets/);
  });
});
