import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runReadmeExample } from "../../../test/readme-examples.js";

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("@losslab/topology package rules (DESIGN.md)", () => {
  it("depends on nothing but @losslab/kinds (the leaf vocabulary of parameters)", () => {
    const manifest = JSON.parse(readFileSync(join(packageDirectory, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ "@losslab/kinds": "workspace:^" });
    for (const field of ["peerDependencies", "optionalDependencies", "bundleDependencies"]) {
      expect(manifest[field], field).toBeUndefined();
    }
  });

  it("imports nothing but its own files and @losslab/kinds from src", () => {
    const source = join(packageDirectory, "src");
    for (const file of readdirSync(source)) {
      const text = readFileSync(join(source, file), "utf8");
      for (const [, specifier] of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.\/[\w-]+\.js|@losslab\/kinds)$/);
      }
    }
  });

  it("runs the README example", () => {
    const output = runReadmeExample(packageDirectory);
    expect(output).toContain("victim flow   AV -> BV: AV:0 -> A:2 -> B:6 -> BV");
    expect(output).toContain("reads back equal: true");
  });
});
