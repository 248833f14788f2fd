import { describe, expect, it } from "vitest";
import { MAX_QUOTED_CHARACTERS, quoteValue } from "../src/index.js";

describe("quoteValue", () => {
  it("writes short values as JSON, and the numbers JSON cannot write as they are", () => {
    expect(quoteValue("fast")).toBe('"fast"');
    expect(quoteValue({ k: 4, n: [1, 2] })).toBe('{"k":4,"n":[1,2]}');
    expect(quoteValue(Number.NaN)).toBe("NaN");
    expect(quoteValue(Number.NEGATIVE_INFINITY)).toBe("-Infinity");
    expect(quoteValue(null)).toBe("null");
    expect(quoteValue(true)).toBe("true");
  });

  it("stops at MAX_QUOTED_CHARACTERS and gives the size of what it cut", () => {
    const text = quoteValue("y".repeat(1e7));
    expect(text).toBe(`"${"y".repeat(MAX_QUOTED_CHARACTERS - 1)}… (10000000 characters)`);
    const list = quoteValue(Array.from({ length: 1e6 }, (_, i) => i));
    expect(list.length).toBeLessThan(MAX_QUOTED_CHARACTERS + 30);
    expect(list).toMatch(/^\[0,1,2,.*… \(1000000 items\)$/);
  });

  it("quotes a value nested far deeper than the stack could recurse", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1e6; i++) deep = [deep];
    expect(quoteValue(deep)).toBe(`${"[".repeat(MAX_QUOTED_CHARACTERS)}… (1 items)`);
  });
});
