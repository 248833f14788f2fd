/** The README keeps up with the package: every export is named in it (issue 22: it once said latency came "later"). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readmeOf } from "@losslab/test-kit/readme-examples";
import { packageDirectory } from "@losslab/test-kit/repository";
import { describe, expect, it } from "vitest";
import * as metrics from "../src/index.js";

const readme = readmeOf("metrics");
const source = readFileSync(join(packageDirectory("metrics"), "src", "index.ts"), "utf8");

describe("@losslab/metrics README", () => {
  it("names every export, types included", () => {
    const typeExports = [...source.matchAll(/\btype (\w+)/g)].map((match) => match[1] as string);
    for (const name of [...Object.keys(metrics), ...typeExports]) expect(readme, name).toContain(`\`${name}\``);
  });
});
