import { describe, expect, it } from "vitest";
import { closestName } from "../src/closest-name.js";

describe("closestName", () => {
  const presets = ["santos-fig2a", "santos-fig3b", "ferrer-fig10", "ferrer-fig10-large"];

  it("finds the name one or two typos away", () => {
    expect(closestName("santos-fig2", presets)).toBe("santos-fig2a");
    expect(closestName("santso-fig3b", presets)).toBe("santos-fig3b");
    expect(closestName("FERRER-FIG10", presets)).toBe("ferrer-fig10");
    expect(closestName("ferrer-fig10-larg", presets)).toBe("ferrer-fig10-large");
  });

  it("suggests nothing for a name far from all", () => {
    expect(closestName("nope", presets)).toBeUndefined();
    expect(closestName("chrysos-fig2a", presets)).toBeUndefined();
  });
});
