/**
 * NSCC, Ultra Ethernet's network-signal congestion control (UEC 1.0; as the consortium's
 * simulator uet-htsim implements it, docs/spec/uec.md sec. 2): a sender window driven by the
 * queueing delay of every ACK's RTT sample and its ECN echo.
 */
import { MAX_PACKETS, MAX_TIME_US, MIN_TIME_US } from "@losslab/kinds";
import type { AckEvent, Controller, FlowInfo, LossEvent, SendEvent } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { booleanParameter, integerParameter, positiveParameter } from "./parameter-checks.js";
import { PS_PER_US, picoseconds, positiveUs, unitInterval } from "./scenario-units.js";

/** Picoseconds per second. */
const PS_PER_SECOND = 1e12;
/** NSCC's scaling reference, 100 Gb/s x 12 us = 150 000 B (uet-htsim `uec.cpp:93-95`). */
export const NSCC_REFERENCE_BDP = (100e9 / 8) * 12e-6;
/** The reference RTT the target delay is scaled by, 12 us (uet-htsim `uec.cpp:94`). */
const REFERENCE_RTT = 12 * PS_PER_US;
/** Fast increase needs a delay below 1 us (uet-htsim `uec.cpp:1222`). */
const FAST_INCREASE_DELAY = 1 * PS_PER_US;
/** The largest multiplicative cut keeps half the window (uet-htsim `uec.cpp:1247`). */
const DECREASE_FLOOR = 0.5;
/** maxwnd = 1.5 x BDP (uet-htsim `uec.cpp:166`, `1396`). */
const MAX_WINDOW_BDPS = 1.5;
/** An adjustment once 8 MTU were ACKed since the last (uet-htsim `uec.cpp:135`). */
const ADJUST_PACKETS = 8;
/** Gains in MSS x scaling_factor_a: fi 5, alpha 4 (x b / target), eta 0.15, fi_scale 0.25 (uet-htsim `uec.cpp:124-130`). */
const FAIR_INCREASE_MSS = 5;
const PROPORTIONAL_INCREASE_MSS = 4;
const ETA_MSS = 0.15;
const FAST_INCREASE_SCALE = 0.25;

/**
 * Parameters of {@link nscc}. Times in picoseconds. Defaults are uet-htsim's
 * (`initNsccParams`, `uec.cpp:86-159`, with `dc/main_uec.cpp`'s command-line defaults); the UE
 * 1.0 specification's own numbers are not public (docs/spec/uec.md sec. 1), so none is known
 * to follow it or not, except the reference BDP and the target's formula, which uet-htsim's
 * comments and the spec's third-party readings name as the specification's.
 */
export interface NsccParameters {
  /**
   * network_rtt: the fabric's largest unloaded round trip, ps (required). The starting base
   * RTT (lowered by every smaller sample, `uec.cpp:1389-1400`), the adjust period
   * (`uec.cpp:134`) and, with the link rate, the BDP all gains scale with.
   */
  readonly networkRtt: number;
  /**
   * target_Qdelay, ps: the queueing delay NSCC steers to. Default network_rtt, uet-htsim's
   * value without trimming (`uec.cpp:104-112`; 0.75 x network_rtt with trimming): losslab's
   * fabric here is lossless (docs/spec/uec.md choice C9).
   */
  readonly targetDelay?: number;
  /** gamma: the multiplicative decrease gain (default 0.8, `uec.cpp:129`). */
  readonly gamma?: number;
  /** delay_alpha: the weight of a new sample in the delay EWMA (default 0.0125, `uec.cpp:132`). */
  readonly delayWeight?: number;
  /** Quick adapt on (default true; uet-htsim's `-disable_quick_adapt` turns it off). */
  readonly quickAdapt?: boolean;
  /** qa_gate: quick adapt only when less than maxwnd / 2^gate was ACKed in its window (default 3, `dc/main_uec.cpp:180-183`). */
  readonly quickAdaptGate?: number;
  /** The starting window in packets (default maxwnd = 1.5 BDP, `uec.cpp:169-173`; uet-htsim's `-cwnd`). */
  readonly initialWindow?: number;
}

