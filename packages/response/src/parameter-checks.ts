/** Checks of controller parameters shared by the controllers (internal). */
import type { FlowInfo } from "./controller.js";

/** Bits per second to bytes per second, for defaults given in Mb/s. */
export const MEGABIT = 1e6 / 8;

/** An integer parameter >= `min`, or `fallback` when absent; the error names owner and parameter. */
export function integerParameter(
  owner: string,
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
): number {
  const result = value ?? fallback;
  if (!(Number.isInteger(result) && result >= min)) {
    throw new RangeError(`${owner}: ${name} must be an integer >= ${min}, got ${String(value)}`);
  }
  return result;
}

/** A boolean parameter, or `fallback` when absent. */
export function booleanParameter(owner: string, name: string, value: boolean | undefined, fallback: boolean): boolean {
  const result = value ?? fallback;
  if (typeof result !== "boolean") {
    throw new TypeError(`${owner}: ${name} must be true or false, got ${JSON.stringify(value)}`);
  }
  return result;
}

/** A time or size parameter: a finite number > 0 (or >= 0 with `allowZero`), or `fallback`. */
export function positiveParameter(
  owner: string,
  name: string,
  value: number | undefined,
  fallback: number,
  allowZero = false,
): number {
  const result = value ?? fallback;
  const ok = typeof result === "number" && Number.isFinite(result) && (allowZero ? result >= 0 : result > 0);
  if (!ok) {
    throw new RangeError(
      `${owner}: ${name} must be a finite number ${allowZero ? ">= 0" : "> 0"}, got ${String(value)}`,
    );
  }
  return result;
}

/** A parameter that takes one of a few strings, or `fallback`; the error lists them. */
export function choiceParameter<Choice extends string>(
  owner: string,
  name: string,
  value: Choice | undefined,
  fallback: Choice,
  choices: readonly Choice[],
): Choice {
  const result = value ?? fallback;
  if (!choices.includes(result)) {
    throw new RangeError(
      `${owner}: ${name} must be one of ${choices.map((choice) => JSON.stringify(choice)).join(", ")}, got ${JSON.stringify(value)}`,
    );
  }
  return result;
}

/** Checks that the flow can carry the floor `minRate`. */
export function checkMinRate(owner: string, minRate: number, flow: FlowInfo): void {
  if (minRate > flow.lineRate) {
    throw new RangeError(`${owner}: minRate (${minRate} B/s) must be <= flow.lineRate (${flow.lineRate} B/s)`);
  }
}
