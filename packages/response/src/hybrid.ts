/**
 * turner-2001 sec. 5.1's hybrid rate/window controller for reliable transport: CWND/OUTS
 * window, CIPD rate limit on InfiniBand's IPD rates, RPI counter, APSN burst filter, RWL
 * limiting-factor flag.
 */
import { MAX_IPD as IPD_LIMIT, MAX_PACKETS } from "@losslab/kinds";
import type { AckEvent, CnpEvent, Controller, FlowInfo, LimitingFactor, SendEvent } from "./controller.js";
import { defineController } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { type IpdRateParameters, ipdRateParameters, ipdRateTables, responseNames } from "./ipd-rate-table.js";
import { MAX_IPD } from "./ipd-rates.js";
import { integerParameter } from "./parameter-checks.js";
import { type RateTable, rateTable } from "./rate-table.js";
import { type ResponseBuilder, type ResponseName, resolveResponse } from "./response-registry.js";
import { turnerRate } from "./turner-rate.js";

/** Parameters of {@link hybrid}. */
export interface HybridParameters extends IpdRateParameters {
  /** Starting IPD (default staticIpd). */
  readonly initialIpd?: number;
  /** Largest window in packets (default 8); 1 fixes the window as in santos. */
  readonly maxWindow?: number;
  /** Starting window (default 1, turner's minimum). */
  readonly initialWindow?: number;
  /** Response function for the window over [1, maxWindow] (default: `response`). */
  readonly windowResponse?: ResponseName | ResponseBuilder;
}

/** A {@link Controller} with turner-2001's per-flow state visible (sec. 5.1.2). */
export interface HybridController extends Controller {
  /** CIPD: the current inter-packet delay; rate = lineRate/(1 + ipd). */
  readonly ipd: number;
  /** OUTS: packets sent and not yet acknowledged. */
  readonly outstanding: number;
  /** RPI: unmarked packets still to be acknowledged before the next increase. */
  readonly remainingPackets: number;
  /**
   * APSN: the highest sequence number sent when the limits were last adjusted; marks on
   * packets up to it are ignored (-Infinity before any adjustment).
   */
  readonly adjustmentSeq: number;
  /** RWL: what held back the most recent packet sent. */
  readonly limitedBy: LimitingFactor;
}

/**
 * turner-2001 sec. 5.1's hybrid controller. A packet may go when both the rate limit
 * (lineRate/(1+CIPD)) and the window (CWND packets in flight) allow it. Per flow:
 *
 * - `onSend` records OUTS and RWL, the factor that held the packet back (the host says
 *   which in `limitedBy`).
 * - Unmarked ACKs, only while RWL is "rate" or "window", take the packets they cover off
 *   RPI; when RPI reaches 0 the limiting factor alone is increased (CIPD or CWND, from the
 *   tables of {@link rateTable}) and RPI is reloaded for the new setting.
 * - A marked ACK decreases both CIPD and CWND, but only if it is for a packet sent after
 *   the last adjustment (APSN): a burst of marks causes one decrease.
 * - Every adjustment (increase or decrease) sets APSN to the last sequence number sent.
 * - A coalesced ACK for N packets is N-1 unmarked packets then one marked (sec. 3).
 *
 * When to use: windows larger than one packet, one decrease per burst of marks, only the
 * limiting factor grows; or to study turner's proposal against santos' per-ACK scheme.
 *
 * Gotchas (our reading, see the README): RPI is not reloaded on a decrease (turner) but is
 * capped at the new setting's full wait, and reloaded when it was parked at 0 because the
 * limiting factor was already at its maximum. The window response runs the same function
 * family on integer windows with Rmin = 1 packet and Rmax = maxWindow (e.g. AIMD gives
 * +1 packet per window of ACKs). RPI is not normalised across flows with different packet
 * sizes or link rates (turner's global table).
 *
 * @example
 * ```ts
 * const factory = hybrid({ response: "lipd", windowResponse: "aimd", maxWindow: 4 });
 * const controller = factory({ lineRate: 1e9, packetSize: 2048 });
 * controller.onSend({ seq: 1, bytes: 2048, limitedBy: "window" });
 * controller.onAck({ marked: false, bytes: 2048, seq: 1 }); // RPI 1 -> 0: CWND 1 -> 2
 * controller.onSend({ seq: 2, bytes: 2048, limitedBy: "rate" });
 * controller.onAck({ marked: true, bytes: 2048, seq: 2 }); // ipd 0 -> 1, CWND 2 -> 1
 * ```
 */
