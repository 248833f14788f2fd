import { closestName } from "../closest-name.js";
import type { Preset } from "../preset.js";
import { UserError } from "../user-error.js";
import { chrysosFig2a, chrysosFig2b, chrysosFig3b, chrysosFig3c, chrysosFig3d } from "./chrysos-figures.js";
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
import { santosFig2a } from "./santos-fig2a.js";
import { santosFig3b, santosFig3c, santosFig3d } from "./santos-fig3.js";
import { santosFig4a, santosFig4b, santosFig4c, santosFig4d } from "./santos-fig4.js";
import { santosFig5 } from "./santos-fig5.js";
import { santosFig6 } from "./santos-fig6.js";
import { santosFig7 } from "./santos-fig7.js";
import { santosFig8a, santosFig8b } from "./santos-fig8.js";
import { turnerApsn } from "./turner-apsn.js";
import { turnerNoncompliant } from "./turner-noncompliant.js";
import { turnerRoot } from "./turner-root.js";
import { turnerSpreading } from "./turner-spreading.js";
import { turnerVl } from "./turner-vl.js";

/** Every reproduction preset, by name, in the order `losslab list` shows them. */
export const presets: readonly Preset[] = [
  santosFig2a,
  santosFig3b,
  santosFig3c,
  santosFig3d,
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
];

export function findPreset(name: string): Preset {
  const preset = presets.find((p) => p.name === name);
  if (preset === undefined) {
    const names = presets.map((p) => p.name);
    const close = closestName(name, names);
    const hint = close === undefined ? "" : ` (did you mean "${close}"?)`;
    throw new UserError(`unknown preset "${name}"${hint}; known presets: ${names.join(", ")} (see \`losslab list\`)`);
  }
  return preset;
}
