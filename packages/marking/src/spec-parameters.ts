import { formatValue } from "@losslab/core";
import { MarkingSpecError } from "./marking-spec-error.js";

/**
 * Checks an integer parameter of a marking spec; `undefined` takes `fallback` (pass
 * `undefined` for a required parameter). Throws a `MarkingSpecError` naming
 * `marking.<name>` and the allowed values.
 */
export function integerParameter(
  name: string,
  value: unknown,
  fallback: number | undefined,
  min: number,
  max = Number.POSITIVE_INFINITY,
): number {
  const checked = value === undefined ? fallback : value;
  if (typeof checked === "number" && Number.isInteger(checked) && checked >= min && checked <= max) return checked;
  const allowed =
    max !== Number.POSITIVE_INFINITY
      ? `an integer from ${min} to ${max}`
      : min === 1
        ? "a positive integer"
        : min === 0
          ? "a non-negative integer"
          : `an integer >= ${min}`;
  throw new MarkingSpecError(`marking.${name}`, `marking.${name} must be ${allowed}, got ${formatValue(value)}`);
}

/**
 * Checks a buffer threshold given as a fraction of the buffer's capacity, in [0, 1) (a
 * buffer never holds more than its capacity, so 1 would never mark); `undefined` takes
 * `fallback`.
 */
export function fractionParameter(name: string, value: unknown, fallback: number): number {
  const checked = value === undefined ? fallback : value;
  if (typeof checked === "number" && checked >= 0 && checked < 1) return checked;
  throw new MarkingSpecError(
    `marking.${name}`,
    `marking.${name} must be a fraction of the buffer capacity, at least 0 and below 1, got ${formatValue(value)}`,
  );
}

/** Checks a parameter that takes one of a few strings; `undefined` takes `fallback`. */
export function choiceParameter<Choice extends string>(
  name: string,
  value: unknown,
  fallback: Choice,
  choices: readonly Choice[],
): Choice {
  const checked = value === undefined ? fallback : value;
  if (choices.includes(checked as Choice)) return checked as Choice;
  throw new MarkingSpecError(
    `marking.${name}`,
    `marking.${name} must be one of ${choices.map((choice) => formatValue(choice)).join(", ")}, got ${formatValue(value)}`,
  );
}

/**
 * Checks a real parameter in [min, below) (`below` defaults to no bound); `undefined` takes
 * `fallback`.
 */
export function numberParameter(
  name: string,
  value: unknown,
  fallback: number,
  min: number,
  below = Number.POSITIVE_INFINITY,
): number {
  const checked = value === undefined ? fallback : value;
  if (typeof checked === "number" && checked >= min && checked < below) return checked;
  const allowed =
    below === Number.POSITIVE_INFINITY ? `a finite number >= ${min}` : `a number >= ${min} and < ${below}`;
  throw new MarkingSpecError(`marking.${name}`, `marking.${name} must be ${allowed}, got ${formatValue(value)}`);
}

/** Checks a true/false parameter; `undefined` takes `fallback`. */
export function booleanParameter(name: string, value: unknown, fallback: boolean): boolean {
  const checked = value === undefined ? fallback : value;
  if (typeof checked === "boolean") return checked;
  throw new MarkingSpecError(`marking.${name}`, `marking.${name} must be true or false, got ${formatValue(value)}`);
}
