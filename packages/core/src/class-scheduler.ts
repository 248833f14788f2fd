import { formatValue, OptionError } from "@losslab/kinds";
import { VlArbitration } from "./vl-arbitration.js";

/**
 * How an output picks among its traffic classes (VLs, PFC priorities):
 * - "wrr": weighted round robin in packets per turn (`VlArbitration`), the default;
 * - "strict": strict priority, the highest-numbered class first (IEEE 802.1Q: a higher
 *   priority value is a higher priority);
 * - "dwrr": deficit weighted round robin in bytes, a quantum per class (Shreedhar and
 *   Varghese, "Efficient Fair Queuing using Deficit Round Robin", SIGCOMM 1995, sec. 3).
 */
export type ClassScheduling = "wrr" | "strict" | "dwrr";

/** The class schedulings, in the order errors and docs list them. */
export const CLASS_SCHEDULINGS: readonly ClassScheduling[] = ["wrr", "strict", "dwrr"];

/** What a `ClassScheduler` asks of the output it schedules. */
export interface ClassServer {
  /**
   * Starts the next packet of class `vl` on `output` if the class is eligible (it has a
   * packet, no PAUSE holds it, the buffer downstream has credits for it) and that packet
   * has at most `maxBytes`. Returns the packet's size if it started, 0 if the class is not
   * eligible, and a negative number if it is but its packet is larger than `maxBytes`.
   */
  serveClass(output: number, vl: number, maxBytes: number): number;
}

export interface ClassSchedulerOptions {
  /** Default "wrr". */
  scheduling?: ClassScheduling | undefined;
  /** "wrr": packets per turn per class (default all 1). */
  weights?: readonly number[] | undefined;
  /** "dwrr": the quantum of each class in bytes (default all `defaultQuantum`). */
  quanta?: readonly number[] | undefined;
  /** "dwrr": the quantum of a class `quanta` does not give, bytes (the largest packet keeps it O(1) per packet). */
  defaultQuantum?: number | undefined;
}

const WRR = 0;
const STRICT = 1;
const DWRR = 2;

/**
 * The scheduler among the traffic classes of each of `outputs` outputs, each with `vls`
 * classes. The output offers its classes the link in the scheduling's order through
 * `serve`; a class that is not eligible is passed over, so a paused or credit-starved class
 * never holds back the others.
 *
 * "dwrr" as Shreedhar and Varghese's DRR, one packet per call: when a class's turn comes it
 * gets its quantum added to its deficit counter, and sends packets while the next one fits
 * in the deficit; then the turn passes. A class that is not eligible when its turn comes
 * loses its deficit (DRR resets the counter of a queue found empty), so a paused class
 * builds no burst. Each round every backlogged class gets its quantum, so long-run byte
 * shares are the quanta's shares. With quanta of at least the largest packet a call visits
 * each class at most twice.
 */
export class ClassScheduler {
  private readonly mode: number;
  private readonly vls: number;
  private readonly wrr: VlArbitration | undefined;
  /** "dwrr": per class, bytes per visit. */
  private readonly quanta: Float64Array;
  /** "dwrr": per output class (`output * vls + vl`), the bytes it may still send this turn. */
  private readonly deficit: Float64Array;
  /** "dwrr": per output, the class whose turn it is, and 1 until it has had its quantum this visit. */
  private readonly turn: Int32Array;
  private readonly fresh: Uint8Array;

  constructor(name: string, outputs: number, vls: number, options: ClassSchedulerOptions = {}) {
    const scheduling = options.scheduling ?? "wrr";
    this.mode = CLASS_SCHEDULINGS.indexOf(scheduling);
    if (this.mode < 0) {
      throw OptionError.of(name, "vlScheduling", `must be ${CLASS_SCHEDULINGS.map((s) => `"${s}"`).join(", ")}`, {
        value: scheduling,
      });
    }
    if (options.weights !== undefined && this.mode !== WRR) {
      throw OptionError.of(name, "vlWeights", `apply to vlScheduling "wrr" only; got vlScheduling "${scheduling}"`);
    }
    if (options.quanta !== undefined && this.mode !== DWRR) {
      throw OptionError.of(
        name,
        "vlQuantaBytes",
        `apply to vlScheduling "dwrr" only; got vlScheduling "${scheduling}"`,
      );
    }
    this.vls = vls;
    this.wrr = this.mode === WRR ? new VlArbitration(name, outputs, vls, options.weights) : undefined;
    this.quanta = new Float64Array(vls);
    this.deficit = new Float64Array(this.mode === DWRR ? outputs * vls : 0);
    this.turn = new Int32Array(outputs);
    this.fresh = new Uint8Array(outputs).fill(1);
    if (this.mode === DWRR) this.setQuanta(name, options.quanta, options.defaultQuantum);
  }

