import { MAX_VLS } from "@losslab/core";
import { MAX_MESSAGE_BYTES } from "@losslab/traffic";

/**
 * The ranges of scenario values (issue 21): every count, size, time and rate has an upper
 * bound derived from what the simulator can hold, so a scenario either fits or is refused
 * with a message naming the field and the limit. The schema, the JSON Schema and the README
 * ("Limits") all take their numbers from here.
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

/** The longest run, ms (a run of 100 s on the smallest fabric is already a few hours). */
export const MAX_DURATION_MS = 100_000;

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

/** A cycle (`cycleNs`) makes links of 1 byte per cycle, so it spans the bandwidth range: 1 ps .. 1 us. */
export const MIN_CYCLE_NS = 1e9 / MAX_BANDWIDTH;
export const MAX_CYCLE_NS = 1e9 / MIN_BANDWIDTH;

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

/** The largest message a traffic generator may send, 1 GiB (checked by @losslab/traffic). */
export { MAX_MESSAGE_BYTES };

/** The most hosts a fabric may have: what the topology builders make (a 4-ary 8-tree). */
export const MAX_HOSTS = 65_536;

/** k-ary n-trees and n-flies: at most 16 stages (2^16 hosts with k = 2). */
export const MAX_STAGES = 16;

/** The most virtual lanes (InfiniBand's data VLs VL0..VL14, @losslab/core) and the largest VL arbitration weight (8 bits). */
export { MAX_VLS };
export const MAX_VL_WEIGHT = 255;

/** Packet counts of windows, thresholds and buffers: a million packets is more than any fabric holds in flight. */
export const MAX_PACKETS = 1_000_000;

/** Iterations of the iSLIP allocator and crossbar speedup: iSLIP converges in log2(ports) <= 16 iterations. */
export const MAX_ISLIP_ITERATIONS = 64;
export const MAX_SPEEDUP = 64;

/** Entries of `flows`, and of the other lists of a scenario (generators, groups, link meters). */
export const MAX_FLOWS = 65_536;
export const MAX_LIST = 65_536;

/** Characters of a name, host id, group or kind: what an error message quotes whole (MAX_QUOTED_CHARACTERS). */
export const MAX_TEXT_LENGTH = 200;

/** Objects and lists nested deeper than this are refused before anything else reads them. */
export const MAX_DEPTH = 32;

/**
 * What the fabric, routing tables and meters may need before a run starts: half of Node's
 * default heap on a 64-bit machine (about 4 GiB), leaving the run room for its packets and
 * events. The presets need at most about 80 MB (santos2002-fig8's 100 ms runs, mostly counters),
 * the paper-scale ferrer-fig10-large about 40 MB.
 */
export const MAX_MEMORY_BYTES = 2 * 2 ** 30;

/** A large factor-like parameter (decrease factors, weights): a million is already "everything at once". */
export const MAX_FACTOR = 1e6;
