/**
 * Traffic kinds from plugins (issue 25): a `defineGenerator(...)` definition passed through
 * `withPlugins` is validated by parseScenario like a built-in generator and run by
 * runScenario; a plugin destination pattern works inside a built-in generator.
 */
import { us } from "@losslab/engine";
import { defineDestinationPattern, defineGenerator } from "@losslab/traffic";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario, runScenario, scenarioJsonSchema, withPlugins } from "../src/index.js";

/** Sends `messages` messages of `bytes` from source to destination, one every `gapUs` from time 0. */
const burst = defineGenerator({
  kind: "burst",
  description: "`messages` messages from source to destination, one every gapUs",
  parameters: {
    source: { type: "text", minLength: 1, description: "the sending host" },
    destination: { type: "text", minLength: 1, description: "the receiving host" },
    messages: { type: "integer", min: 1, max: 1000, default: 4, description: "how many" },
    bytes: { type: "integer", min: 1, max: 1e6, default: 4096, description: "message size, bytes" },
    gapUs: { type: "number", min: 0, minExclusive: true, max: 1000, description: "between messages, us" },
  },
  create: ({ source, destination, messages, bytes, gapUs }) => ({
    kind: "burst",
    name: "burst",
    start({ engine, sink }) {
      for (let i = 0; i < messages; i++) {
        engine.at(engine.now + us(gapUs * i), () => sink.sendMessage({ source, destination, bytes, group: "burst" }));
      }
    },
  }),
});

/** Every source sends to the host after it in the network's list (a shift). */
const next = defineDestinationPattern({
  kind: "next",
  description: "each source sends to the host after it",
  parameters: {},
  create: () => ({
    bind(scope) {
      return (source) => scope.hosts[(scope.hosts.indexOf(source) + 1) % scope.hosts.length] as string;
    },
  }),
});

const kinds = withPlugins(builtInKinds, [burst, next]);
const scenario = (traffic: unknown[]) => ({
  durationMs: 0.5,
  topology: { kind: "single-switch", hosts: 3 },
  traffic,
});

describe("traffic plugins", () => {
  it("validates a plugin generator's parameters, with its defaults, and refuses it without the plugin", () => {
    const parsed = parseScenario(scenario([{ kind: "burst", source: "H0", destination: "H2", gapUs: 10 }]), kinds);
    expect(parsed.traffic[0]).toEqual({
      kind: "burst",
      source: "H0",
      destination: "H2",
      messages: 4,
      bytes: 4096,
      gapUs: 10,
    });
    expect(() =>
      parseScenario(scenario([{ kind: "burst", source: "H0", destination: "H2", gapUs: 0 }]), kinds),
    ).toThrow(/traffic\[0\]\.gapUs/);
    expect(() => parseScenario(scenario([{ kind: "burst", source: "", destination: "H2", gapUs: 1 }]), kinds)).toThrow(
      /traffic\[0\]\.source/,
    );
    expect(() => parseScenario(scenario([{ kind: "burst", source: "H0", destination: "H2", gapUs: 1 }]))).toThrow(
      /traffic\[0\]/,
    );
  });

  it("runs a plugin generator", () => {
    const parsed = parseScenario(
      scenario([{ kind: "burst", source: "H0", destination: "H2", messages: 3, gapUs: 20 }]),
      kinds,
    );
    const result = runScenario(parsed, { kinds });
    expect(result.delivered).toBe(3 * 2); // 4096 B in packets of 2048 B payload
    expect(result.summary.groups.burst).toBeGreaterThan(0);
  });

  it("runs a plugin destination pattern inside a built-in generator, and checks nested specs", () => {
    const traffic = [
      {
        kind: "bernoulli",
        load: 0.5,
        size: { kind: "fixed", bytes: 2048 },
        destinations: { kind: "next" },
        stopUs: 100,
      },
    ];
    const result = runScenario(parseScenario(scenario(traffic), kinds), { kinds });
    expect(result.delivered).toBeGreaterThan(0);
    expect(() => parseScenario(scenario(traffic))).toThrow(/traffic\[0\]\.destinations/);
    const badSize = [{ ...traffic[0], size: { kind: "fixed", bytes: 0 } }];
    expect(() => parseScenario(scenario(badSize), kinds)).toThrow(/traffic\[0\]\.size\.bytes/);
  });

  it("puts the plugin's kinds, nested ones too, in the JSON Schema", () => {
    const schema = JSON.stringify(scenarioJsonSchema(kinds));
    expect(schema).toContain('"burst"');
    expect(schema).toContain('"next"');
    expect(JSON.stringify(scenarioJsonSchema())).not.toContain('"burst"');
  });
});
