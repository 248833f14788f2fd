import { ensureBytes, growableMemory } from "./growable-memory.js";

/** The line and run counts (int32), padded to 8 bytes for the float64 runs after them. */
const HEADER_BYTES = 8;
/** A run's float64: time, scheduled at, scheduler, sequence (the rank of its event), its characters. */
export const TRACE_RUN = 5;

/**
 * The trace lines one part of a split run wrote in one window, for part 0 to merge
 * (`SplitTrace`): runs of lines, each run written by one event and keyed by that event's rank,
 * in the part's order; then the lines' text, UTF-8. One writer (`publish`, before the barrier)
 * and one reader (`read`, after it), never at the same time; the writer grows the memory.
 */
export class TraceLog {
  constructor(private readonly memory: SharedArrayBuffer) {}

  static memory(): SharedArrayBuffer {
    return growableMemory(1 << 16);
  }

  /** Hands over the window's runs (`TRACE_RUN` numbers each) and their text. */
  publish(runs: readonly number[], text: Uint8Array): void {
    const textAt = HEADER_BYTES + runs.length * Float64Array.BYTES_PER_ELEMENT;
    ensureBytes(this.memory, textAt + text.length, "a part's trace lines of one window");
    new Float64Array(this.memory, HEADER_BYTES, runs.length).set(runs);
    new Uint8Array(this.memory, textAt, text.length).set(text);
    const counts = new Int32Array(this.memory, 0, 2);
    counts[0] = runs.length / TRACE_RUN;
    counts[1] = text.length;
  }

  /** The runs and text `publish` handed over (a copy of the text: decoders refuse shared memory). */
  read(): { runs: Float64Array; text: Uint8Array } {
    const [runs, bytes] = new Int32Array(this.memory, 0, 2);
    const textAt = HEADER_BYTES + runs! * TRACE_RUN * Float64Array.BYTES_PER_ELEMENT;
    return {
      runs: new Float64Array(this.memory, HEADER_BYTES, runs! * TRACE_RUN),
      text: new Uint8Array(this.memory, textAt, bytes!).slice(),
    };
  }
}
