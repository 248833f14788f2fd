import type { RandomStream } from "@losslab/engine";

/**
 * The _when_ of a message generator, at offered load `load` (a fraction of the link bandwidth):
 * - `bernoulli`: time is cut into slots of one mean message time (mean size / bandwidth);
 *   at the start of each slot the source injects a message with probability `load`.
 * - `poisson`: exponential gaps of mean `slot / load` (= mean size / (load x bandwidth)).
 * - `periodic`: one message every `slot / load`, the first at the start time.
 */
export type InjectionProcessKind = "bernoulli" | "poisson" | "periodic";

/** The names of the injection processes. */
export const injectionProcessKinds: readonly InjectionProcessKind[] = Object.freeze([
  "bernoulli",
  "poisson",
  "periodic",
]);

/** A process bound to one source's stream. Times are real picoseconds (rounded when scheduled). Internal. */
export interface ArrivalClock {
  /** Offset of the first arrival from the start time. */
  first(): number;
  /** Gap from one arrival to the next. */
  gap(): number;
}

/**
 * Binds a process to a stream. `slotPs`: one mean message time in picoseconds.
 *
 * Bernoulli draws, for each message, the number of empty slots before it: a geometric
 * variable, `floor(ln(1 - u) / ln(1 - load))`, one uniform draw per message. That is the
 * per-slot coin flip exactly, without an event for every empty slot.
 */
export function arrivalClock(
  kind: InjectionProcessKind,
  stream: RandomStream,
  slotPs: number,
  load: number,
): ArrivalClock {
  switch (kind) {
    case "bernoulli": {
      const logMiss = Math.log(1 - load); // -Infinity at load 1: every slot injects
      const emptySlots = (): number => (load === 1 ? 0 : Math.floor(Math.log(1 - stream.next()) / logMiss));
      return { first: () => emptySlots() * slotPs, gap: () => (1 + emptySlots()) * slotPs };
    }
    case "poisson": {
      const mean = slotPs / load;
      return { first: () => stream.exponential(mean), gap: () => stream.exponential(mean) };
    }
    case "periodic": {
      const interval = slotPs / load;
      return { first: () => 0, gap: () => interval };
    }
  }
}
