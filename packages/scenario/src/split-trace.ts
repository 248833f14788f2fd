import type { PacketTrace, PacketTraceOptions } from "@losslab/metrics";
import { tracePackets } from "./packet-tracing.js";
import { rankBefore } from "./rank-order.js";
import type { Simulation } from "./simulation.js";
import { TRACE_RUN, TraceLog } from "./trace-log.js";

/** Which lines a trace keeps (`PacketTraceOptions` but where they go): plain data, for every part. */
export type TraceFilters = Omit<PacketTraceOptions, "write" | "hostName" | "chunkChars">;

/** Part 0 writes the merged trace in chunks of about this many characters, as `PacketTrace` does. */
const CHUNK_CHARS = 65_536;
/** A provisional packet id in a line (`"id":-7`; a quote inside a device's name is escaped, so never matches). */
const PROVISIONAL_ID = /"id":(-\d+)/g;

/**
 * The packet trace of a run split over threads (docs/spec/parallel.md sec. 6, "Packet
 * traces"): every part traces its own devices' steps (a link's transmissions at its sender's
 * part, arrivals and credit returns at its receiver's, deliveries at the destination's), each
 * line kept with the rank of the event that wrote it. At each window's end every part hands
 * its window's lines to part 0 through shared memory (`TraceLog`), and part 0 merges them in
 * the single run's order, (time, rank) of the writing event and then the order within it,
 * gives the packets made in the window their final ids and writes them: the single run's
 * bytes, streamed a window at a time, never held whole.
 */
export class SplitTrace {
  private readonly logs: TraceLog[][];
  private readonly trace: PacketTrace;
  /** This window's runs (`TRACE_RUN` numbers each) and their lines. */
  private runs: number[] = [];
  private text = "";
  private chunk = "";
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  /**
   * `logs[2 * part + parity]`: every part's `TraceLog` memory; `write`: where the trace goes,
   * for part 0 only (the others hand their lines over).
   */
  constructor(
    simulation: Simulation,
    filters: TraceFilters,
    logs: readonly SharedArrayBuffer[],
    private readonly part: number,
    private readonly write?: (chunk: string) => void,
  ) {
    const parts = logs.length / 2;
    this.logs = [0, 1].map((parity) =>
      Array.from({ length: parts }, (_, owner) => new TraceLog(logs[2 * owner + parity]!)),
    );
    const { engine, fabric, routes } = simulation;
    const add = (line: string) => {
      const runs = this.runs;
      const at = runs.length - TRACE_RUN;
      const time = engine.now;
      const scheduledAt = engine.eventScheduledAt;
      const scheduler = engine.eventScheduler;
      const sequence = engine.eventSequence;
      // One event's lines are one run: ranks are unique to events.
      if (
        at >= 0 &&
        runs[at] === time &&
        runs[at + 1] === scheduledAt &&
        runs[at + 2] === scheduler &&
        runs[at + 3] === sequence
      ) {
        runs[at + 4]! += line.length;
      } else runs.push(time, scheduledAt, scheduler, sequence, line.length);
      this.text += line;
    };
    this.trace = tracePackets(fabric, routes, { ...filters, chunkChars: 0, write: add });
  }

  /** Before the barrier: hands this window's lines to part 0. */
  publish(parity: number): void {
    this.logs[parity]![this.part]!.publish(this.runs, this.encoder.encode(this.text));
    this.runs = [];
    this.text = "";
  }

  /**
   * After the barrier, once the window's packets are numbered (`final`): the packets still in
   * this part's switches keep their arrivals under their final ids, and part 0 merges and
   * writes the window's lines.
   */
  windowEnd(parity: number, final: (id: number) => number): void {
    this.trace.renumber(final);
    if (this.write === undefined) return;
    const logs = this.logs[parity]!.map((log) => {
      const { runs, text } = log.read();
      return { runs, text: this.decoder.decode(text), run: 0, char: 0 };
    });
    let merged = "";
    for (;;) {
      let first: (typeof logs)[number] | undefined;
      for (const log of logs) {
        if (log.run * TRACE_RUN === log.runs.length) continue;
        if (first === undefined || rankBefore(log.runs, log.run, first.runs, first.run, TRACE_RUN, 4)) first = log;
      }
      if (first === undefined) break;
      const chars = first.runs[first.run * TRACE_RUN + 4]!;
      merged += first.text.slice(first.char, first.char + chars);
      first.char += chars;
      first.run++;
    }
    if (merged.includes('"id":-')) merged = merged.replace(PROVISIONAL_ID, (_, id) => `"id":${final(Number(id))}`);
    this.chunk += merged;
    if (this.chunk.length >= CHUNK_CHARS) this.flush();
  }

  /** Part 0: writes what is still buffered, once the run has ended (or failed). */
  finish(): void {
    this.flush();
  }

  private flush(): void {
    if (this.chunk !== "") this.write?.(this.chunk);
    this.chunk = "";
  }
}
