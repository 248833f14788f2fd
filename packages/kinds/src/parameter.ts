/**
 * The parameters of a kind, as plain data: what a scenario file may write besides `kind`,
 * each with its range, its default and one line of docs. Checking, the JSON Schema, the
 * scenario validator and the docs tables are all derived from these descriptions.
 *
 * A parameter with a `default` may be left out and then takes it; one marked `optional` may
 * be left out and stays absent (the kind decides, often from its context); any other is
 * required.
 */
export type Parameter =
  | IntegerParameter
  | NumberParameter
  | BooleanParameter
  | ChoiceParameter
  | TextParameter
  | ListParameter
  | JsonParameter
  | SpecParameter;

interface ParameterCommon {
  /** One line for `losslab validate`, the JSON Schema and the docs tables; state the unit. */
  readonly description: string;
  /** May be left out without a default: the kind then decides. */
  readonly optional?: boolean;
  /**
   * The model option this parameter sets, when the model names it otherwise (a scenario's
   * `forwardingDelayNs` is a switch's `forwardingDelay`, in ps): a model's `OptionError` about
   * that option then names this parameter. Default: the parameter's own name.
   */
  readonly option?: string;
}

/** A whole number in [min, max]. */
export interface IntegerParameter extends ParameterCommon {
  readonly type: "integer";
  readonly min: number;
  readonly max?: number;
  readonly default?: number;
}

/** A real number; bounds inclusive unless marked exclusive. */
export interface NumberParameter extends ParameterCommon {
  readonly type: "number";
  readonly min?: number;
  readonly max?: number;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
  readonly default?: number;
}

export interface BooleanParameter extends ParameterCommon {
  readonly type: "boolean";
  readonly default?: boolean;
}

/** One of a few names. */
export interface ChoiceParameter extends ParameterCommon {
  readonly type: "choice";
  readonly values: readonly string[];
  readonly default?: string;
}

export interface TextParameter extends ParameterCommon {
  readonly type: "text";
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly default?: string;
}

/** A list of values of one parameter type. */
export interface ListParameter extends ParameterCommon {
  readonly type: "list";
  readonly items: Parameter;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly default?: readonly unknown[];
}

/** Any JSON value, checked by the kind's factory (a topology's nodes, a routing rule). */
export interface JsonParameter extends ParameterCommon {
  readonly type: "json";
  /** What the value looks like, for the docs. */
  readonly shape?: "object" | "list";
}

/**
 * A spec of another family, nested in this one (a traffic generator's destination pattern):
 * an object with a `kind`. The parameter checks its shape; the factory builds it through that
 * family's registry (so a plugin's kinds of that family are accepted), and @losslab/scenario
 * validates it with the family's schema.
 */
export interface SpecParameter extends ParameterCommon {
  readonly type: "spec";
  /** The family of the nested spec (`"destination"`): the key of its registry. */
  readonly family: string;
  readonly default?: SpecValue;
}

/** A nested spec's value: its `kind` and fields its family's registry checks. */
export interface SpecValue {
  readonly kind: string;
  readonly [field: string]: unknown;
}

/** A kind's parameters by name. */
export type Parameters = Readonly<Record<string, Parameter>>;

/** The value type a parameter describes. */
export type ValueOf<P> = P extends { readonly type: "integer" | "number" }
  ? number
  : P extends { readonly type: "boolean" }
    ? boolean
    : P extends { readonly type: "choice"; readonly values: readonly (infer V)[] }
      ? V
      : P extends { readonly type: "text" }
        ? string
        : P extends { readonly type: "spec" }
          ? SpecValue
          : P extends { readonly type: "list"; readonly items: infer I }
            ? ValueOf<I>[]
            : unknown;

type Defaulted<Ps> = { [K in keyof Ps]: Ps[K] extends { readonly default: unknown } ? K : never }[keyof Ps];
type Optional<Ps> = {
  [K in keyof Ps]: Ps[K] extends { readonly default: unknown }
    ? never
    : Ps[K] extends { readonly optional: true }
      ? K
      : never;
}[keyof Ps];
type Required<Ps> = Exclude<keyof Ps, Defaulted<Ps> | Optional<Ps>>;
type Flatten<T> = { [K in keyof T]: T[K] };

/** What a spec of these parameters may be written as: defaults and optional ones may be left out. */
export type InputOf<Ps> = Flatten<
  { [K in Required<Ps>]: ValueOf<Ps[K]> } & { [K in Defaulted<Ps> | Optional<Ps>]?: ValueOf<Ps[K]> }
>;

/** The checked values a factory receives: every default filled in, optional ones maybe absent. */
export type ValuesOf<Ps> = Flatten<
  { [K in Required<Ps> | Defaulted<Ps>]: ValueOf<Ps[K]> } & { [K in Optional<Ps>]?: ValueOf<Ps[K]> }
>;