export function hybrid(parameters: HybridParameters): (flow: FlowInfo) => HybridController {
  const maxIpd = integerParameter("hybrid", "maxIpd", parameters.maxIpd, MAX_IPD, 1);
  const staticIpd = integerParameter("hybrid", "staticIpd", parameters.staticIpd, 0, 0);
  if (staticIpd > maxIpd) throw new RangeError("hybrid: staticIpd must be <= maxIpd");
  const initialIpd = integerParameter("hybrid", "initialIpd", parameters.initialIpd, staticIpd, staticIpd);
  if (initialIpd > maxIpd) throw new RangeError("hybrid: initialIpd must be <= maxIpd");
  const maxWindow = integerParameter("hybrid", "maxWindow", parameters.maxWindow, 8, 1);
  const initialWindow = integerParameter("hybrid", "initialWindow", parameters.initialWindow, 1, 1);
  if (initialWindow > maxWindow) throw new RangeError("hybrid: initialWindow must be <= maxWindow");
  const windowSpec = parameters.windowResponse ?? parameters.response;
  const m = parameters.m;
  const tables = ipdRateTables("hybrid", parameters.response, m, maxIpd);
  // The window table depends on no flow: built with the first flow, then shared (read only).
  let windows: RateTable | undefined;
  const windowTable = (): RateTable | undefined => {
    if (maxWindow === 1 || windows !== undefined) return windows;
    const windowM = typeof windowSpec === "string" && windowSpec !== "lipd" ? m : undefined;
    const windowFn = resolveResponse(windowSpec, { Rmax: maxWindow, Rmin: 1, m: windowM }, "hybrid");
    const levels = Array.from({ length: maxWindow }, (_, i) => maxWindow - i);
    windows = rateTable(windowFn, { levels });
    return windows;
  };
  return (flow) => {
    checkFlow(flow, "hybrid");
    const rates = tables(flow.lineRate);
    return new Hybrid(flow.lineRate, rates, windowTable(), maxWindow, staticIpd, initialIpd, initialWindow);
  };
}

