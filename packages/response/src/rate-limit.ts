/** A flow's rate limit under a response function, continuous or discrete. */

/**
 * A stateful rate limit driven by ACKs: what a controller holds to apply a response
 * function. {@link continuousRate} keeps any real rate; {@link discreteRate} keeps one of a
 * set of rates (InfiniBand's IPD rates) plus a counter.
 *
 * When to use: inside your own controller, so it works in both modes unchanged.
 *
 * @example
 * ```ts
 * const limit = discreteRate(lipd({ Rmax: 1e9 }));
 * limit.decrease(); // 5e8 (ipd 1)
 * for (let i = 0; i < 128; i++) limit.increase(); // back to 1e9 after 128 ACKs
 * ```
 */
export interface RateLimit {
  /** The current rate limit. */
  readonly rate: number;
  /** True while in the state it was created in (its initial rate, no counter running): see `Controller.atRest`. */
  readonly atRest?: boolean;
  /**
   * One unmarked ACK. `packets` (default 1) is the size of the acknowledged packet in
   * design-size packets; a coalesced ACK for N packets is N calls. Returns the new rate.
   */
  increase(packets?: number): number;
  /** One marked ACK (or congestion notification). Returns the new rate. */
  decrease(): number;
  /** Sets the rate (snapped to a level in discrete mode) and clears any counter. */
  reset(rate: number): void;
}
