/**
 * The packet and link of santos-2002 Table 1 that the small fixtures share: data packets of
 * 20 B header + 2048 B payload, 64 B credit blocks, 1 GB/s links with 10 ns of propagation.
 * At 1 GB/s a data packet takes 2,068,000 ps on the wire.
 */

/** santos-2002 Table 1: 20 B header + 2048 B payload. */
export const DATA_BYTES = 2068;
/** The credit block of every fixture, in bytes. */
export const CREDIT_BYTES = 64;
/** Credit blocks of one data packet: ceil(2068 / 64) = 33. */
export const DATA_BLOCKS = Math.ceil(DATA_BYTES / CREDIT_BYTES);
/** santos-2002 Table 1: input buffers of 4 packets. */
export const BUFFER_PACKETS = 4;
/** 1 GB/s (10^9 B/s). */
export const GBPS = 1e9;
/** 10 ns of propagation, in ps. */
export const PROPAGATION = 10_000;
