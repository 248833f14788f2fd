/**
 * Simulation time is an integer number of picoseconds held in a JS number: exact up to
 * Number.MAX_SAFE_INTEGER ps (about 9007 s of simulated time), which no losslab run nears.
 */
export type Time = number;

export const PS_PER_NS = 1_000;
export const PS_PER_US = 1_000_000;
export const PS_PER_MS = 1_000_000_000;
export const PS_PER_S = 1_000_000_000_000;

/** The latest time an event may be scheduled at. */
export const MAX_TIME: Time = Number.MAX_SAFE_INTEGER;

/** Picoseconds, rounded to the nearest integer, from a value in the given unit. */
export const ps = (value: number): Time => Math.round(value);
export const ns = (value: number): Time => Math.round(value * PS_PER_NS);
export const us = (value: number): Time => Math.round(value * PS_PER_US);
export const ms = (value: number): Time => Math.round(value * PS_PER_MS);
export const seconds = (value: number): Time => Math.round(value * PS_PER_S);

/** `count` cycles of a clock whose cycle lasts `cyclePs` picoseconds. */
export const cycles = (count: number, cyclePs: Time): Time => Math.round(count * cyclePs);

export const toNs = (time: Time): number => time / PS_PER_NS;
export const toUs = (time: Time): number => time / PS_PER_US;
export const toMs = (time: Time): number => time / PS_PER_MS;
export const toSeconds = (time: Time): number => time / PS_PER_S;
export const toCycles = (time: Time, cyclePs: Time): number => time / cyclePs;

/**
 * Time to put `bytes` on a link of `bytesPerSecond`, rounded to the nearest picosecond.
 * Rounding per packet keeps the clock integral; the error is under 1 ps per packet.
 */
export const transmissionTime = (bytes: number, bytesPerSecond: number): Time =>
  Math.round((bytes * PS_PER_S) / bytesPerSecond);

/** A human-readable rendering (`12.5 us`), for logs and error messages. */
export function formatTime(time: Time): string {
  const abs = Math.abs(time);
  if (abs >= PS_PER_S) return `${+(time / PS_PER_S).toPrecision(6)} s`;
  if (abs >= PS_PER_MS) return `${+(time / PS_PER_MS).toPrecision(6)} ms`;
  if (abs >= PS_PER_US) return `${+(time / PS_PER_US).toPrecision(6)} us`;
  if (abs >= PS_PER_NS) return `${+(time / PS_PER_NS).toPrecision(6)} ns`;
  return `${time} ps`;
}
