/**
 * `Preset.judge` (issue 42): a preset's claims judged from its summary alone, which is how
 * `reproduce --all` re-judges a kept result.json instead of trusting its PASS flags. For
 * every preset that has one, judging the summary (through JSON, as result.json holds it)
 * gives exactly the checks `run` returned, and a summary that lacks a number, or holds text
 * instead, gives no judgement.
 */
import { describe, expect, it } from "vitest";
import { presets } from "../src/index.js";

const judged = presets.filter((preset) => preset.judge !== undefined);

describe("Preset.judge", () => {
  it("is defined for the presets whose claims need nothing but their summary", () => {
    expect(judged.map((preset) => preset.name)).toEqual([
      "santos2002-fig2a",
      "santos2002-fig2b",
      "santos2002-fig3a",
      "santos2002-fig4a",
      "santos2002-fig6",
      "chrysos-fig2a",
      "chrysos-fig3b",
      "chrysos-fig3c",
      "turner-spreading",
      "turner-root",
      "turner-apsn",
      "turner-noncompliant",
      "turner-vl",
      "dcqcn-victim",
      "dc-fan-in",
      "uec-fan-in",
      "uec-cbfc",
      "uec-incast",
      "uec-victim",
      "uec-permutation",
      "uec-validate-sender",
      "uec-validate-rcv",
      "uec-validate-both",
      "uec-validate-sender-large",
      "uec-validate-rcv-large",
      "uec-validate-both-large",
      "ring-allreduce-bound",
      "all-to-all-ecmp",
      "allreduce-incast",
    ]);
  });

  // The long presets (minutes each) judge with the same function as their short kin.
  it.each(judged.filter((preset) => preset.long !== true).map((preset) => [preset.name, preset] as const))(
    "%s: judge(summary) from result.json gives run's checks; a damaged summary gives none",
    { timeout: 60_000 },
    async (_, preset) => {
      const result = await preset.run({ seed: 1, progress: () => {} });
      const kept = JSON.parse(JSON.stringify({ summary: result.summary, checks: result.checks }));
      expect(preset.judge!(kept.summary)).toEqual(kept.checks);
      // Each number the claims read, made text or removed: no judgement rather than a wrong one.
      const paths: string[][] = [];
      const walk = (value: unknown, path: string[]) => {
        if (typeof value === "number") paths.push(path);
        else if (value !== null && typeof value === "object") {
          for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
        }
      };
      walk(kept.summary, []);
      for (const path of paths) {
        const damaged = structuredClone(kept.summary);
        let node = damaged;
        for (const key of path.slice(0, -1)) node = node[key];
        node[path.at(-1)!] = "0.5";
        const judgement = preset.judge!(damaged);
        // A number the claims do not read may change freely; one they read gives no judgement.
        if (judgement !== undefined) expect(judgement).toEqual(kept.checks);
      }
      expect(preset.judge!({})).toBeUndefined();
    },
  );
});
