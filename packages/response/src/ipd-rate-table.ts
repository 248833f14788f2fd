/** The IPD rate table of turner-2001's controllers (internal). */
import { ipdRates } from "./ipd-rates.js";
import { type RateTable, rateTable } from "./rate-table.js";
import { type ResponseBuilder, type ResponseName, resolveResponse } from "./response-registry.js";

/**
 * A response function run on the IPD rates lineRate/(1 + ipd), ipd = 0..maxIpd (turner-2001
 * sec. 5.1: "a rate limit of R/(IPD + 1)"); level i of the table is ipd i.
 */
export function ipdRateTable(
  owner: string,
  response: ResponseName | ResponseBuilder,
  m: number | undefined,
  lineRate: number,
  maxIpd: number,
): RateTable {
  const fn = resolveResponse(response, { Rmax: lineRate, Rmin: lineRate / (1 + maxIpd), m }, owner);
  const rates = rateTable(fn, { levels: ipdRates(lineRate, maxIpd) });
  if (rates.levels.length !== maxIpd + 1) {
    throw new Error(`${owner}: the response function's range must be [lineRate/(1+maxIpd), lineRate]`);
  }
  return rates;
}