  /** Offers `output`'s classes the link in this scheduling's order until one starts a packet; returns whether one did. */
  serve(output: number, server: ClassServer): boolean {
    if (this.mode === DWRR) return this.serveDeficit(output, server);
    const vls = this.vls;
    if (this.mode === STRICT) {
      for (let vl = vls - 1; vl >= 0; vl--)
        if (server.serveClass(output, vl, Number.POSITIVE_INFINITY) > 0) return true;
      return false;
    }
    const arbitration = this.wrr!;
    const first = arbitration.first(output);
    for (let k = 0; k < vls; k++) {
      const vl = (first + k) % vls;
      if (server.serveClass(output, vl, Number.POSITIVE_INFINITY) > 0) {
        arbitration.sent(output, vl);
        return true;
      }
    }
    return false;
  }

  /**
   * The class `output` would serve now, for an allocator that decides before it starts
   * anything (a crossbar matching several outputs at once): `bytes[vl]` is the size of the
   * packet class `vl` would send, 0 if it has none that can go. Returns -1 if no class has
   * one. The same rule as `serve`, but nothing is charged: call `charge` when the chosen
   * packet starts; if it does not (its input went elsewhere), the next `pick` resumes from
   * the same class, as if it had not been asked (DRR keeps that class's turn and deficit).
   */
  pick(output: number, bytes: ArrayLike<number>): number {
    const vls = this.vls;
    if (this.mode === STRICT) {
      for (let vl = vls - 1; vl >= 0; vl--) if (bytes[vl]! > 0) return vl;
      return -1;
    }
    if (this.mode === WRR) {
      const first = this.wrr!.first(output);
      for (let k = 0; k < vls; k++) {
        const vl = (first + k) % vls;
        if (bytes[vl]! > 0) return vl;
      }
      return -1;
    }
    return this.pickDeficit(output, bytes);
  }

  /** A packet of `bytes` of class `vl`, chosen by `pick`, has started on `output`. */
  charge(output: number, vl: number, bytes: number): void {
    if (this.mode === WRR) this.wrr!.sent(output, vl);
    else if (this.mode === DWRR) this.deficit[output * this.vls + vl]! -= bytes;
  }

  /** The class `output` offers the link `k`-th (0: first) if offered now; changes nothing. */
  classAt(output: number, k: number): number {
    if (this.mode === STRICT) return this.vls - 1 - k;
    const first = this.mode === WRR ? this.wrr!.first(output) : this.turn[output]!;
    return (first + k) % this.vls;
  }

  /**
   * DRR (Shreedhar and Varghese 1995, sec. 3, Fig. 2) one packet at a time. Stops once a
   * whole round of classes finds none eligible; a class too large for its deficit keeps the
   * round going, and gains a quantum each round, so one is eventually served.
   */
  private serveDeficit(output: number, server: ClassServer): boolean {
    let idle = 0;
    while (idle < this.vls) {
      const vl = this.visit(output);
      const slot = output * this.vls + vl;
      const sent = server.serveClass(output, vl, this.deficit[slot]!);
      if (sent > 0) {
        this.deficit[slot]! -= sent;
        return true;
      }
      idle = sent === 0 ? idle + 1 : 0;
      this.leave(output, vl, sent === 0);
    }
    return false;
  }

  /** `serveDeficit`'s walk with the packets' sizes given: stops at the class that would send, without charging it. */
  private pickDeficit(output: number, bytes: ArrayLike<number>): number {
    let idle = 0;
    while (idle < this.vls) {
      const vl = this.visit(output);
      const size = bytes[vl]!;
      if (size > 0 && size <= this.deficit[output * this.vls + vl]!) return vl;
      idle = size === 0 ? idle + 1 : 0;
      this.leave(output, vl, size === 0);
    }
    return -1;
  }

  /** DRR: the class whose turn it is at `output`, given its quantum when its visit begins. */
  private visit(output: number): number {
    const vl = this.turn[output]!;
    if (this.fresh[output] === 1) {
      this.deficit[output * this.vls + vl]! += this.quanta[vl]!;
      this.fresh[output] = 0;
    }
    return vl;
  }

  /** DRR: `output`'s visit to `vl` ends and the turn passes; a class with nothing to send (`empty`) loses its deficit. */
  private leave(output: number, vl: number, empty: boolean): void {
    if (empty) this.deficit[output * this.vls + vl] = 0;
    this.turn[output] = (vl + 1) % this.vls;
    this.fresh[output] = 1;
  }

  private setQuanta(name: string, quanta: readonly number[] | undefined, defaultQuantum: number | undefined): void {
    if (quanta !== undefined && (!Array.isArray(quanta) || quanta.length !== this.vls)) {
      const got = Array.isArray(quanta) ? `${quanta.length}` : formatValue(quanta);
      throw OptionError.of(name, "vlQuantaBytes", `must list one quantum per VL (${this.vls}); got ${got}`, {
        limit: this.vls,
      });
    }
    for (let vl = 0; vl < this.vls; vl++) {
      const quantum = quanta?.[vl] ?? defaultQuantum;
      if (quantum === undefined) {
        throw OptionError.of(name, "vlQuantaBytes", 'is needed with vlScheduling "dwrr": one quantum per VL in bytes');
      }
      if (!(Number.isInteger(quantum) && (quantum as number) >= 1)) {
        throw OptionError.of(name, "vlQuantaBytes", "must be positive integers (bytes)", { value: quantum });
      }
      this.quanta[vl] = quantum as number;
    }
  }
}
