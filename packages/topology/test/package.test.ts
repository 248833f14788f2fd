import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runReadmeExample } from "@losslab/test-kit/readme-examples";
import { packageDirectory } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";

const topologyDirectory = packageDirectory("topology");

describe("@losslab/topology package rules (DESIGN.md)", () => {
  it("depends on nothing but @losslab/kinds (the leaf vocabulary of parameters)", () => {
    const manifest = JSON.parse(readFileSync(join(topologyDirectory, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ "@losslab/kinds": "workspace:^" });
    for (const field of ["peerDependencies", "optionalDependencies", "bundleDependencies"]) {
      expect(manifest[field], field).toBeUndefined();
    }
  });

  it("imports nothing but its own files and @losslab/kinds from src", () => {
    const source = join(topologyDirectory, "src");
    for (const file of readdirSync(source)) {
      const text = readFileSync(join(source, file), "utf8");
      for (const [, specifier] of text.matchAll(/\bfrom\s+"([^"]+)"/g)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.\/[\w-]+\.js|@losslab\/kinds)$/);
      }
    }
  });

  it("runs the README example", () => {
    const output = runReadmeExample("topology");
    expect(output).toContain("victim flow   AV -> BV: AV:0 -> A:2 -> B:6 -> BV");
    expect(output).toContain("reads back equal: true");
  });
});
