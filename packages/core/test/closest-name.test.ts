import { describe, expect, it } from "vitest";
import { closestName, didYouMean } from "../src/closest-name.js";

describe("closestName", () => {
  const presets = ["santos-fig2a", "santos-fig3b", "ferrer-fig10", "ferrer-fig10-large"];

  it("finds the name one or two typos away", () => {
    expect(closestName("santos-fig2", presets)).toBe("santos-fig2a");
    expect(closestName("santso-fig3b", presets)).toBe("santos-fig3b");
    expect(closestName("FERRER-FIG10", presets)).toBe("ferrer-fig10");
    expect(closestName("ferrer-fig10-larg", presets)).toBe("ferrer-fig10-large");
  });

  it("counts two swapped neighbours as one typo", () => {
    expect(closestName("lpid", ["lipd", "fimd", "aimd"])).toBe("lipd");
    expect(closestName("santos-fgi2a", presets)).toBe("santos-fig2a");
  });

  it("of names equally close, prefers one that completes what was typed", () => {
    expect(closestName("fig8", ["fig5", "fig8a", "fig8b"])).toBe("fig8a");
    expect(closestName("fig9", ["fig5", "fig8a"])).toBe("fig5");
  });

  it("suggests nothing for a name far from all", () => {
    expect(closestName("nope", presets)).toBeUndefined();
    expect(closestName("chrysos-fig2a", presets)).toBeUndefined();
  });

  it("answers at once for a huge typed string", () => {
    const started = performance.now();
    expect(closestName("x".repeat(10_000_000), presets)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("didYouMean", () => {
  it("is a hint to append to a message, or nothing", () => {
    expect(didYouMean("fat-tre", ["fat-tree", "ring"])).toBe(' (did you mean "fat-tree"?)');
    expect(didYouMean("torus", ["fat-tree", "ring"])).toBe("");
    expect(didYouMean(3, ["fat-tree"])).toBe("");
  });
});
