/**
 * Golden records of the example scenarios (apps/lab/golden/examples/, rewritten by `pnpm
 * golden:update`): one per example scenario, and nothing else. cli.test.ts runs each example
 * through the CLI against its record; the presets' records are the reproductions package's.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { exampleScenarios, examplesGoldenDir, readExampleGolden } from "./example-records.js";

describe("golden records of the example scenarios", () => {
  it("exist for every example scenario, and for nothing else", () => {
    for (const example of exampleScenarios()) {
      expect(readExampleGolden(example).fingerprint, example).toMatch(/^[0-9a-f]{16}$/);
    }
    const examples = new Set(exampleScenarios().map((file) => `${file}.json`));
    expect(readdirSync(examplesGoldenDir).filter((file) => !examples.has(file))).toEqual([]);
    expect(readdirSync(join(repositoryRoot, "apps", "lab", "golden"))).toEqual(["examples"]);
  });
});
