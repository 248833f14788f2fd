import { formatValue } from "./format-value.js";
import type { Parameter } from "./parameter.js";

/** What a parameter allows, in words: "an integer from 0 to 15", "one of "bytes", "packets"". */
export function allowedValues(parameter: Parameter): string {
  switch (parameter.type) {
    case "integer": {
      const { min, max } = parameter;
      if (max !== undefined) return `an integer from ${min} to ${max}`;
      return min === 1 ? "a positive integer" : min === 0 ? "a non-negative integer" : `an integer >= ${min}`;
    }
    case "number": {
      const low = parameter.min === undefined ? undefined : `${parameter.minExclusive ? ">" : ">="} ${parameter.min}`;
      const high = parameter.max === undefined ? undefined : `${parameter.maxExclusive ? "<" : "<="} ${parameter.max}`;
      const bounds = [low, high].filter((bound) => bound !== undefined).join(" and ");
      return bounds === "" ? "a finite number" : `a number ${bounds}`;
    }
    case "boolean":
      return "true or false";
    case "choice":
      return `one of ${parameter.values.map((value) => formatValue(value)).join(", ")}`;
    case "text": {
      const { minLength = 0, maxLength } = parameter;
      const kind = minLength > 0 ? "a non-empty string" : "a string";
      if (maxLength === undefined) return minLength > 1 ? `a string of at least ${minLength} characters` : kind;
      return minLength > 1
        ? `a string of ${minLength} to ${maxLength} characters`
        : `${kind} of at most ${maxLength} characters`;
    }
    case "list": {
      const { minItems, maxItems } = parameter;
      const count =
        maxItems === undefined
          ? minItems === undefined
            ? ""
            : `at least ${minItems} `
          : minItems === undefined
            ? `at most ${maxItems} `
            : minItems === maxItems
              ? `${minItems} `
              : `${minItems} to ${maxItems} `;
      return `a list of ${count}items, each ${allowedValues(parameter.items)}`;
    }
    case "spec":
      return `a ${parameter.family} spec, an object with a "kind"`;
    case "json":
      return parameter.shape === "list" ? "a list" : parameter.shape === "object" ? "an object" : "any JSON value";
  }
}
