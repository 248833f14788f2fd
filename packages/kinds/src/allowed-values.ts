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
    case "text":
      return parameter.maxLength === undefined ? "a string" : `a string of at most ${parameter.maxLength} characters`;
    case "list": {
      const { minItems, maxItems } = parameter;
      const count =
        maxItems === undefined
          ? minItems === undefined
            ? ""
            : `at least ${minItems} `
          : minItems === undefined
            ? `at most ${maxItems} `
            : `${minItems} to ${maxItems} `;
      return `a list of ${count}items, each ${allowedValues(parameter.items)}`;
    }
    case "json":
      return parameter.shape === "list" ? "a list" : parameter.shape === "object" ? "an object" : "any JSON value";
  }
}