/** A {@link Controller} with NSCC's state visible. Bytes and picoseconds. */
export interface NsccController extends Controller {
  /** cwnd in bytes (`window` is its whole packets: uet-htsim sends while cwnd >= in flight + a packet, `uec.cpp:1130-1135`). */
  readonly windowBytes: number;
  /** maxwnd: 1.5 x link rate x base RTT. */
  readonly maxWindow: number;
  /** base_rtt: the smallest RTT sample so far, network_rtt before any. */
  readonly baseRtt: number;
  /** avg_delay: the EWMA of queueing delay. */
  readonly averageDelay: number;
  /** The derived gains: alpha (B/ps), fi, eta (B), fi_scale. */
  readonly gains: { readonly alpha: number; readonly fi: number; readonly eta: number; readonly fiScale: number };
  /** target_Qdelay and qa_threshold (4 x target), ps. */
  readonly targetDelay: number;
  readonly quickAdaptThreshold: number;
}

/**
 * NSCC's sender, per flow (docs/spec/uec.md sec. 2). On every ACK, with its RTT sample
 * (`rtt`, ps) and ECN echo (`marked`) and B = the bytes it newly acknowledges:
 *
 * ```
 * base_rtt = min(base_rtt, rtt); delay = rtt - base_rtt; update avg_delay (EWMA)
 * quick adapt (once per base_rtt + target): if delay > 4 target and less than maxwnd/2^gate
 *   was ACKed in the window that ended: cwnd = max(ACKed, MTU), ignore marks for the bytes in flight
 * unmarked, delay >= target:  fair increase          inc += fi x B
 * unmarked, delay < target:   fast increase (delay < 1 us for over a cwnd): cwnd += fi_scale x B
 *                             else proportional      inc += alpha x B x (target - delay)
 * marked, delay >= target:    if avg_delay > target, once per base_rtt:
 *                             cwnd x= max(1 - gamma (avg_delay - target)/avg_delay, 0.5)
 * marked, delay < target:     nothing (uet-htsim's multipath moves off that path)
 * cwnd in [MTU, maxwnd]; after 8 MTU ACKed or network_rtt since the last: cwnd += inc / cwnd,
 *   + eta once per network_rtt
 * ```
 *
 * Gains scale with a = BDP / 150 000 B (100 Gb/s x 12 us) and b = target / 12 us: fi = 5 MSS a,
 * alpha = 4 MSS a b / target, eta = 0.15 MSS a, fi_scale = 0.25 a. MSS = the flow's packet size
 * (uet-htsim's MSS excludes a 64 B header; losslab's packets are one size). No rate limit, no
 * timer; CNPs are ignored.
 *
 * On a trimming fabric (`onLoss`), with B = the lost packet's bytes, which leave the flight:
 *
 * ```
 * NACK:    base_rtt = min(base_rtt, its rtt); avg_delay takes a marked sample of network_rtt;
 *          quick adapt is armed (fires at the next window end whatever the delay) and tried now;
 *          unless it fired or the NACK falls in bytes it ignores: cwnd -= B
 * timeout: cwnd -= B
 * ```
 *
 * When to use: UEC's sender-side control; the kind's `feedback: "rtt"` trait has scenarios
 * give every ACK an RTT sample.
 *
 * Gotchas: every ACK must carry `rtt`; the host must call `onSend` (bytes in flight, for
 * quick adapt). uet-htsim ACKs every 16 KB; per-packet ACKs give the same sums of B.
 *
 * @example
 * ```ts
 * const controller = nscc({ networkRtt: 12e6 })({ lineRate: 12.5e9, packetSize: 4096 });
 * controller.windowBytes; // 225 000: 1.5 x 150 000
 * ```
 */
export function nscc(parameters: NsccParameters): (flow: FlowInfo) => NsccController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("nscc: parameters must be an object");
  }
  const p = parameters;
  const networkRtt = positiveParameter("nscc", "networkRtt", p.networkRtt, Number.NaN);
  const settings: NsccSettings = {
    networkRtt,
    targetDelay: positiveParameter("nscc", "targetDelay", p.targetDelay, networkRtt),
    gamma: fraction("gamma", p.gamma, 0.8),
    delayWeight: fraction("delayWeight", p.delayWeight, 0.0125),
    quickAdapt: booleanParameter("nscc", "quickAdapt", p.quickAdapt, true),
    quickAdaptGate: integerParameter("nscc", "quickAdaptGate", p.quickAdaptGate, 3, 0),
  };
  const initialWindow = p.initialWindow;
  if (initialWindow !== undefined) integerParameter("nscc", "initialWindow", initialWindow, 1, 1);
  return (flow) => {
    checkFlow(flow, "nscc");
    return new Nscc(flow, settings, initialWindow);
  };
}

