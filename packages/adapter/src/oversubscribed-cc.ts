import type { Engine, EventHandler, Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { OVERSUBSCRIBED_CC_TICK } from "./adapter-events.js";

/** OversubscribedCC's parameters (uet-htsim's defaults: `oversubscribed_cc.cpp:5-10`). */
export interface OversubscribedCcOptions {
  /** Additive increase of the rate per period (uet-htsim `_Ai`: 0.01), doubled each period in a row without ECN. */
  readonly ai: number;
  /** Multiplicative decrease factor of the excess marked fraction (`_Md`: 0.5); 0: none. */
  readonly md: number;
  /** Weight of a period's marked fraction in its average g (`_alpha`: 0.5). */
  readonly alpha: number;
  /** The marked fraction g tolerates before decreasing (`_target_congestion`: 0.3). */
  readonly targetCongestion: number;
  /** The lowest rate (uet-htsim: 0.9 / the topology's oversubscription ratio, at least 0.01, `oversubscribed_cc.h:43-48`). */
  readonly minRate: number;
  /** The base round trip, ps: periods last 0.75-1.25 x 1.5 of it, at random (uet-htsim: network_rtt, `dc/main_uec.cpp:726-727`). */
  readonly baseRtt: Time;
}

/** Checks `options` (`ReceiverCreditOptions.oversubscribed`) for adapter `name`. */
export function checkOversubscribedCc(name: string, options: OversubscribedCcOptions): OversubscribedCcOptions {
  for (const field of ["ai", "md", "alpha", "targetCongestion", "minRate"] as const) {
    const value = options[field];
    if (!(Number.isFinite(value) && value >= 0 && value <= 1)) {
      throw OptionError.of(name, `receiverCredits.oversubscribed.${field}`, "must be a number in [0, 1]", { value });
    }
  }
  if (!(options.minRate > 0)) {
    throw OptionError.of(name, "receiverCredits.oversubscribed.minRate", "must be > 0 (the pacer never stops)", {
      value: options.minRate,
    });
  }
  if (!(Number.isInteger(options.baseRtt) && options.baseRtt > 0)) {
    throw OptionError.of(name, "receiverCredits.oversubscribed.baseRtt", "must be a whole number of picoseconds > 0", {
      value: options.baseRtt,
    });
  }
  return options;
}

/**
 * The receiver's OversubscribedCC (uet-htsim `oversubscribed_cc.cpp`, docs/spec/uec.md choice
 * C15): on a fabric with fewer uplinks than hosts, RCCC's pacer at line rate overfills the
 * spines, so each destination scales its pull rate by its own AIMD. Every period it counts what
 * reached it (data packets, trimmed headers and RTS), the ECN-marked data packets among them,
 * and the trims, split by where they happened. Trims before the last hop cut the rate by their
 * share of the period's packets; the average g of the marked fraction (weight `alpha`) cuts it
 * by (g - targetCongestion) x md when above the target; otherwise the rate grows by `ai`, or
 * by ai x 2^k in the k-th period in a row without a mark. The rate stays in [minRate, 1]
 * (`doCongestionControl`, `oversubscribed_cc.cpp:39-91`).
 */
export class OversubscribedCc {
  /** The pull rate, a fraction of the pacer's. */
  rate = 1;
  /** The average marked fraction. */
  g = 0;
  private increases = 0;
  private received = 0;
  private marked = 0;
  private trimmedLastHop = 0;
  private trimmedOther = 0;

  constructor(
    private readonly options: OversubscribedCcOptions,
    private readonly engine: Engine,
    private readonly handler: EventHandler,
    /** What it sets: the destination's pull pacer's rate (`PullPacer.rate`). */
    private readonly pacer: { rate: number },
    /** A seeded stream of draws in [0, 1) (the adapter's `<name>/oversubscribed-cc`). */
    private readonly random: { next(): number },
  ) {
    this.schedule();
  }

  /** A packet for this destination arrived: a data packet (`ecn`: marked), a trimmed header (`trimmed`, at the last hop or not) or an RTS. */
  arrived(ecn: boolean, trimmed: "last-hop" | "other" | undefined): void {
    this.received++;
    if (ecn) this.marked++;
    if (trimmed === "last-hop") this.trimmedLastHop++;
    else if (trimmed === "other") this.trimmedOther++;
  }

  /** The period ended (`OVERSUBSCRIBED_CC_TICK`): the rate moves, the counts start again. */
  tick(): void {
    const { ai, md, alpha, targetCongestion, minRate } = this.options;
    const total = this.received;
    const trims = this.trimmedLastHop + this.trimmedOther;
    const fraction = total - trims === 0 ? 0 : this.marked / (total - trims);
    let decrease = false;
    if (this.trimmedOther > 0) {
      this.rate -= this.trimmedOther / total;
      decrease = true;
    }
    this.g = this.g * (1 - alpha) + alpha * fraction;
    if (this.g > targetCongestion && md > 0) {
      this.rate *= 1 - (this.g - targetCongestion) * md;
      decrease = true;
    }
    if (decrease) this.increases = 0;
    else {
      this.rate += this.marked === 0 ? ai * 2 ** this.increases : ai;
      this.increases++;
    }
    this.rate = Math.min(1, Math.max(minRate, this.rate));
    this.pacer.rate = this.rate;
    this.received = 0;
    this.marked = 0;
    this.trimmedLastHop = 0;
    this.trimmedOther = 0;
    this.schedule();
  }

  /** The next period: 0.75-1.25 x 1.5 base round trips (`nextInterval`, `oversubscribed_cc.h:24-27`), against synchronised receivers. */
  private schedule(): void {
    const period = Math.floor((0.75 + this.random.next() / 2) * 1.5 * this.options.baseRtt);
    this.engine.at(this.engine.now + period, this.handler, OVERSUBSCRIBED_CC_TICK);
  }
}
