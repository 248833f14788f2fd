/**
 * turner-2001 sec. 5.2's pure rate control for unreliable transport and RDMA read
 * responses: CIPD, RPI counted on transmissions, APSN, RWL; driven by CN packets, no ACKs.
 */
import { MAX_IPD as IPD_LIMIT } from "@losslab/kinds";
import type { CnpEvent, Controller, FlowInfo, LimitingFactor, SendEvent } from "./controller.js";
import { defineController } from "./controller-definition.js";
import { checkFlow } from "./event-checks.js";
import { type IpdRateParameters, ipdRateParameters, ipdRateTables } from "./ipd-rate-table.js";
import { MAX_IPD } from "./ipd-rates.js";
import { integerParameter } from "./parameter-checks.js";
import type { RateTable } from "./rate-table.js";

/** Parameters of {@link turnerRate}. */
export interface TurnerRateParameters extends IpdRateParameters {
  /**
   * The starting IPD is staticIpd + this (default 0): sec. 5.2's slow start, "initializing
   * the CIPD to an IPD value higher (lower rate) than the SIPD ... an offset from the SIPD".
   */
  readonly initialIpdOffset?: number;
}

/** A {@link Controller} with sec. 5.2's per-flow state visible. */
export interface TurnerRateController extends Controller {
  /** CIPD: the current inter-packet delay; rate = lineRate/(1 + ipd). */
  readonly ipd: number;
  /** RPI: rate-limited transmissions still to go before the next increase. */
  readonly remainingPackets: number;
  /** APSN: the last sequence number sent at the last adjustment; CNs up to it are ignored. */
  readonly adjustmentSeq: number;
  /** RWL: "rate" if the most recent packet sent was held back by the rate, else "other". */
  readonly limitedBy: LimitingFactor;
}

/**
 * turner-2001 sec. 5.2's rate control for flows without ACKs. Per flow:
 *
 * - `onSend`: RWL is "rate" when the rate limit held the packet back, else "other" (a
 *   window cannot: there is none). Each packet sent while rate limited takes one off RPI;
 *   when RPI reaches 0 the CIPD goes one table step towards the static IPD, RPI is reloaded
 *   for the new CIPD and APSN is set to this packet's sequence number.
 * - `onCnp`: one CN packet decreases the rate (CIPD from the table), unless it names a
 *   packet sent up to APSN; APSN is set to the last sequence number sent.
 * - `window` is Infinity: "there is no window size limitation" (sec. 5).
 *
 * When to use: unreliable flows (`reliable: false` in `@losslab/adapter`), whose
 * destinations return a CN packet per marked data packet. Reliable flows take {@link hybrid}.
 *
 * Gotchas: an ACK throws (an unreliable flow has none). RPI starts at the full wait of the
 * starting CIPD (sec. 5.1.3's "a CWND of one packet" has no counterpart without a window),
 * is kept through a decrease but capped at the new setting's wait, and is reloaded when it
 * was parked at 0, as in {@link hybrid}.
 *
 * @example
 * ```ts
 * const controller = turnerRate({ response: "lipd", maxIpd: 3, initialIpdOffset: 1 })({ lineRate: 1e9, packetSize: 2048 });
 * controller.ipd; // 1: rate 5e8
 * controller.onSend({ seq: 0, bytes: 2048, limitedBy: "rate" }); // RPI 2 -> 1
 * controller.onSend({ seq: 1, bytes: 2048, limitedBy: "rate" }); // RPI 1 -> 0: ipd 0
 * ```
 */
export function turnerRate(parameters: TurnerRateParameters): (flow: FlowInfo) => TurnerRateController {
  const maxIpd = integerParameter("turner-rate", "maxIpd", parameters.maxIpd, MAX_IPD, 1);
  const staticIpd = integerParameter("turner-rate", "staticIpd", parameters.staticIpd, 0, 0);
  const offset = integerParameter("turner-rate", "initialIpdOffset", parameters.initialIpdOffset, 0, 0);
  if (staticIpd + offset > maxIpd) throw new RangeError("turner-rate: staticIpd + initialIpdOffset must be <= maxIpd");
  const tables = ipdRateTables("turner-rate", parameters.response, parameters.m, maxIpd);
  return (flow) => {
    checkFlow(flow, "turner-rate");
    return new TurnerRate(flow.lineRate, tables(flow.lineRate), staticIpd, staticIpd + offset);
  };
}

