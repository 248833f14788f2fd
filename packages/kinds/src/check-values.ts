import { allowedValues } from "./allowed-values.js";
import { formatValue } from "./format-value.js";
import { KindError } from "./kind-error.js";
import type { Parameter, Parameters, ValuesOf } from "./parameter.js";

/**
 * Checks the parameters of a spec (everything but `kind`) against their descriptions and
 * fills in the defaults. Throws a `KindError` naming `path.field` and what it allows, for
 * an unknown field, a missing required one or a value out of its range.
 */
export function checkValues<Ps extends Parameters>(
  path: string,
  kind: string,
  parameters: Ps,
  spec: object | undefined,
): ValuesOf<Ps> {
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    if (spec !== undefined) throw new KindError(path, `${path} must be an object, got ${formatValue(spec)}`);
    return checkValues(path, kind, parameters, {});
  }
  const given = spec as Readonly<Record<string, unknown>>;
  const names = Object.keys(parameters);
  for (const field of Object.keys(given)) {
    if (field !== "kind" && !Object.hasOwn(parameters, field)) {
      throw new KindError(
        `${path}.${field}`,
        `${path}.${field}: unknown field for kind ${formatValue(kind)}; allowed: ${["kind", ...names].join(", ")}`,
      );
    }
  }
  const values: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const value = given[name];
    const field = `${path}.${name}`;
    if (value === undefined) {
      const fallback = "default" in parameter ? parameter.default : undefined;
      if (fallback !== undefined) values[name] = structuredClone(fallback);
      else if (!parameter.optional) {
        throw new KindError(field, `${field} is missing: give ${allowedValues(parameter)} (${parameter.description})`);
      }
      continue;
    }
    values[name] = checkValue(field, parameter, value);
  }
  return values as ValuesOf<Ps>;
}

/** One value against its description; lists item by item (`field[i]`). */
export function checkValue(field: string, parameter: Parameter, value: unknown): unknown {
  if (fits(parameter, value)) {
    if (parameter.type !== "list") return value;
    return (value as unknown[]).map((item, i) => checkValue(`${field}[${i}]`, parameter.items, item));
  }
  throw new KindError(field, `${field} must be ${allowedValues(parameter)}, got ${formatValue(value)}`);
}

function fits(parameter: Parameter, value: unknown): boolean {
  switch (parameter.type) {
    case "integer":
      return (
        Number.isInteger(value) &&
        (value as number) >= parameter.min &&
        (parameter.max === undefined || (value as number) <= parameter.max)
      );
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return false;
      const { min, max } = parameter;
      const aboveMin = min === undefined || (parameter.minExclusive ? value > min : value >= min);
      const belowMax = max === undefined || (parameter.maxExclusive ? value < max : value <= max);
      return aboveMin && belowMax;
    }
    case "boolean":
      return typeof value === "boolean";
    case "choice":
      return typeof value === "string" && parameter.values.includes(value);
    case "text":
      return (
        typeof value === "string" &&
        value.length >= (parameter.minLength ?? 0) &&
        (parameter.maxLength === undefined || value.length <= parameter.maxLength)
      );
    case "list":
      return (
        Array.isArray(value) &&
        value.length >= (parameter.minItems ?? 0) &&
        (parameter.maxItems === undefined || value.length <= parameter.maxItems)
      );
    case "spec":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "json":
      return parameter.shape === "list"
        ? Array.isArray(value)
        : parameter.shape === "object"
          ? typeof value === "object" && value !== null && !Array.isArray(value)
          : true;
  }
}
