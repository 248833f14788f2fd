import type { Check } from "./preset.js";

/** Builds the checks of a preset's claims, so each preset states only the numbers of the spec. */
export const check = {
  /** value in [low, high]. */
  within(id: string, claim: string, value: number, low: number, high: number): Check {
    return {
      id,
      claim,
      value: round(value),
      expected: `in [${low}, ${high}]`,
      pass: value >= low && value <= high,
    };
  },
  atLeast(id: string, claim: string, value: number, bound: number, boundText = String(bound)): Check {
    return { id, claim, value: round(value), expected: `>= ${boundText}`, pass: value >= bound };
  },
  atMost(id: string, claim: string, value: number, bound: number, boundText = String(bound)): Check {
    return { id, claim, value: round(value), expected: `<= ${boundText}`, pass: value <= bound };
  },
  below(id: string, claim: string, value: number, bound: number, boundText = String(bound)): Check {
    return { id, claim, value: round(value), expected: `< ${boundText}`, pass: value < bound };
  },
  /** Several conditions on one value, all of which must hold (null: a value the run could not measure). */
  all(id: string, claim: string, value: number | null, parts: Array<{ text: string; pass: boolean }>): Check {
    return {
      id,
      claim,
      value: value === null ? null : round(value),
      expected: parts.map((p) => p.text).join(" and "),
      pass: parts.every((p) => p.pass),
    };
  },
};

/** Rounds for display in JSON: 6 significant digits keeps output stable and readable. */
export const round = (value: number): number => Number(value.toPrecision(6));
