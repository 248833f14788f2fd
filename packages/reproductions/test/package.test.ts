/**
 * The README keeps up with the package: its runnable example prints what the README shows
 * (the preset's table, every claim passing), and every export is named in it.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readmeExamples, readmeOf, runReadmeExample, showsOutput } from "@losslab/test-kit/readme-examples";
import { packageDirectory } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import * as reproductions from "../src/index.js";

const readme = readmeOf("reproductions");
const source = readFileSync(join(packageDirectory("reproductions"), "src", "index.ts"), "utf8");

describe("@losslab/reproductions README", () => {
  it("runs its example: santos2002-fig2a's table, as the README shows it", () => {
    const output = runReadmeExample("reproductions");
    expect(output).toContain("4 of 4 claims pass");
    const shown = readmeExamples(readme)[0]!.output!;
    expect(showsOutput(shown, output)).toBe(true);
  });

  it("names every export, types included", () => {
    const typeExports = [...source.matchAll(/\btype (\w+)/g)].map((match) => match[1] as string);
    for (const name of [...Object.keys(reproductions), ...typeExports]) expect(readme, name).toContain(`\`${name}\``);
  });
});
