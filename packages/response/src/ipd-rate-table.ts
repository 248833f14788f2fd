/** The IPD rate tables of turner-2001's controllers (internal). */
import { MAX_IPD as IPD_LIMIT, MAX_FACTOR } from "@losslab/kinds";
import { ipdRates } from "./ipd-rates.js";
import { type RateTable, rateTable } from "./rate-table.js";
import { type ResponseBuilder, type ResponseName, resolveResponse } from "./response-registry.js";

/** The rate parameters turner-2001's controllers share (sec. 5.1's IPD rates). */
export interface IpdRateParameters {
  /** The rate response function: "aimd" | "fimd" | "lipd" or a builder. */
  readonly response: ResponseName | ResponseBuilder;
  /** Decrease factor for "aimd" and "fimd" (default 2). */
  readonly m?: number;
  /** Largest IPD (default 255): Rmin = lineRate/(1 + maxIpd). */
  readonly maxIpd?: number;
  /** Static IPD from path discovery (default 0): the IPD never goes below it. */
  readonly staticIpd?: number;
}

/** The response functions a scenario may name. */
export const responseNames = ["lipd", "fimd", "aimd"] as const;

/** The scenario-facing fields of a response function's decrease factor (santos-2002, turner-2001). */
export const decreaseFactorParameter = {
  type: "number",
  min: 1,
  minExclusive: true,
  max: MAX_FACTOR,
  optional: true,
  description: "decrease factor of fimd and aimd (default 2); lipd takes none",
} as const;

/** The scenario-facing fields of `IpdRateParameters` (turner-2001 sec. 5.1-5.2), `hybrid`'s and `turner-rate`'s. */
export const ipdRateParameters = {
  response: { type: "choice", values: responseNames, description: "the rate response function" },
  m: decreaseFactorParameter,
  maxIpd: {
    type: "integer",
    min: 1,
    max: IPD_LIMIT,
    optional: true,
    description: "largest IPD (default 255): Rmin = link rate / (1 + maxIpd)",
  },
  staticIpd: {
    type: "integer",
    min: 0,
    max: IPD_LIMIT,
    optional: true,
    description: "SIPD, the static IPD of path discovery (default 0): CIPD never goes below it",
  },
} as const;

/**
 * The tables of one controller factory by line rate: a response function run on the IPD
 * rates lineRate/(1 + ipd), ipd = 0..maxIpd (turner-2001 sec. 5.1: "a rate limit of
 * R/(IPD + 1)"); level i of a table is ipd i. Flows on links of one speed share a table
 * (read only): building it costs far more than a flow.
 */
export function ipdRateTables(
  owner: string,
  response: ResponseName | ResponseBuilder,
  m: number | undefined,
  maxIpd: number,
): (lineRate: number) => RateTable {
  const tables = new Map<number, RateTable>();
  return (lineRate) => {
    let rates = tables.get(lineRate);
    if (rates === undefined) {
      const fn = resolveResponse(response, { Rmax: lineRate, Rmin: lineRate / (1 + maxIpd), m }, owner);
      rates = rateTable(fn, { levels: ipdRates(lineRate, maxIpd) });
      if (rates.levels.length !== maxIpd + 1) {
        throw new Error(`${owner}: the response function's range must be [lineRate/(1+maxIpd), lineRate]`);
      }
      tables.set(lineRate, rates);
    }
    return rates;
  };
}
