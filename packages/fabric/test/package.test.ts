/** The README's runnable example: four sources into one, built from parts. */
import { runReadmeExample } from "@losslab/test-kit/readme-examples";
import { describe, expect, it } from "vitest";

describe("@losslab/fabric README", () => {
  it("runs the four-to-one simulator: fair shares, marks, the link busy", () => {
    const output = runReadmeExample("fabric");
    const shares = /packets delivered per source: (.*)/.exec(output)![1]!.split(", ").map(Number);
    expect(shares).toHaveLength(4);
    expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    expect(Number(/marked by the switch: (\d+)/.exec(output)![1])).toBeGreaterThan(0);
    expect(Number(/busy ([\d.]+)/.exec(output)![1])).toBeGreaterThan(0.5);
  });
});
