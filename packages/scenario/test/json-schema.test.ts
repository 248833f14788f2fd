import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Parameters } from "@losslab/kinds";
import { describe, expect, it } from "vitest";
import { builtInKinds, MAX_HOSTS, MAX_TIME_US, parseScenario, scenarioJsonSchema } from "../src/index.js";

/** Every schema of a property called `name`, anywhere in `schema`. */
function propertySchemas(schema: unknown, name: string): Array<Record<string, unknown>> {
  if (schema === null || typeof schema !== "object") return [];
  const own = (schema as { properties?: Record<string, Record<string, unknown>> }).properties?.[name];
  return [
    ...(own === undefined ? [] : [own]),
    ...Object.values(schema).flatMap((inner) => propertySchemas(inner, name)),
  ];
}

describe("scenario.schema.json", () => {
  it("is the schema generated from the validator (run `pnpm --filter @losslab/scenario schema` after changing it)", () => {
    const shipped = JSON.parse(readFileSync(join(import.meta.dirname, "..", "scenario.schema.json"), "utf8"));
    expect(shipped).toEqual(scenarioJsonSchema());
  });

  it("agrees with every registry: each family's kinds, each with its parameters and their descriptions", () => {
    const schema = JSON.stringify(scenarioJsonSchema());
    const families = Object.entries(builtInKinds);
    expect(families.map(([family]) => family).sort()).toEqual(
      [
        "controller",
        "destination",
        "flowControl",
        "marking",
        "multipath",
        "size",
        "switch",
        "topology",
        "traffic",
      ].sort(),
    );
    for (const [family, registry] of families) {
      expect(registry.kinds.length, family).toBeGreaterThan(0);
      for (const definition of registry.definitions) {
        expect(schema, `${family} ${definition.kind}`).toContain(`"const":"${definition.kind}"`);
        expect(schema, `${family} ${definition.kind}`).toContain(JSON.stringify(definition.description));
        for (const [name, parameter] of Object.entries(definition.parameters as Parameters)) {
          expect(schema, `${family} ${definition.kind}.${name}`).toContain(`"${name}":`);
          expect(schema, `${family} ${definition.kind}.${name}`).toContain(JSON.stringify(parameter.description));
        }
      }
    }
  });

  it("describes the fields, their kinds and defaults", () => {
    const schema = scenarioJsonSchema() as { required: string[]; properties: Record<string, { default?: unknown }> };
    // durationMs or durationCycles: one of the two, checked by parseScenario.
    expect(schema.required).toEqual(["topology"]);
    // The switch a scenario without one gets, from the registries' defaults; bufferPackets
    // is filled in by parseScenario when no inputBufferBytes is given.
    const minimal = {
      durationMs: 1,
      topology: { kind: "single-switch", hosts: 2 },
      flows: [{ source: "H0", destination: "H1" }],
    };
    const { bufferPackets, ...filled } = parseScenario(minimal).switch;
    expect(bufferPackets).toBe(4);
    expect(schema.properties.switch?.default).toEqual(filled);
    expect(filled.kind).toBe(builtInKinds.switch.kinds[0]);
    expect(JSON.stringify(schema.properties.marking)).toContain('"input-output-triggered"');
    for (const kind of ["fifo", "voq", "cioq"]) expect(JSON.stringify(schema.properties.switch)).toContain(`"${kind}"`);
    for (const kind of ["k-ary-n-tree", "k-ary-n-fly", "spine-leaf"]) {
      expect(JSON.stringify(schema.properties.topology)).toContain(`"${kind}"`);
    }
  });

  it("carries the limits as minimum and maximum, for editors to check", () => {
    const schema = scenarioJsonSchema();
    expect(propertySchemas(schema, "hosts").map((hosts) => hosts.maximum)).toContain(MAX_HOSTS);
    expect(propertySchemas(schema, "staggerUs")[0]).toMatchObject({ minimum: 0, maximum: MAX_TIME_US });
  });
});
