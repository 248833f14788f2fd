import type { Engine } from "@losslab/engine";
import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { SwitchModel, SwitchOptions } from "./switch-model.js";

/** What a switch organisation is built with besides its own parameters: the engine and the options every switch has. */
export interface SwitchContext {
  readonly engine: Engine;
  readonly options: SwitchOptions;
}

/** What a simulation must know of an organisation before it builds one (sizes, memory). */
export interface SwitchTraits {
  /** Virtual lanes per port its parameters give (default 1). */
  readonly lanes?: (values: Readonly<Record<string, unknown>>) => number;
  /** Whether it keeps a queue per (input, output) pair (VOQs): what memory estimates count. */
  readonly pairQueues?: (values: Readonly<Record<string, unknown>>) => boolean;
}

/** A switch organisation as scenario files know it (`switch.kind`), in @losslab/kinds' vocabulary. */
export type SwitchOrganisationDefinition<
  Kind extends string = string,
  Ps extends Parameters = Parameters,
> = KindDefinition<Kind, Ps, SwitchContext, SwitchModel> & SwitchTraits;

/**
 * Defines a switch organisation, built in or in a plugin: its name, description, its own
 * parameters (those every switch has are `SwitchOptions`, given in the context) and a factory
 * of the model (usually a class on `SwitchBase`).
 */
export const defineSwitchOrganisation = definer<SwitchContext, SwitchModel, SwitchTraits>("switch");
