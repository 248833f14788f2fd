/**
 * `reproduce` takes the presets' old names (issue 22): `reproduce OLD` runs the renamed preset
 * with a one-line note, and an unknown name is one line with the closest name. (The names
 * themselves and their aliases: the reproductions package's preset-names test.)
 */
import { describe, expect, it } from "vitest";
import { losslabInProcess as losslabHere } from "./in-process.js";

describe("preset names on the command line", () => {
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
