/**
 * The ranges every kind's parameters share (issue 21): each count, size, time and rate has an
 * upper bound derived from what the simulator can hold, so a spec either fits or is refused
 * with a message naming the field and the limit. Definitions take their bounds from here;
 * @losslab/scenario re-exports them beside its own.
 */

/**
 * The latest simulated time any field may name, in seconds: ten times the longest run
 * (`durationMs` <= 100 s) and well inside the engine's clock (integer picoseconds, exact to
 * 9,007 s), so a start time plus a run or a gap still fits.
 */
export const MAX_TIME_SECONDS = 1000;
export const MAX_TIME_MS = MAX_TIME_SECONDS * 1e3;
export const MAX_TIME_US = MAX_TIME_SECONDS * 1e6;
export const MAX_TIME_NS = MAX_TIME_SECONDS * 1e9;

/** The shortest positive time in a field: one picosecond, the engine's tick, in each unit. */
export const MIN_TIME_MS = 1e-9;
export const MIN_TIME_US = 1e-6;
export const MIN_TIME_NS = 1e-3;

/**
 * Link bandwidth, bytes per second: from 1 MB/s (8 Mb/s) to 1 TB/s, where one byte takes one
 * picosecond. Below, a rate-limited packet's gap would leave the clock (see MIN_RATE_FRACTION).
 */
export const MIN_BANDWIDTH = 1e6;
export const MAX_BANDWIDTH = 1e12;

/**
 * The smallest rate limit, as a fraction of the link bandwidth. With the largest packet on
 * the slowest link, a packet every 655 s: still inside MAX_TIME_SECONDS.
 */
export const MIN_RATE_FRACTION = 1e-4;

/** The largest inter-packet delay (turner's IPD): rate = link / (1 + IPD), so at least MIN_RATE_FRACTION. */
export const MAX_IPD = 10_000;

/** The largest packet or frame, bytes: beyond any jumbo frame or InfiniBand MTU (4 KiB + headers). */
export const MAX_PACKET_BYTES = 65_536;

/** The largest buffer, or byte threshold and counter, per port: 1 GiB, far above any switch's. */
export const MAX_BUFFER_BYTES = 2 ** 30;

/** The most hosts a fabric may have: what the topology builders make (a 4-ary 8-tree). */
export const MAX_HOSTS = 65_536;

/** k-ary n-trees and n-flies: at most 16 stages (2^16 hosts with k = 2). */
export const MAX_STAGES = 16;

/** Packet counts of windows, thresholds and buffers: a million packets is more than any fabric holds in flight. */
export const MAX_PACKETS = 1_000_000;

/** Iterations of the iSLIP allocator and crossbar speedup: iSLIP converges in log2(ports) <= 16 iterations. */
export const MAX_ISLIP_ITERATIONS = 64;
export const MAX_SPEEDUP = 64;

/** Characters of a name, host id, group or kind: what an error message quotes whole (MAX_QUOTED_CHARACTERS). */
export const MAX_TEXT_LENGTH = 200;

/** A large factor-like parameter (decrease factors, weights): a million is already "everything at once". */
export const MAX_FACTOR = 1e6;

/** The largest VL arbitration weight, packets per turn (an 8-bit field). */
export const MAX_VL_WEIGHT = 255;
