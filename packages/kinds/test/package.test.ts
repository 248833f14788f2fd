/** The README's runnable example. */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runReadmeExample } from "../../../test/readme-examples.js";

const packageDirectory = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("@losslab/kinds README", () => {
  it("runs the example and prints what the README says", () => {
    const output = runReadmeExample(packageDirectory);
    expect(output).toContain("fraction 0.5 of 100 Gb/s: 6250000000 B/s");
    expect(output).toContain("rate.share: rate.share must be a number > 0 and <= 1, got 2");
    expect(output).toContain("| | `share` | a number > 0 and <= 1 | `1` | the fraction |");
  });
});
