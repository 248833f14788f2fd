/** Response functions by name, so scenario files can refer to them ("lipd"). */
import { aimd } from "./aimd.js";
import { fimd } from "./fimd.js";
import { lipd } from "./lipd.js";
import type { RangeOptions } from "./range.js";
import type { RateRange, ResponseFunction } from "./response-function.js";

/** The names {@link responseFunction} knows. */
export const responseFunctionNames = ["aimd", "fimd", "lipd"] as const;

/** A built-in response function's name. */
export type ResponseName = (typeof responseFunctionNames)[number];

/** Options of {@link responseFunction}: the range, and `m` for AIMD and FIMD. */
export interface ResponseFunctionOptions extends RangeOptions {
  /** Decrease factor for "aimd" and "fimd" (default 2); "lipd" takes none. */
  readonly m?: number;
}

/** Builds a response function for a given rate range (e.g. a flow's link rate). */
export type ResponseBuilder = (range: RateRange) => ResponseFunction;

/**
 * How a controller is told its response function: a name, a ready function (fixed
 * range), or a builder called with the flow's range.
 */
export type ResponseSpec = ResponseName | ResponseFunction | ResponseBuilder;

/**
 * A built-in response function by name.
 *
 * When to use: when the name comes from data (a scenario file, a CLI flag).
 *
 * Gotchas: throws an Error naming the allowed values for an unknown name, and a RangeError
 * for `m` with "lipd".
 *
 * @example
 * ```ts
 * responseFunction("fimd", { Rmax: 1e9, m: 2 });
 * ```
 */
export function responseFunction(name: string, options: ResponseFunctionOptions): ResponseFunction {
  switch (name) {
    case "aimd":
      return aimd(options);
    case "fimd":
      return fimd(options);
    case "lipd":
      if (options.m !== undefined) throw new RangeError(`lipd takes no m (got m = ${options.m})`);
      return lipd(options);
    default:
      throw new Error(
        `unknown response function "${name}"; allowed: ${responseFunctionNames.map((n) => `"${n}"`).join(", ")}`,
      );
  }
}

/** True when `name` is one of {@link responseFunctionNames}. */
export function isResponseName(name: unknown): name is ResponseName {
  return typeof name === "string" && (responseFunctionNames as readonly string[]).includes(name);
}

/**
 * Resolves a {@link ResponseSpec} for a range; `m` only goes with a name (internal).
 */
export function resolveResponse(spec: ResponseSpec, options: ResponseFunctionOptions, owner: string): ResponseFunction {
  if (typeof spec === "string") return responseFunction(spec, options);
  const range: RateRange = { Rmin: options.Rmin ?? options.Rmax / 256, Rmax: options.Rmax };
  if (options.m !== undefined) {
    throw new Error(`${owner}: m goes with a response function name, not with a function`);
  }
  if (typeof spec === "function") return spec(range);
  if (typeof spec === "object" && spec !== null && typeof spec.increase === "function") return spec;
  throw new Error(
    `${owner}: response must be one of ${responseFunctionNames.map((n) => `"${n}"`).join(", ")}, a response function or a builder`,
  );
}
