/** The README's runnable example. */
import { runReadmeExample } from "@losslab/test-kit/readme-examples";
import { describe, expect, it } from "vitest";

describe("@losslab/kinds README", () => {
  it("runs the example and prints what the README says", () => {
    const output = runReadmeExample("kinds");
    expect(output).toContain("fraction 0.5 of 100 Gb/s: 6250000000 B/s");
    expect(output).toContain("rate.share: rate.share must be a number > 0 and <= 1, got 2");
    expect(output).toContain("| | `share` | a number > 0 and <= 1 | `1` | the fraction |");
  });
});
