import { MAX_VLS } from "@losslab/core";
import { MAX_BANDWIDTH, MIN_BANDWIDTH } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES } from "@losslab/traffic";

/**
 * The ranges of scenario values (issue 21): every count, size, time and rate has an upper
 * bound derived from what the simulator can hold, so a scenario either fits or is refused
 * with a message naming the field and the limit. The schema, the JSON Schema and the README
 * ("Limits") all take their numbers from here; those every kind's parameters share are
 * defined in @losslab/kinds and re-exported here.
 */

export {
  MAX_BANDWIDTH,
  MAX_BUFFER_BYTES,
  MAX_FACTOR,
  MAX_HOSTS,
  MAX_IPD,
  MAX_ISLIP_ITERATIONS,
  MAX_PACKET_BYTES,
  MAX_PACKETS,
  MAX_SPEEDUP,
  MAX_STAGES,
  MAX_TEXT_LENGTH,
  MAX_TIME_MS,
  MAX_TIME_NS,
  MAX_TIME_SECONDS,
  MAX_TIME_US,
  MAX_VL_WEIGHT,
  MIN_BANDWIDTH,
  MIN_RATE_FRACTION,
  MIN_TIME_MS,
  MIN_TIME_NS,
  MIN_TIME_US,
} from "@losslab/kinds";

/**
 * The most threads a run splits over (`threads`, `run --threads`): each part builds the whole
 * fabric and has a frame ring to every other part, so memory grows with the square of it.
 */
export const MAX_THREADS = 64;

/** The longest run, ms (a run of 100 s on the smallest fabric is already a few hours). */
export const MAX_DURATION_MS = 100_000;

/** A cycle (`cycleNs`) makes links of 1 byte per cycle, so it spans the bandwidth range: 1 ps .. 1 us. */
export const MIN_CYCLE_NS = 1e9 / MAX_BANDWIDTH;
export const MAX_CYCLE_NS = 1e9 / MIN_BANDWIDTH;

/** The largest message a traffic generator may send, 1 GiB (checked by @losslab/traffic). */
/** The most virtual lanes (InfiniBand's data VLs VL0..VL14, @losslab/core). */
export { MAX_MESSAGE_BYTES, MAX_VLS };

/** Entries of `flows`, and of the other lists of a scenario (generators, groups, link meters). */
export const MAX_FLOWS = 65_536;
export const MAX_LIST = 65_536;

/** Objects and lists nested deeper than this are refused before anything else reads them. */
export const MAX_DEPTH = 32;

/**
 * What the fabric, routing tables and meters may need before a run starts: half of Node's
 * default heap on a 64-bit machine (about 4 GiB), leaving the run room for its packets and
 * events. The presets need at most about 80 MB (santos2002-fig8's 100 ms runs, mostly counters),
 * the paper-scale ferrer-fig10-large about 40 MB.
 */
export const MAX_MEMORY_BYTES = 2 * 2 ** 30;
