export { allowedValues } from "./allowed-values.js";
export { checkValue, checkValues } from "./check-values.js";
export { formatValue } from "./format-value.js";
export {
  type AnyKindDefinition,
  type CheckedSpecOf,
  definer,
  type KindDefinition,
  type SpecOf,
} from "./kind-definition.js";
export { KindError } from "./kind-error.js";
export { kindsTable, parametersTable } from "./kinds-table.js";
export * from "./limits.js";
export { OptionError, type OptionErrorDetails } from "./option-error.js";
export type {
  BooleanParameter,
  ChoiceParameter,
  InputOf,
  IntegerParameter,
  JsonParameter,
  ListParameter,
  NumberParameter,
  Parameter,
  Parameters,
  SpecParameter,
  SpecValue,
  TextParameter,
  ValueOf,
  ValuesOf,
} from "./parameter.js";
export { Registry } from "./registry.js";
export { type TokenLine, tokenLines, type Word, WordReader } from "./token-lines.js";