class TurnerRate implements TurnerRateController {
  readonly window = Number.POSITIVE_INFINITY;
  readonly wakeAt = undefined;
  #ipd: number;
  #remainingPackets: number;
  #adjustmentSeq = Number.NEGATIVE_INFINITY;
  #limitedBy: LimitingFactor = "other";
  private lastSentSeq = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly lineRate: number,
    private readonly rates: RateTable,
    private readonly staticIpd: number,
    initialIpd: number,
  ) {
    this.#ipd = initialIpd;
    this.#remainingPackets = this.fullWait();
  }

  get ipd(): number {
    return this.#ipd;
  }

  get rate(): number {
    return this.lineRate / (1 + this.#ipd);
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

  onSend(event: SendEvent): void {
    const factor = event.limitedBy;
    if (factor !== "rate" && factor !== "window" && factor !== "other") {
      throw new Error(`turner-rate: limitedBy must be "rate", "window" or "other", got ${JSON.stringify(factor)}`);
    }
    this.lastSentSeq = Math.max(this.lastSentSeq, event.seq);
    // Sec. 5.2: "RWL identifies whether the flow is currently rate limited or limited by
    // other factors"; "RPI is decremented by one each time a data packet is transmitted if
    // the flow is rate limited."
    this.#limitedBy = factor === "rate" ? "rate" : "other";
    if (factor !== "rate" || this.#remainingPackets === 0) return;
    this.#remainingPackets -= 1;
    if (this.#remainingPackets > 0) return;
    // Sec. 5.1.3.1's increase, the rate being the only limit; at the static IPD RPI stays 0.
    if (this.#ipd > this.staticIpd) {
      this.#ipd = Math.max(this.staticIpd, this.rates.increaseTo[this.#ipd] as number);
      this.#remainingPackets = this.fullWait();
      this.#adjustmentSeq = this.lastSentSeq; // APSN
    }
  }

  onAck(): void {
    throw new Error("turner-rate: an unreliable flow gets no ACKs (use hybrid for reliable flows)");
  }

  /** Sec. 5.2: "Rate is decreased in response to a single CN packet", filtered by APSN. */
  onCnp(event?: CnpEvent): void {
    if ((event?.seq ?? Number.POSITIVE_INFINITY) <= this.#adjustmentSeq) return;
    this.#ipd = this.rates.decreaseTo[this.#ipd] as number;
    // Sec. 5.1.3.2: RPI is not re-initialised; kept, capped at the new setting's wait.
    const full = this.fullWait();
    this.#remainingPackets = this.#remainingPackets > 0 ? Math.min(this.#remainingPackets, full) : full;
    this.#adjustmentSeq = this.lastSentSeq; // APSN
  }

  onTimer(): void {}

  /** RPI for the current CIPD: 0 at the static IPD (nothing to increase to). */
  private fullWait(): number {
    return this.#ipd <= this.staticIpd ? 0 : (this.rates.increaseAfter[this.#ipd] as number);
  }
}

/** Registry entry (controllers.ts): controls unreliable flows only; reliable ones take `hybrid`. */
export const turnerRateDefinition = defineController({
  kind: "turner-rate",
  description: "turner-2001 sec. 5.2: rate control of unreliable flows (CN packets, no ACKs)",
  parameters: {
    ...ipdRateParameters,
    initialIpdOffset: {
      type: "integer",
      min: 0,
      max: IPD_LIMIT,
      optional: true,
      description: "start at staticIpd + this offset: sec. 5.2's slow start (default 0)",
    },
  },
  reliableFlows: 'use "hybrid", its control of reliable flows (turner-2001 sec. 5.1-5.2)',
  create: (values) => ({ unreliable: turnerRate(values) }),
});