class Hybrid implements HybridController {
  readonly wakeAt = undefined;
  #ipd: number;
  #window: number;
  #outstanding = 0;
  #remainingPackets: number;
  #adjustmentSeq = Number.NEGATIVE_INFINITY;
  #limitedBy: LimitingFactor = "other";
  private lastSentSeq = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly lineRate: number,
    private readonly rates: RateTable,
    private readonly windows: RateTable | undefined,
    private readonly maxWindow: number,
    private readonly staticIpd: number,
    initialIpd: number,
    initialWindow: number,
  ) {
    this.#ipd = initialIpd;
    this.#window = initialWindow;
    // turner-2001 sec. 5.1.3: RPI starts at the value for a CWND of one packet.
    this.#remainingPackets = this.fullWait(windows === undefined ? "rate" : "window");
  }

  get ipd(): number {
    return this.#ipd;
  }

  get window(): number {
    return this.#window;
  }

  get outstanding(): number {
    return this.#outstanding;
  }

  get remainingPackets(): number {
    return this.#remainingPackets;
  }

  get adjustmentSeq(): number {
    return this.#adjustmentSeq;
  }

  get limitedBy(): LimitingFactor {
    return this.#limitedBy;
  }

  get rate(): number {
    return this.lineRate / (1 + this.#ipd);
  }

  onSend(event: SendEvent): void {
    if (event.limitedBy !== "rate" && event.limitedBy !== "window" && event.limitedBy !== "other") {
      throw new Error(`hybrid: limitedBy must be "rate", "window" or "other", got ${JSON.stringify(event.limitedBy)}`);
    }
    this.#outstanding += 1;
    this.lastSentSeq = Math.max(this.lastSentSeq, event.seq);
    this.#limitedBy = event.limitedBy; // RWL
  }

  onAck(event: AckEvent): void {
    const packets = ackPackets(event, "hybrid");
    this.#outstanding = Math.max(0, this.#outstanding - packets); // OUTS
    // turner-2001 sec. 3: N packets, marked = N-1 unmarked then one marked.
    this.unmarked(event.marked ? packets - 1 : packets);
    if (event.marked) this.mark(event.seq);
  }

  onCnp(event?: CnpEvent): void {
    this.mark(event?.seq ?? Number.POSITIVE_INFINITY);
  }

  onTimer(): void {}

  /** turner-2001 sec. 5.1.3.1: count unmarked packets down RPI, increase at zero. */
  private unmarked(count: number): void {
    const factor = this.#limitedBy;
    if (factor === "other") return;
    let left = count;
    while (left > 0) {
      if (this.#remainingPackets > 0) {
        const taken = Math.min(this.#remainingPackets, left);
        this.#remainingPackets -= taken;
        left -= taken;
        if (this.#remainingPackets > 0) return;
      } else {
        left -= 1; // a packet acknowledged while RPI was parked at zero
      }
      if (!this.increase(factor)) return; // at its maximum: RPI stays parked at zero
      this.#remainingPackets = this.fullWait(factor);
      this.#adjustmentSeq = this.lastSentSeq; // APSN
    }
  }

  /** Raises the limiting factor by one table step; false when it is at its maximum. */
  private increase(factor: "rate" | "window"): boolean {
    if (factor === "rate") {
      if (this.#ipd <= this.staticIpd) return false;
      this.#ipd = Math.max(this.staticIpd, this.rates.increaseTo[this.#ipd] as number);
      return true;
    }
    if (this.windows === undefined || this.#window >= this.maxWindow) return false;
    const level = this.windows.increaseTo[this.maxWindow - this.#window] as number;
    this.#window = this.windows.levels[level] as number;
    return true;
  }

  /** turner-2001 sec. 5.1.3.2: one decrease per burst of marks, filtered by APSN. */
  private mark(seq: number): void {
    if (seq <= this.#adjustmentSeq) return;
    this.#ipd = this.rates.decreaseTo[this.#ipd] as number;
    if (this.windows !== undefined) {
      const level = this.windows.decreaseTo[this.maxWindow - this.#window] as number;
      this.#window = this.windows.levels[level] as number;
    }
    // RPI keeps its progress (turner) but never exceeds the new setting's full wait.
    const full = this.fullWait(this.#limitedBy === "window" ? "window" : "rate");
    this.#remainingPackets = this.#remainingPackets > 0 ? Math.min(this.#remainingPackets, full) : full;
    this.#adjustmentSeq = this.lastSentSeq; // APSN
  }

  /** RPI for the current setting of a factor: 0 when it cannot grow. */
  private fullWait(factor: "rate" | "window"): number {
    if (factor === "rate") {
      return this.#ipd <= this.staticIpd ? 0 : (this.rates.increaseAfter[this.#ipd] as number);
    }
    if (this.windows === undefined) return this.fullWait("rate");
    return this.windows.increaseAfter[this.maxWindow - this.#window] as number;
  }
}

/**
 * Registry entry (controllers.ts). Unreliable flows are rate controlled by `turner-rate` with
 * the same rate parameters (turner-2001 sec. 5.2: "the description of rate control for
 * reliable transport services must be additionally modified").
 */
export const hybridDefinition = defineController({
  kind: "hybrid",
  description:
    "turner-2001 sec. 5.1: hybrid rate/window control of reliable flows; unreliable ones take turner-rate (sec. 5.2)",
  parameters: {
    ...ipdRateParameters,
    initialIpd: {
      type: "integer",
      min: 0,
      max: IPD_LIMIT,
      optional: true,
      description: "starting IPD (default staticIpd)",
    },
    maxWindow: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      optional: true,
      description: "largest window in packets (default 8); 1 fixes the window",
    },
    initialWindow: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      optional: true,
      description: "starting window (default 1, turner's minimum)",
    },
    windowResponse: {
      type: "choice",
      values: responseNames,
      optional: true,
      description: "response function of the window (default: `response`)",
    },
  },
  create: (values) => {
    const { response, m, maxIpd, staticIpd } = values;
    return { reliable: hybrid(values), unreliable: turnerRate({ response, m, maxIpd, staticIpd }) };
  },
});
