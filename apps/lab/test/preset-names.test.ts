/**
 * Preset names match the paper and figure they reproduce (issue 22), and the old names
 * still work: `reproduce OLD` runs the renamed preset with a one-line note.
 */
import { describe, expect, it } from "vitest";
import { presetAliases, presets, resolvePreset } from "../src/presets/index.js";
import { losslabInProcess as losslabHere } from "./in-process.js";

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

  it("reproduce OLD runs the renamed preset with a one-line note; list shows only the new names", async () => {
    const old = await losslabHere("reproduce", "santos-fig6", "--json");
    expect(old.code).toBe(0);
    expect(old.stderr).toBe(
      'losslab: note: preset "santos-fig6" is now called "santos2002-fig6" (the old name still works)\n',
    );
    expect(JSON.parse(old.stdout).preset).toBe("santos2002-fig6");
    const now = await losslabHere("reproduce", "santos2002-fig6", "--json");
    expect(now.stderr).toBe("");
    expect(now.stdout).toBe(old.stdout);
    const list = await losslabHere("list");
    expect(list.stdout).toContain("santos2002-fig6 ");
    expect(list.stdout).not.toMatch(/santos-fig/);
  });

  it("a typo gets the closest name, of a preset or of an old name's preset, in one line", async () => {
    const typo = await losslabHere("reproduce", "santos2002-fig4x");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^losslab: unknown preset "santos2002-fig4x" \(did you mean "santos2002-fig4a"\?\); known/,
    );
    expect(typo.stderr.trim().split("\n")).toHaveLength(1);
    const oldTypo = await losslabHere("reproduce", "santos-fig8");
    expect(oldTypo.stderr).toContain('unknown preset "santos-fig8" (did you mean "santos2002-fig8a"?)');
    const only = await losslabHere("reproduce", "--all", "--only", "santos2002-fig6,nope");
    expect(only.code).toBe(2);
    expect(only.stderr).toMatch(/^losslab: --only: unknown preset "nope"; known presets: /);
  });
});
