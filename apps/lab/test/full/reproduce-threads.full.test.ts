/**
 * `reproduce NAME --threads 2` for presets whose runs go through the split runner:
 * santos2002-fig2a, turner-vl's two runs on two VLs, and santos2002-fig3b's two runs. Each split
 * run takes minutes (santos-2002's two-switch fabric: a window every 10 ns), so they are here,
 * not in the default suite (which splits a fat-tree preset's run: reproduce-threads.test.ts).
 */
import { describe, expect, it } from "vitest";
import { presetFiles } from "../preset-files.js";

describe("reproduce --threads 2, the other presets threads support", () => {
  it.each(["santos2002-fig2a", "turner-vl", "santos2002-fig3b"])(
    "%s: the files of one thread",
    { timeout: 1_800_000 },
    async (name) => {
      const single = await presetFiles(name);
      expect(JSON.parse(single["result.json"]!).fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(await presetFiles(name, "--threads", "2")).toEqual(single);
    },
  );
});