/** A number in (0, 1], or `fallback`. */
function fraction(name: string, value: number | undefined, fallback: number): number {
  const result = positiveParameter("nscc", name, value, fallback);
  if (result > 1) throw new RangeError(`nscc: ${name} must be in (0, 1], got ${String(value)}`);
  return result;
}

interface NsccSettings {
  readonly networkRtt: number;
  readonly targetDelay: number;
  readonly gamma: number;
  readonly delayWeight: number;
  readonly quickAdapt: boolean;
  readonly quickAdaptGate: number;
}

class Nscc implements NsccController {
  readonly rate = Number.POSITIVE_INFINITY;
  readonly wakeAt = undefined;
  readonly targetDelay: number;
  readonly quickAdaptThreshold: number;
  readonly gains: NsccController["gains"];
  private readonly mtu: number;
  private readonly lineRate: number;
  private readonly adjustBytes: number;
  #cwnd: number;
  #maxWindow: number;
  #baseRtt: number;
  #averageDelay = 0;
  /** inc_bytes: increase accumulated (bytes^2) until the next adjustment divides it by cwnd. */
  #increase = 0;
  /** received_bytes: ACKed since the last adjustment. */
  #received = 0;
  #lastAdjust = 0;
  #lastDecrease = 0;
  /** fi_count and the fast-increase state (uet-htsim's `_increase`). */
  #fastCount = 0;
  #fastIncreasing = false;
  /** Quick adapt: bytes ACKed in the current window, its end (0 before the first), bytes in flight, marks to ignore. */
  #achieved = 0;
  #quickAdaptEnd = 0;
  #inFlight = 0;
  #bytesToIgnore = 0;
  #bytesIgnored = 0;
  /** A NACK arms quick adapt until it fires (uet-htsim's `_trigger_qa`). */
  #quickAdaptArmed = false;

  constructor(
    flow: FlowInfo,
    private readonly settings: NsccSettings,
    initialWindow: number | undefined,
  ) {
    this.mtu = flow.packetSize;
    this.lineRate = flow.lineRate;
    this.adjustBytes = ADJUST_PACKETS * this.mtu;
    this.targetDelay = settings.targetDelay;
    this.quickAdaptThreshold = 4 * settings.targetDelay; // uet-htsim `uec.cpp:119`
    const a = (this.lineRate * settings.networkRtt) / PS_PER_SECOND / NSCC_REFERENCE_BDP;
    const b = settings.targetDelay / REFERENCE_RTT;
    this.gains = {
      alpha: (PROPORTIONAL_INCREASE_MSS * this.mtu * a * b) / settings.targetDelay,
      fi: FAIR_INCREASE_MSS * this.mtu * a,
      eta: ETA_MSS * this.mtu * a,
      fiScale: FAST_INCREASE_SCALE * a,
    };
    this.#baseRtt = settings.networkRtt;
    this.#maxWindow = this.maxWindowFor(this.#baseRtt);
    this.#cwnd = initialWindow === undefined ? this.#maxWindow : initialWindow * this.mtu;
  }

