/** The per-link numbers a builder needs: bandwidth and propagation delays. */
export interface LinkOptions {
  /** Bytes per second, in each direction. */
  bandwidth: number;
  /** Propagation delay `a -> b` in integer picoseconds. */
  delayPs: number;
  /** Propagation delay `b -> a` in integer picoseconds; defaults to `delayPs`. */
  delayBackPs?: number;
}

/** 1 GB/s (10^9 bytes per second): InfiniBand 4X, santos-2002 Table 1. */
export const DEFAULT_BANDWIDTH = 1e9;

/** 10 ns of propagation per link, the Scenario S default of shared/spec/reproductions.md. */
export const DEFAULT_DELAY_PS = 10_000;
