/**
 * Preset names match the paper and figure they reproduce (issue 22), and the old names are
 * aliases: `resolvePreset(OLD)` gives the renamed preset with a one-line note (the CLI's
 * side, `reproduce OLD`, is tested in apps/lab's preset-names test).
 */
import { describe, expect, it } from "vitest";
import { presetAliases, presets, resolvePreset, UnknownPresetError } from "../src/presets/index.js";

describe("preset names", () => {
  it("name the figure their description names, and the paper", () => {
    for (const { name, description } of presets) {
      const figure = /\bFig\. (\d+)(?:\(([a-d])\))?/.exec(description);
      const named = /^([a-z]+)(\d{4})?-fig(\d+)([a-d])?(-large)?$/.exec(name);
      if (figure === null) {
        // No figure: a section or the baseline curves, named by what it shows.
        expect(named, name).toBeNull();
        continue;
      }
      expect(named, `${name} should name ${figure[0]}`).not.toBeNull();
      expect(`${named![3]}${named![4] ?? ""}`, name).toBe(`${figure[1]}${figure[2] ?? ""}`);
      // The paper: santos2002 (two santos papers number figures differently), ferrer, chrysos.
      const paper = /\b(santos-2002|santos-2003|ferrer-2012|chrysos)\b/.exec(description)?.[1];
      const prefix = {
        "santos-2002": "santos2002",
        "santos-2003": "santos2003",
        "ferrer-2012": "ferrer",
        chrysos: "chrysos",
      };
      expect(`${named![1]}${named![2] ?? ""}`, name).toBe(prefix[paper as keyof typeof prefix]);
    }
  });

  it("old names are aliases of presets, one each, and never a preset's name", () => {
    const names = new Set(presets.map((preset) => preset.name));
    for (const [old, now] of Object.entries(presetAliases)) {
      expect(names.has(old), old).toBe(false);
      expect(names.has(now), now).toBe(true);
    }
    expect(new Set(Object.values(presetAliases)).size).toBe(Object.keys(presetAliases).length);
    // The renamings that changed the figure number.
    expect(presetAliases["santos-fig3b"]).toBe("santos2002-fig2b");
    expect(presetAliases["santos-fig3c"]).toBe("santos2002-fig3a");
    expect(presetAliases["santos-fig3d"]).toBe("santos2002-fig3b");
    expect(resolvePreset("santos-fig3d").preset.description).toMatch(/^santos-2002 Fig\. 3\(b\)/);
    expect(resolvePreset("santos2002-fig3b").note).toBeUndefined();
  });

  it("an unknown name is an UnknownPresetError suggesting the closest preset, of an old name's too", () => {
    expect(() => resolvePreset("santos2002-fig4x")).toThrow(UnknownPresetError);
    expect(() => resolvePreset("santos2002-fig4x")).toThrow(
      /^unknown preset "santos2002-fig4x" \(did you mean "santos2002-fig4a"\?\); known presets: /,
    );
    expect(() => resolvePreset("santos-fig8")).toThrow(
      'unknown preset "santos-fig8" (did you mean "santos2002-fig8a"?)',
    );
  });
});
