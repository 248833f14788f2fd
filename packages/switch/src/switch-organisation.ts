import type { Engine } from "@losslab/engine";
import { definer, type KindDefinition, type Parameters } from "@losslab/kinds";
import type { ControlledBuffers, PauseSettings } from "./flow-control.js";
import type { Lanes } from "./lanes.js";
import type { SwitchModel, SwitchOptions } from "./switch-model.js";

/** What a switch organisation is built with besides its own parameters: the engine and the options every switch has. */
export interface SwitchContext {
  readonly engine: Engine;
  readonly options: SwitchOptions;
}

/** An organisation's checked values (its own parameters), as its traits read them. */
type Values = Readonly<Record<string, unknown>>;

/**
 * What a simulation must know of an organisation before it builds one, so that nothing
 * outside its definition guesses it from the fields a scenario has.
 */
export interface SwitchTraits {
  /**
   * Its virtual lanes and their scheduling, from its values (`vlLanes` with `vlParameters`);
   * without, one lane. The hosts get the same lanes; the checks count VLs.
   */
  readonly lanes?: (values: Values) => Lanes;
  /** Whether it keeps a queue per (input, output) pair (VOQs): what memory estimates count. */
  readonly pairQueues?: (values: Values) => boolean;
  /**
   * The parameter that sizes its output buffers, bytes per (output, VL) buffer, when it has
   * output buffers sized apart from the inputs (CIOQ's `outputBufferBytes`): the checks make
   * sure one holds a packet.
   */
  readonly outputBufferParameter?: string;
  /**
   * How fast a packet crosses it, in multiples of its output link's rate (a crossbar's
   * speedup; default 1): the ideal path times of flow completion slowdowns.
   */
  readonly forwardingRate?: (values: Values) => number;
  /**
   * Its own rules against the input buffers and their flow control's settings (the shared
   * buffer's: an XOFF the pool can reach, one alpha per VL): throws `OptionError` naming the
   * option. The model applies them when built, a scenario's checks before anything is built.
   */
  readonly checkBuffers?: (
    values: Values,
    inputs: ControlledBuffers & { readonly settings: PauseSettings | undefined },
  ) => void;
}

/** A switch organisation as scenario files know it (`switch.kind`), in @losslab/kinds' vocabulary. */
export type SwitchOrganisationDefinition<
  Kind extends string = string,
  Ps extends Parameters = Parameters,
> = KindDefinition<Kind, Ps, SwitchContext, SwitchModel> & SwitchTraits;

/**
 * Defines a switch organisation, built in or in a plugin, beside its model: its name,
 * description, its own parameters (those every switch has are `switchParameters`, given to
 * `create` as model options in the context), its traits and a factory of the model (usually
 * a class on `SwitchBase`).
 */
export const defineSwitchOrganisation = definer<SwitchContext, SwitchModel, SwitchTraits>("switch");
