import type { Parameters } from "@losslab/kinds";
import { switchParameters } from "@losslab/switch";
import type { FamilyRegistry } from "./kind-schema.js";
import type { SwitchSpec } from "./scenario-fields.js";
import { familyOf, type ScenarioKinds } from "./scenario-kinds.js";

/** A table of model options, each with the scenario field it comes from and its value. */
export type OptionTable<O> = { [K in keyof O]: readonly [field: string, value: O[K]] };

/**
 * Which scenario field each model option comes from, recorded as the options are built from
 * a scenario: how a model's `OptionError` about `flowControl.xoffBytes` or `controlVl` is
 * reported at `switch.flowControl.xoffBytes` or `adapter.controlVl`, from the error's data
 * and the definitions, never from its message.
 */
export class OptionFields {
  readonly #fields = new Map<string, string>();

  /** Option `option` comes from scenario field `field`. */
  set(option: string, field: string): this {
    this.#fields.set(option, field);
    return this;
  }

  /**
   * The options a kind's parameters set from its checked `values`: each parameter's option
   * (its `option`, else its name) comes from `path.name`; where two parameters set one option
   * (`bufferPackets`, `inputBufferBytes`), the first given, else the first. A spec parameter's kind (found in
   * `families`) adds its own under both prefixes: `flowControl.reactionDelay` comes from
   * `switch.flowControl.reactionDelayNs`.
   */
  parameters(
    path: string,
    parameters: Parameters,
    values: Readonly<Record<string, unknown>>,
    families: FamilyRegistry,
    prefix = "",
  ): this {
    const fromGiven = new Map<string, boolean>();
    for (const [name, parameter] of Object.entries(parameters)) {
      const option = `${prefix}${parameter.option ?? name}`;
      const field = `${path}.${name}`;
      // The registry's checks name the parameter itself.
      if (parameter.option !== undefined) this.set(`${prefix}${name}`, field);
      const given = values[name] !== undefined;
      if (fromGiven.get(option) === true || (fromGiven.has(option) && !given)) continue;
      fromGiven.set(option, given);
      this.set(option, field);
      const nested = values[name] as { readonly kind?: unknown } | undefined;
      if (parameter.type !== "spec" || typeof nested?.kind !== "string") continue;
      this.set(`${option}.kind`, `${field}.kind`);
      const definition = families(parameter.family)?.get(nested.kind);
      if (definition !== undefined) this.parameters(field, definition.parameters, nested, families, `${option}.`);
    }
    return this;
  }

  /**
   * The options a table gives (those whose value is undefined left out), each recorded with
   * its field, given or not (a model may miss one it needs).
   */
  options<O extends object>(table: OptionTable<O>): O {
    const options: Record<string, unknown> = {};
    for (const [option, [field, value]] of Object.entries(table) as [string, readonly [string, unknown]][]) {
      this.set(option, field);
      if (value !== undefined) options[option] = value;
    }
    return options as O;
  }

  /**
   * The field option `option` comes from: recorded for it, or for its longest recorded
   * prefix (`flowControl` for a field of a flow control the scenario does not name); else
   * undefined.
   */
  fieldOf(option: string): string | undefined {
    for (let path = option; ; path = path.slice(0, path.lastIndexOf("."))) {
      const field = this.#fields.get(path);
      if (field !== undefined || !path.includes(".")) return field;
    }
  }
}

/**
 * The fields a scenario's switch options come from, by the definitions: `kind`, the fields
 * every switch has (`switchParameters`, with their flow control's), and the organisation's
 * own parameters.
 */
export function switchOptionFields(sw: SwitchSpec, kinds: ScenarioKinds): OptionFields {
  const families: FamilyRegistry = (family) => familyOf(kinds, family);
  const values = sw as unknown as Readonly<Record<string, unknown>>;
  const fields = new OptionFields().set("kind", "switch.kind");
  fields.parameters("switch", switchParameters, values, families);
  const organisation = kinds.switch.get(sw.kind);
  return organisation === undefined ? fields : fields.parameters("switch", organisation.parameters, values, families);
}
