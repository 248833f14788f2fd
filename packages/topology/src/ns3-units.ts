/**
 * ns-3's text forms of a data rate and a time, as the HPCC artifact's topology and config
 * files write them (`100Gbps`, `50Mb/s`, `0.001ms`, `1000ns`): ns-3's `DataRate` and `Time`
 * attribute strings (src/network/utils/data-rate.cc, src/core/model/time.cc).
 */

const NUMBER = "([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE]([+-]?[0-9]+))?";
const RATE = new RegExp(`^${NUMBER}([kKMG]?)(i?)(bps|b/s|Bps|B/s)$`);
const TIME = new RegExp(`^${NUMBER}(s|ms|us|ns|ps)?$`);

const DECIMAL_PREFIX: Record<string, number> = { "": 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };
const BINARY_PREFIX: Record<string, number> = { "": 1, k: 2 ** 10, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 };
const PS_PER: Record<string, number> = { s: 1e12, ms: 1e9, us: 1e6, ns: 1e3, ps: 1 };

function decimal(mantissa: string, exponent: string | undefined): number {
  return Number(mantissa) * 10 ** Number(exponent ?? 0);
}

/**
 * An ns-3 data rate (`100Gbps`, `50Mb/s`, `12.5GBps`, `1Kib/s`) in bytes per second; undefined
 * when it is not one. Bits (`bps`, `b/s`) or bytes (`Bps`, `B/s`), prefixes k/K, M, G, decimal
 * or binary with `i`.
 */
export function ns3DataRate(text: string): number | undefined {
  const match = RATE.exec(text);
  if (match === null) return undefined;
  const [, mantissa, exponent, prefix = "", binary, unit = ""] = match;
  const scale = (binary === "i" ? BINARY_PREFIX : DECIMAL_PREFIX)[prefix] as number;
  const perSecond = decimal(mantissa as string, exponent) * scale;
  return unit.startsWith("b") ? perSecond / 8 : perSecond;
}

/**
 * An ns-3 time (`0.001ms`, `1000ns`, `1us`, `2` meaning seconds) in integer picoseconds
 * (rounded); undefined when it is not one.
 */
export function ns3Time(text: string): number | undefined {
  const match = TIME.exec(text);
  if (match === null) return undefined;
  const [, mantissa, exponent, unit = "s"] = match;
  return Math.round(decimal(mantissa as string, exponent) * (PS_PER[unit] as number));
}
