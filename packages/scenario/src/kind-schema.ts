import type { AnyKindDefinition, Parameter, Parameters, Registry } from "@losslab/kinds";
import { z } from "zod";
import { ScenarioError } from "./scenario-error.js";

/** The registry of a family, for the specs of it nested in another's (`spec` parameters). */
export type FamilyRegistry = (family: string) => Registry<AnyKindDefinition> | undefined;

/**
 * The validator of one family's specs, derived from its registry: a union on `kind` of one
 * strict object per definition, each parameter with its range, default and description. So
 * `losslab validate`, the JSON Schema and the registry never disagree, and a plugin's kinds
 * are checked exactly like the built-in ones. `common`: scenario fields every kind of the
 * family has besides its parameters (a topology's `bandwidth` and `delayNs`), after them; a
 * kind with a parameter of the same name is refused. A nested spec (a `spec` parameter) is
 * checked with its family's schema when `families` knows the family, else as an object with
 * a `kind`.
 */
export function kindSchema(
  registry: Registry<AnyKindDefinition>,
  common: Readonly<Record<string, z.ZodType>> = {},
  families: FamilyRegistry = () => undefined,
) {
  const branches = registry.definitions.map((definition) => {
    const taken = Object.keys(common).find((name) => Object.hasOwn(definition.parameters, name));
    if (taken !== undefined) {
      throw new ScenarioError(
        `${registry.family} kind "${definition.kind}" has a parameter "${taken}", a field every ${registry.family} kind has: rename it`,
      );
    }
    return z
      .strictObject({
        kind: z.literal(definition.kind),
        ...parameterFields(definition.parameters, families),
        ...common,
      })
      .describe(definition.description);
  });
  const [first, ...rest] = branches;
  if (first === undefined) throw new Error(`no ${registry.family} kinds`);
  return z.discriminatedUnion("kind", [first, ...rest]);
}

/**
 * Parameters as the fields of a zod object, each with its range, default and description: a
 * kind's own, or those every kind of a family has (`common` of `kindSchema`, e.g. a switch's).
 */
export function parameterFields(
  parameters: Parameters,
  families: FamilyRegistry = () => undefined,
): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(parameters).map(([name, parameter]) => [name, withPresence(parameter, families)]),
  );
}

/** A parameter as a field: its default filled in, or optional, or required. */
function withPresence(parameter: Parameter, families: FamilyRegistry): z.ZodType {
  const value = valueSchema(parameter, families).describe(parameter.description);
  if ("default" in parameter && parameter.default !== undefined) return value.default(parameter.default as never);
  return parameter.optional ? value.optional() : value;
}

function valueSchema(parameter: Parameter, families: FamilyRegistry): z.ZodType {
  switch (parameter.type) {
    case "integer": {
      const integer = z.number().int().min(parameter.min);
      return parameter.max === undefined ? integer : integer.max(parameter.max);
    }
    case "number": {
      let number = z.number();
      if (parameter.min !== undefined)
        number = parameter.minExclusive ? number.gt(parameter.min) : number.min(parameter.min);
      if (parameter.max !== undefined)
        number = parameter.maxExclusive ? number.lt(parameter.max) : number.max(parameter.max);
      return number;
    }
    case "boolean":
      return z.boolean();
    case "choice":
      return z.enum(parameter.values as [string, ...string[]]);
    case "text": {
      const text = parameter.minLength === undefined ? z.string() : z.string().min(parameter.minLength);
      return parameter.maxLength === undefined ? text : text.max(parameter.maxLength);
    }
    case "list": {
      let list = z.array(valueSchema(parameter.items, families));
      if (parameter.minItems !== undefined) list = list.min(parameter.minItems);
      if (parameter.maxItems !== undefined) list = list.max(parameter.maxItems);
      return list;
    }
    case "spec": {
      const nested = families(parameter.family);
      return nested === undefined ? z.looseObject({ kind: z.string() }) : kindSchema(nested, {}, families);
    }
    case "json":
      return parameter.shape === "list"
        ? z.array(z.unknown())
        : parameter.shape === "object"
          ? z.looseObject({})
          : z.unknown();
  }
}
