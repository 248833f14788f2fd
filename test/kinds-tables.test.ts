/** The docs tables of kinds agree with the registries (issue 25: docs derived from the registries). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repositoryRoot as root } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import { readmesWithTables, withKindsTables } from "../scripts/kinds-tables.js";

describe("kinds tables in the READMEs", () => {
  for (const readme of readmesWithTables) {
    it(`${readme} is current (pnpm kinds:tables rewrites it)`, () => {
      const markdown = readFileSync(join(root, readme), "utf8");
      expect(markdown).toMatch(/<!-- kinds:\w+ -->/);
      expect(markdown).toBe(withKindsTables(markdown));
    });
  }
});
