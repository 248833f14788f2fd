import { scenarioJsonSchema } from "@losslab/scenario";
import { describe, expect, it } from "vitest";
import { completeScenario, type SchemaNode } from "../src/schema-completion.js";

const schema = scenarioJsonSchema() as SchemaNode;

/** The completions at the `|` in `text`. */
function at(text: string) {
  const offset = text.indexOf("|");
  return completeScenario(schema, text.replace("|", ""), offset);
}
const labels = (text: string) => at(text)?.options.map((option) => option.label) ?? [];

describe("completion from the scenario's JSON Schema", () => {
  it("offers the top-level fields not yet given, with their descriptions", () => {
    const options = labels("name: x\ndur|");
    expect(options).toContain("durationMs");
    expect(options).toContain("topology");
    expect(options).not.toContain("name");
    expect(at("name: x\ndur|")?.from).toBe("name: x\n".length);
  });

  it("offers a topology kind's own fields once its kind is given", () => {
    const twoSwitch = labels("topology:\n  kind: two-switch\n  |");
    expect(twoSwitch).toEqual(expect.arrayContaining(["local", "remote", "victim"]));
    expect(twoSwitch).not.toContain("kind");
    expect(twoSwitch).not.toContain("hosts");
    expect(labels("topology:\n  kind: single-switch\n  |")).toContain("hosts");
  });

  it("offers the allowed values after `field: `", () => {
    expect(labels("topology:\n  kind: |")).toEqual(expect.arrayContaining(["two-switch", "fat-tree", "custom"]));
    expect(labels("topology:\n  kind: two-switch\n  victim: |")).toEqual(["true", "false"]);
  });

  it("finds the fields of a flow in a sequence item, and of nested mappings", () => {
    expect(labels("flows:\n  - source: B1\n    |")).toEqual(expect.arrayContaining(["destination", "group"]));
    expect(labels("flows:\n  - source: B1\n    |")).not.toContain("source");
    expect(labels("flows:\n- |")).toContain("source");
    expect(labels("switch:\n  kind: input-buffered\n  flowControl:\n    |")).toContain("kind");
  });

  it("offers nothing inside a value that is not a known field's", () => {
    expect(at("name: some|")).toBeUndefined();
    expect(at("nosuchfield:\n  |")).toBeUndefined();
  });
});
