/** MVCM's network-derived constants: the minimum round trip and the window size omega (ferrer-2012 sec. 4.3). */

/**
 * What ferrer-2012 sec. 4.3 needs to know about the network. Any time unit, as long as
 * `hopDelay` and `bandwidth` use the same one (the paper: cycles and bytes/cycle).
 */
export interface MvcmNetwork {
  /** h: switch hops a packet crosses (2n - 1 in a bidirectional k-ary n-fly). */
  readonly hops: number;
  /** t_hop: routing, switching and link delay per hop. */
  readonly hopDelay: number;
  /** B: the channel bandwidth in bytes per time unit. */
  readonly bandwidth: number;
  /** L_data: a data packet's length in bytes, header included (L_head + L_payload). */
  readonly dataBytes: number;
  /** L_ack: an ACK packet's length in bytes. */
  readonly ackBytes: number;
}

/**
 * The minimum round-trip time (ferrer-2012 sec. 4.3, "Window Size"):
 * RTT_min = 2·h·t_hop + (L_data + L_ack)/B, in the time unit of `hopDelay`.
 * MVCM uses it as the duration of one waiting slot.
 *
 * @example
 * ```ts
 * // 4-ary 5-fly, h = 9, t_hop = 3 cycles, B = 1 byte/cycle, 278-byte packets, 22-byte ACKs
 * mvcmRoundTrip({ hops: 9, hopDelay: 3, bandwidth: 1, dataBytes: 278, ackBytes: 22 }); // 354 cycles
 * ```
 */
export function mvcmRoundTrip(network: MvcmNetwork): number {
  checkNetwork(network);
  const { hops, hopDelay, bandwidth, dataBytes, ackBytes } = network;
  return 2 * hops * hopDelay + (dataBytes + ackBytes) / bandwidth;
}

/**
 * The window size omega (ferrer-2012 sec. 4.3): how many packets a flow can send during
 * RTT_min, omega = RTT_min / (L_data/B) = (2·h·t_hop·B + L_data + L_ack) / L_data. A real
 * number; the paper rounds it up to choose DWmax (1.28 -> 2, 4.18 -> 5).
 *
 * When to use: to pick `maxWindow` for {@link mvcm} on a network other than the paper's.
 *
 * Gotchas: the paper prints "omega ≈ 1.28" for 354/278, which is 1.2734; this returns the
 * fraction. It grows as packets shrink: with K = 2·h·t_hop·B + L_ack it lies between
 * (K + max L_data)/max L_data and (K + min L_data)/min L_data.
 *
 * @example
 * ```ts
 * mvcmWindow({ hops: 9, hopDelay: 3, bandwidth: 1, dataBytes: 22 + 256, ackBytes: 22 }); // 354/278 ≈ 1.27
 * mvcmWindow({ hops: 9, hopDelay: 3, bandwidth: 1, dataBytes: 22, ackBytes: 22 }); // 98/22 ≈ 4.45
 * ```
 */
export function mvcmWindow(network: MvcmNetwork): number {
  return mvcmRoundTrip(network) / (network.dataBytes / network.bandwidth);
}

function checkNetwork(network: MvcmNetwork): void {
  for (const name of ["hops", "hopDelay", "ackBytes"] as const) {
    const value = network[name];
    if (!(typeof value === "number" && Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`mvcm network: ${name} must be a finite number >= 0, got ${String(value)}`);
    }
  }
  for (const name of ["bandwidth", "dataBytes"] as const) {
    const value = network[name];
    if (!(typeof value === "number" && Number.isFinite(value) && value > 0)) {
      throw new RangeError(`mvcm network: ${name} must be a finite number > 0, got ${String(value)}`);
    }
  }
}
