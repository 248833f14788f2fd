/**
 * The registry of presets: every preset in the order `losslab list` shows them, the old names
 * they still answer to, and the lookup by name.
 */
import { closestName } from "@losslab/scenario";
import type { Preset } from "../preset.js";
import { allToAllEcmp } from "./all-to-all-ecmp.js";
import { allreduceIncast } from "./allreduce-incast.js";
import { chrysosFig2a, chrysosFig2b, chrysosFig3b, chrysosFig3c, chrysosFig3d } from "./chrysos-figures.js";
import { dcFanIn } from "./dc-fan-in.js";
import { dcqcnVictim } from "./dcqcn-victim.js";
import { dragonflyShift, dragonflyUniform } from "./dragonfly-load.js";
import {
  ferrerFig4,
  ferrerFig5,
  ferrerFig6,
  ferrerFig10,
  ferrerFig10Large,
  ferrerFig11,
  ferrerFig11Large,
  ferrerFig16,
} from "./ferrer-figures.js";
import { ferrerNocmm } from "./ferrer-nocmm.js";
import { hpccWebsearch, hpccWebsearchLarge } from "./hpcc-websearch.js";
import { ringAllreduceBound } from "./ring-allreduce-bound.js";
import { santosFig2a } from "./santos-fig2a.js";
import { santosFig4a, santosFig4b, santosFig4c, santosFig4d } from "./santos-fig4.js";
import { santosFig5 } from "./santos-fig5.js";
import { santosFig6 } from "./santos-fig6.js";
import { santosFig7 } from "./santos-fig7.js";
import { santosFig8a, santosFig8b } from "./santos-fig8.js";
import { santosFig2b, santosFig3a, santosFig3b } from "./santos-window-one.js";
import { turnerApsn } from "./turner-apsn.js";
import { turnerNoncompliant } from "./turner-noncompliant.js";
import { turnerRoot } from "./turner-root.js";
import { turnerSpreading } from "./turner-spreading.js";
import { turnerVl } from "./turner-vl.js";
import { uecCbfc } from "./uec-cbfc.js";
import { uecFanIn } from "./uec-fan-in.js";
import { uecIncast } from "./uec-incast.js";
import { uecPermutation } from "./uec-permutation.js";
import {
  uecValidateBoth,
  uecValidateBothLarge,
  uecValidateRcv,
  uecValidateRcvLarge,
  uecValidateSender,
  uecValidateSenderLarge,
} from "./uec-validate.js";
import { uecVictim } from "./uec-victim.js";

/** Every reproduction preset, by name, in the order `losslab list` shows them. */
export const presets: readonly Preset[] = [
  santosFig2a,
  santosFig2b,
  santosFig3a,
  santosFig3b,
  santosFig4a,
  santosFig4b,
  santosFig4c,
  santosFig4d,
  santosFig5,
  santosFig6,
  santosFig7,
  santosFig8a,
  santosFig8b,
  ferrerNocmm,
  ferrerFig4,
  ferrerFig5,
  ferrerFig6,
  ferrerFig10,
  ferrerFig11,
  ferrerFig16,
  ferrerFig10Large,
  ferrerFig11Large,
  chrysosFig2a,
  chrysosFig2b,
  chrysosFig3b,
  chrysosFig3c,
  chrysosFig3d,
  turnerSpreading,
  turnerRoot,
  turnerApsn,
  turnerNoncompliant,
  turnerVl,
  dcqcnVictim,
  dcFanIn,
  uecFanIn,
  uecCbfc,
  uecIncast,
  uecVictim,
  uecPermutation,
  uecValidateSender,
  uecValidateRcv,
  uecValidateBoth,
  uecValidateSenderLarge,
  uecValidateRcvLarge,
  uecValidateBothLarge,
  hpccWebsearch,
  hpccWebsearchLarge,
  ringAllreduceBound,
  allToAllEcmp,
  allreduceIncast,
  dragonflyUniform,
  dragonflyShift,
];

/**
 * Names presets had before they were named after the figure and paper they reproduce
 * (issue 22): `reproduce` still takes them, with a note. The santos presets mixed the
 * numbering of santos-2002 and santos-2003; they are now `santos2002-` and the 2002 paper's
 * figure, so no old name is reused for another figure (old santos-fig3b is Fig. 2(b), new
 * santos2002-fig3b is Fig. 3(b), the old santos-fig3d). Never listed, never a preset's name.
 */
export const presetAliases: Readonly<Record<string, string>> = Object.freeze({
  "santos-fig2a": "santos2002-fig2a",
  "santos-fig3b": "santos2002-fig2b",
  "santos-fig3c": "santos2002-fig3a",
  "santos-fig3d": "santos2002-fig3b",
  "santos-fig4a": "santos2002-fig4a",
  "santos-fig4b": "santos2002-fig4b",
  "santos-fig4c": "santos2002-fig4c",
  "santos-fig4d": "santos2002-fig4d",
  "santos-fig5": "santos2002-fig5",
  "santos-fig6": "santos2002-fig6",
  "santos-fig7": "santos2002-fig7",
  "santos-fig8a": "santos2002-fig8a",
  "santos-fig8b": "santos2002-fig8b",
});

/** A name that is no preset's nor an old name of one; its message, one line, suggests the closest and lists the presets. */
export class UnknownPresetError extends Error {
  override name = "UnknownPresetError";
}

/** A preset name, or an old name of one (`presetAliases`): the preset and, for an old name, a one-line note. */
export function resolvePreset(name: string): { preset: Preset; note?: string } {
  const preset = presets.find((p) => p.name === name);
  if (preset !== undefined) return { preset };
  const renamed = Object.hasOwn(presetAliases, name) ? presetAliases[name] : undefined;
  const target = presets.find((p) => p.name === renamed);
  if (target !== undefined) {
    return { preset: target, note: `preset "${name}" is now called "${target.name}" (the old name still works)` };
  }
  const names = presets.map((p) => p.name);
  // A typo of an old name suggests the new name it stands for.
  const close = closestName(name, names) ?? presetAliases[closestName(name, Object.keys(presetAliases)) ?? ""];
  const hint = close === undefined ? "" : ` (did you mean "${close}"?)`;
  throw new UnknownPresetError(
    `unknown preset "${name}"${hint}; known presets: ${names.join(", ")} (see \`losslab list\`)`,
  );
}

/** The preset named `name` (or by an old name of it, without the note). */
export const findPreset = (name: string): Preset => resolvePreset(name).preset;
