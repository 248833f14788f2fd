import { type CheckedSpecOf, Registry, type SpecOf, type ValuesOf } from "@losslab/kinds";
import { cioqDefinition } from "./cioq-switch.js";
import { inputBufferedDefinition } from "./input-buffered-switch.js";
import { fifoDefinition, voqDefinition } from "./input-queued-switch.js";
import { sharedBufferDefinition } from "./shared-buffer-switch.js";
import type { SwitchOptions } from "./switch-model.js";
import type { SwitchOrganisationDefinition } from "./switch-organisation.js";

/**
 * The built-in organisations. Adding one: write its model with its definition
 * (`defineSwitchOrganisation`), then add it here. The first is a scenario's default.
 */
const builtIn = [
  inputBufferedDefinition,
  fifoDefinition,
  voqDefinition,
  cioqDefinition,
  sharedBufferDefinition,
] as const;

/**
 * The built-in switch organisations (DESIGN.md "Modelling rules"), the only list of them:
 * scenario files name them as `switch.kind`; `createSwitch` builds through it; a plugin's
 * join it with `switchOrganisations.with([...])`.
 */
export const switchOrganisations: Registry<SwitchOrganisationDefinition> = new Registry<SwitchOrganisationDefinition>(
  "switch",
  builtIn,
);

/** A built-in organisation's spec, e.g. `{ kind: "cioq", speedup: 2, inputQueues: "voq" }`. */
export type SwitchOrganisationSpec = SpecOf<(typeof builtIn)[number]>;

/** A built-in organisation's name. */
export type SwitchOrganisation = SwitchOrganisationSpec["kind"];

/** The built-in organisations' names, in registry order (derived from `switchOrganisations`). */
export const SWITCH_ORGANISATIONS = switchOrganisations.kinds as readonly SwitchOrganisation[];

/** A built-in organisation's spec after checking: every default filled in. */
export type SwitchOrganisationValues = CheckedSpecOf<(typeof builtIn)[number]>;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** Each organisation's options: its parameters' values (distributed over the union of definitions). */
type OwnOptions<D> = D extends { readonly parameters: infer Ps } ? ValuesOf<Ps> : never;

/**
 * What `createSwitch` takes: the options every model takes (`SwitchOptions`) and, each
 * optional, the parameters of the built-in organisations (those of another organisation than
 * the one built are refused).
 */
export type SwitchModelOptions = SwitchOptions & Partial<Intersection<OwnOptions<(typeof builtIn)[number]>>>;