  get window(): number {
    return Math.max(1, Math.floor(this.#cwnd / this.mtu));
  }

  get windowBytes(): number {
    return this.#cwnd;
  }

  get maxWindow(): number {
    return this.#maxWindow;
  }

  get baseRtt(): number {
    return this.#baseRtt;
  }

  get averageDelay(): number {
    return this.#averageDelay;
  }

  onSend(event: SendEvent): void {
    this.#inFlight += event.bytes;
  }

  onAck(event: AckEvent): void {
    ackPackets(event, "nscc");
    const rtt = event.rtt;
    if (!(typeof rtt === "number" && Number.isFinite(rtt) && rtt > 0)) {
      throw new RangeError(`nscc: ack.rtt (ps) must be a finite number > 0, got ${String(rtt)}`);
    }
    const now = event.now ?? 0;
    const bytes = event.bytes;
    this.#inFlight = Math.max(0, this.#inFlight - bytes);
    this.#achieved += bytes;
    this.#received += bytes;
    this.#bytesIgnored += bytes;
    if (rtt < this.#baseRtt) {
      this.#baseRtt = rtt;
      this.#maxWindow = this.maxWindowFor(rtt);
    }
    const delay = rtt - this.#baseRtt;
    this.updateAverageDelay(delay, event.marked);
    if (this.quickAdapted(event.marked, delay, now)) return;
    const s = this.settings;
    if (!event.marked) {
      if (delay >= s.targetDelay) this.#increase += this.gains.fi * bytes;
      else if (!this.fastIncrease(bytes, delay)) this.#increase += this.gains.alpha * bytes * (s.targetDelay - delay);
    } else if (delay >= s.targetDelay) {
      this.multiplicativeDecrease(now);
    }
    this.bound();
    if (this.#received > this.adjustBytes || now - this.#lastAdjust > s.networkRtt) this.adjust(now);
    this.bound();
  }

  onCnp(): void {}

  onTimer(): void {}

  /**
   * A NACK (uet-htsim `processNack`, `uec.cpp:1560-1591`, and `updateCwndOnNack_NSCC`,
   * `uec.cpp:1359-1384`) or a retransmission timeout (`mark_packet_for_retransmission`,
   * `uec.cpp:1297-1304`). uet-htsim spares cwnd a last-hop trim when RCCC is also on; losslab's
   * NACK does not say where the trim was, so every NACK is treated as one in the network.
   */
  onLoss(event: LossEvent): void {
    const bytes = event.bytes;
    if (!(Number.isFinite(bytes) && bytes > 0)) {
      throw new RangeError(`nscc: loss.bytes must be a finite number > 0, got ${String(bytes)}`);
    }
    if (event.cause === "timeout") {
      this.#inFlight = Math.max(0, this.#inFlight - bytes);
      this.#cwnd = Math.max(this.#cwnd - bytes, this.mtu);
      return;
    }
    const rtt = event.rtt;
    if (rtt !== undefined && rtt > 0 && rtt < this.#baseRtt) {
      this.#baseRtt = rtt;
      this.#maxWindow = this.maxWindowFor(rtt);
    }
    this.#bytesIgnored += bytes;
    // A trim means a queue at the threshold, about network_rtt of delay (uec.cpp:1366-1369).
    this.updateAverageDelay(this.settings.networkRtt, true);
    this.#quickAdaptArmed = true;
    // The NACKed bytes leave the flight after quick adapt has read it, as in uet-htsim (uec.cpp:1591).
    if (!this.quickAdapted(true, 0, event.now ?? 0, true)) {
      this.#cwnd -= bytes;
      this.bound();
    }
    this.#inFlight = Math.max(0, this.#inFlight - bytes);
  }

  private maxWindowFor(rtt: number): number {
    return (MAX_WINDOW_BDPS * this.lineRate * rtt) / PS_PER_SECOND;
  }

  /**
   * avg_delay's EWMA (uet-htsim `update_delay`, `uec.cpp:1402-1423`). An unmarked sample above
   * the target feeds base_rtt/4 instead, as uet-htsim is written (docs/spec/uec.md choice C4).
   */
  private updateAverageDelay(delay: number, marked: boolean): void {
    const sample = !marked && delay > this.settings.targetDelay ? this.#baseRtt / 4 : delay;
    const w = this.settings.delayWeight;
    this.#averageDelay = w * sample + (1 - w) * this.#averageDelay;
  }

  /**
   * Quick adapt (uet-htsim `uec.cpp:1145-1200`): true when this feedback is spent (quick adapt
   * fired now, or a marked ACK or a NACK for bytes that were in flight when it last fired).
   * `loss`: a NACK, which fires it whatever the delay, as does an earlier NACK's arming.
   */
  private quickAdapted(marked: boolean, delay: number, now: number, loss = false): boolean {
    if (!this.settings.quickAdapt) return false;
    let spent = false;
    if (marked && this.#bytesIgnored < this.#bytesToIgnore) {
      spent = true;
    } else if (now > this.#quickAdaptEnd) {
      if (
        this.#quickAdaptEnd !== 0 &&
        (this.#quickAdaptArmed || loss || delay > this.quickAdaptThreshold) &&
        this.#achieved < this.#maxWindow / 2 ** this.settings.quickAdaptGate
      ) {
        this.#cwnd = Math.max(this.#achieved, this.mtu);
        this.#bytesToIgnore = this.#inFlight;
        this.#bytesIgnored = 0;
        this.#quickAdaptArmed = false;
        spent = true;
      }
      this.#achieved = 0;
      this.#quickAdaptEnd = now + this.#baseRtt + this.settings.targetDelay;
    }
    if (spent) {
      this.#increase = 0;
      this.#received = 0;
    }
    return spent;
  }

  /** Fast increase (uet-htsim `uec.cpp:1208-1238`): true when it grew cwnd, in place of a proportional increase. */
  private fastIncrease(bytes: number, delay: number): boolean {
    if (delay < FAST_INCREASE_DELAY) {
      this.#fastCount += bytes;
      if (this.#fastCount > this.#cwnd || this.#fastIncreasing) {
        this.#cwnd += bytes * this.gains.fiScale;
        this.#fastIncreasing = true;
        return true;
      }
    } else {
      this.#fastCount = 0;
    }
    this.#fastIncreasing = false;
    return false;
  }

  /** Multiplicative decrease (uet-htsim `uec.cpp:1240-1255`): at most once per base RTT, only while avg_delay is above the target. */
  private multiplicativeDecrease(now: number): void {
    this.#fastIncreasing = false;
    this.#fastCount = 0;
    const average = this.#averageDelay;
    const target = this.settings.targetDelay;
    if (average > target && now - this.#lastDecrease > this.#baseRtt) {
      this.#cwnd *= Math.max(1 - (this.settings.gamma * (average - target)) / average, DECREASE_FLOOR);
      this.#cwnd = Math.max(this.#cwnd, this.mtu);
      this.#lastDecrease = now;
    }
  }

  /** fulfill_adjustment (uet-htsim `uec.cpp:1257-1295`): the accumulated increase, and eta once per network RTT. */
  private adjust(now: number): void {
    this.#cwnd += this.#increase / this.#cwnd;
    if (now - this.#lastAdjust >= this.settings.networkRtt) {
      this.#cwnd += this.gains.eta;
      this.#lastAdjust = now;
    }
    this.#increase = 0;
    this.#received = 0;
  }

  /** cwnd in [MTU, maxwnd] (uet-htsim `set_cwnd_bounds`). */
  private bound(): void {
    this.#cwnd = Math.min(Math.max(this.#cwnd, this.mtu), this.#maxWindow);
  }
}

/** Registry entry (controllers.ts): NSCC in scenario units (us, packets). */
export const nsccDefinition = defineController({
  kind: "nscc",
  description:
    "NSCC (Ultra Ethernet 1.0, as uet-htsim implements it): a window from ACKs' queueing delay and ECN, 1.5 BDP at most",
  parameters: {
    networkRttUs: {
      type: "number",
      min: MIN_TIME_US,
      max: MAX_TIME_US,
      optional: true,
      description: "network_rtt, us: the starting base RTT and gains' scale (default the fabric's largest unloaded)",
    },
    targetDelayUs: positiveUs("target_Qdelay, us: the queueing delay steered to (default network_rtt, lossless)"),
    gamma: unitInterval("the multiplicative decrease gain (default 0.8)"),
    delayWeight: unitInterval("the delay EWMA's weight of a new sample (default 0.0125)"),
    quickAdapt: { type: "boolean", optional: true, description: "quick adapt on (default true)" },
    quickAdaptGate: {
      type: "integer",
      min: 0,
      max: 30,
      optional: true,
      description: "quick adapt only below maxwnd / 2^gate ACKed in its window (default 3)",
    },
    initialWindowPackets: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      optional: true,
      description: "the starting window, packets (default maxwnd = 1.5 BDP)",
    },
  },
  feedback: "rtt",
  create: ({ networkRttUs, targetDelayUs, initialWindowPackets, ...rest }, { baseRtt }) => {
    const networkRtt = networkRttUs === undefined ? baseRtt : picoseconds(networkRttUs, PS_PER_US);
    if (networkRtt === undefined) {
      throw new RangeError(
        "nscc: give networkRttUs (the largest unloaded round trip, us): the fabric's is not known here",
      );
    }
    return everyFlow(
      nscc({
        networkRtt,
        targetDelay: picoseconds(targetDelayUs, PS_PER_US),
        initialWindow: initialWindowPackets,
        ...rest,
      }),
    );
  },
});
