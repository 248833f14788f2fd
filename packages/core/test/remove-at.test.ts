import { describe, expect, it } from "vitest";
import { removeAt } from "../src/index.js";

describe("removeAt", () => {
  it("takes out the element at the index, the others keeping their order, at the head, inside and at the tail", () => {
    for (const [at, left] of [
      [0, ["b", "c", "d"]],
      [2, ["a", "b", "d"]],
      [3, ["a", "b", "c"]],
    ] as const) {
      const list = ["a", "b", "c", "d"];
      removeAt(list, at);
      expect(list).toEqual(left);
    }
  });

  it("empties a list of one", () => {
    const list = [7];
    removeAt(list, 0);
    expect(list).toEqual([]);
  });
});
