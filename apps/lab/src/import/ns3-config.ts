/**
 * The HPCC artifact's ns-3 config file (simulation/mix/config.txt, written by run.py, read by
 * the key loop of simulation/scratch/third.cc): one `KEY value...` per line. This reads it and
 * hands out each key's values checked, every error naming the file, the line and the key.
 */

import { quoteValue } from "@losslab/scenario";
import { ns3DataRate } from "@losslab/topology";
import { UserError } from "../user-error.js";

/** One key's line. */
interface Entry {
  readonly line: number;
  readonly values: readonly string[];
}

/** The keys third.cc reads, with how many values each takes (a `*_MAP` key: a count, then that many pairs). */
export const NS3_KEYS: Readonly<Record<string, number | "map">> = {
  ENABLE_QCN: 1,
  USE_DYNAMIC_PFC_THRESHOLD: 1,
  CLAMP_TARGET_RATE: 1,
  PAUSE_TIME: 1,
  DATA_RATE: 1,
  LINK_DELAY: 1,
  PACKET_PAYLOAD_SIZE: 1,
  L2_CHUNK_SIZE: 1,
  L2_ACK_INTERVAL: 1,
  L2_BACK_TO_ZERO: 1,
  TOPOLOGY_FILE: 1,
  FLOW_FILE: 1,
  TRACE_FILE: 1,
  TRACE_OUTPUT_FILE: 1,
  SIMULATOR_STOP_TIME: 1,
  ALPHA_RESUME_INTERVAL: 1,
  RP_TIMER: 1,
  EWMA_GAIN: 1,
  FAST_RECOVERY_TIMES: 1,
  RATE_AI: 1,
  RATE_HAI: 1,
  ERROR_RATE_PER_LINK: 1,
  CC_MODE: 1,
  RATE_DECREASE_INTERVAL: 1,
  MIN_RATE: 1,
  FCT_OUTPUT_FILE: 1,
  HAS_WIN: 1,
  GLOBAL_T: 1,
  MI_THRESH: 1,
  VAR_WIN: 1,
  FAST_REACT: 1,
  U_TARGET: 1,
  INT_MULTI: 1,
  RATE_BOUND: 1,
  ACK_HIGH_PRIO: 1,
  DCTCP_RATE_AI: 1,
  PFC_OUTPUT_FILE: 1,
  LINK_DOWN: 3,
  ENABLE_TRACE: 1,
  KMAX_MAP: "map",
  KMIN_MAP: "map",
  PMAX_MAP: "map",
  BUFFER_SIZE: 1,
  QLEN_MON_FILE: 1,
  QLEN_MON_START: 1,
  QLEN_MON_END: 1,
  MULTI_RATE: 1,
  SAMPLE_FEEDBACK: 1,
  PINT_LOG_BASE: 1,
  PINT_PROB: 1,
};

/** A config file read into its keys; `unknown` lists the keys third.cc does not read (it skips them too). */
export class Ns3Config {
  private readonly entries = new Map<string, Entry>();
  readonly unknown: Array<{ key: string; line: number }> = [];

  constructor(
    text: string,
    private readonly file: string,
  ) {
    text.split(/\r?\n/).forEach((raw, index) => {
      const words = raw.trim().split(/\s+/);
      const key = words[0] as string;
      if (key === "") return;
      const line = index + 1;
      const arity = NS3_KEYS[key];
      if (arity === undefined) {
        this.unknown.push({ key, line });
        return;
      }
      const values = words.slice(1);
      const expected = arity === "map" ? 1 + 2 * Number(values[0]) : arity;
      if (arity === "map" && !(Number.isInteger(Number(values[0])) && Number(values[0]) >= 1)) {
        throw this.error(line, key, "a count >= 1, then that many pairs of link rate (bit/s) and value", values[0]);
      }
      if (values.length !== expected) {
        throw new UserError(
          `${file} line ${line}, field ${key}: takes ${expected} value${expected === 1 ? "" : "s"}, got ${values.length}`,
        );
      }
      this.entries.set(key, { line, values });
    });
  }

  /** Whether the file gives `key`. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The raw words of `key`, if given. */
  words(key: string): readonly string[] | undefined {
    return this.entries.get(key)?.values;
  }

  /** `key`'s line, for messages. */
  line(key: string): number | undefined {
    return this.entries.get(key)?.line;
  }

  /** `key` as a number in [min, max] (integer if asked); undefined when absent. */
  number(key: string, min: number, max: number, integer = false): number | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const text = entry.values[0] as string;
    const value = Number(text);
    if (
      !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text) ||
      !(value >= min && value <= max) ||
      (integer && !Number.isInteger(value))
    ) {
      throw this.error(entry.line, key, `${integer ? "an integer" : "a number"} from ${min} to ${max}`, text);
    }
    return value;
  }

  /** `key` as an ns-3 data rate, in bytes per second; undefined when absent. */
  rate(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const value = ns3DataRate(entry.values[0] as string);
    if (value === undefined || !(value > 0)) {
      throw this.error(entry.line, key, "an ns-3 data rate such as 50Mb/s or 100Gbps", entry.values[0]);
    }
    return value;
  }

  /** A `*_MAP` key: link rate (bit/s) to value; undefined when absent. */
  map(key: string): Map<number, number> | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const map = new Map<number, number>();
    for (let i = 1; i < entry.values.length; i += 2) {
      const rate = Number(entry.values[i]);
      const value = Number(entry.values[i + 1]);
      if (!(Number.isFinite(rate) && rate > 0))
        throw this.error(entry.line, key, "a link rate in bit/s", entry.values[i]);
      if (!(Number.isFinite(value) && value >= 0))
        throw this.error(entry.line, key, "a number >= 0", entry.values[i + 1]);
      map.set(rate, value);
    }
    return map;
  }

  /** The error for `key`'s value `got` at `line` not being `expected`. */
  error(line: number | undefined, key: string, expected: string, got: unknown): UserError {
    return new UserError(`${this.file} line ${line}, field ${key}: must be ${expected}, got ${quoteValue(got)}`);
  }
}
