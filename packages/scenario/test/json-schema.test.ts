import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scenarioJsonSchema } from "../src/index.js";

describe("scenario.schema.json", () => {
  it("is the schema generated from the validator (run `pnpm --filter @losslab/scenario schema` after changing it)", () => {
    const shipped = JSON.parse(readFileSync(join(import.meta.dirname, "..", "scenario.schema.json"), "utf8"));
    expect(shipped).toEqual(scenarioJsonSchema());
  });

  it("describes the fields, their kinds and defaults", () => {
    const schema = scenarioJsonSchema() as { required: string[]; properties: Record<string, { default?: unknown }> };
    expect(schema.required).toEqual(["durationMs", "topology"]);
    expect(schema.properties.switch?.default).toEqual({
      kind: "input-buffered",
      bufferPackets: 4,
      forwardingDelayNs: 40,
      maxBypass: 4,
      creditBytes: 64,
    });
    expect(JSON.stringify(schema.properties.marking)).toContain('"input-output-triggered"');
  });
});
