/**
 * IEEE 802.1Qau QCN's reaction point (the rate limiter of a congested flow at its source):
 * multiplicative decrease on a CNM, then fast recovery, active and hyper-active increase
 * clocked by a byte counter and a timer.
 */
import type { CnpEvent, Controller, FlowInfo, SendEvent } from "./controller.js";
import { checkFlow } from "./event-checks.js";
import { booleanParameter, choiceParameter, integerParameter, positiveParameter } from "./parameter-checks.js";

/** The largest quantized feedback a CNM carries: QntzFb has 6 bits. */
export const MAX_QCN_FEEDBACK = 63;

/** Bits per second to bytes per second, for the defaults given in Mb/s. */
const MEGABIT = 1e6 / 8;

/** When a counter's cycles are halved (BC_LIMIT / 2 bytes, T / 2): see {@link QcnParameters.halveCycles}. */
export type QcnHalving = "hyper-active" | "counter-active" | "never";

const halvings: readonly QcnHalving[] = ["hyper-active", "counter-active", "never"];

/** The reaction point's state: no rate limiter yet (or released), or one of the three increase phases. */
export type QcnPhase = "inactive" | "fast-recovery" | "active-increase" | "hyper-active-increase";

/** Parameters of {@link qcn}. Rates in bytes/s, sizes in bytes, times in picoseconds. */
export interface QcnParameters {
  /** Gd: CR *= 1 - Gd·QntzFb on a CNM (default 1/128, spec/algorithms.md [?]; QntzFb 63 then halves CR). */
  readonly decreaseGain?: number;
  /** Rmin: the rate limiter never goes below it (default 100 Mb/s = 12.5e6 B/s, ns3-rdma `MinRate`). */
  readonly minRate?: number;
  /** F: fast recovery lasts F cycles; the stage thresholds (default 5, ns3-rdma `FastRecoveryTimes`). */
  readonly fastRecoveryCycles?: number;
  /** R_AI: TR grows by it per active-increase cycle (default 5 Mb/s = 625e3 B/s, ns3-rdma `RateAI`). */
  readonly activeIncrease?: number;
  /** R_HAI: TR grows by i·R_HAI in the i-th hyper-active cycle (default 50 Mb/s = 6.25e6 B/s, ns3-rdma `RateHAI`). */
  readonly hyperIncrease?: number;
  /** BC_LIMIT: bytes sent per byte-counter cycle (default 150 000, ns3-rdma `ByteCounter`). */
  readonly byteLimit?: number;
  /** T: one timer cycle in picoseconds (default 15 ms = 1.5e10 ps, spec/algorithms.md [?]; drafts used 10 ms). */
  readonly timerPeriod?: number;
  /**
   * Which cycles last half as long (BC_LIMIT/2 bytes, T/2): "hyper-active" (default: every
   * cycle that starts in hyper-active increase, ns3-rdma), "counter-active" (a counter's own
   * cycles once its stage has reached F, the QCN pseudo-code as sef1/congestion-control runs
   * it) or "never".
   */
  readonly halveCycles?: QcnHalving;
  /**
   * At the end of a first recovery cycle (a stage becomes 1) with TR > 10·CR, TR /= 8 instead
   * of the cycle's increase (default true: both ns3-rdma and sef1/congestion-control do it).
   */
  readonly reduceStaleTarget?: boolean;
}

/** A {@link Controller} with the reaction point's state visible. */
export interface QcnController extends Controller {
  /** Whether the rate limiter is in use: from the first CNM until CR climbs back to the line rate. */
  readonly active: boolean;
  readonly phase: QcnPhase;
  /** CR, bytes/s (the line rate while inactive). */
  readonly currentRate: number;
  /** TR, bytes/s (the line rate while inactive). */
  readonly targetRate: number;
  /** BC stage: byte-counter cycles completed since the last CNM. */
  readonly byteStage: number;
  /** T stage: timer cycles completed since the last CNM. */
  readonly timerStage: number;
  /** Bytes still to send before the byte counter's cycle ends. */
  readonly bytesLeft: number;
}

/**
 * QCN's reaction point, per flow (IEEE 802.1Qau; spec/algorithms.md; the pseudo-code as
 * ns3-rdma `qbb-net-device.cc` and sef1/congestion-control `host.cc` implement it):
 *
 * - The first CNM activates the rate limiter at CR = TR = line rate. Each CNM with feedback
 *   QntzFb: if the byte counter has completed a cycle since the last CNM, TR = CR and the byte
 *   counter restarts; then CR = max(CR·(1 - Gd·QntzFb), Rmin), both stages go to 0 and the
 *   timer restarts.
 * - Each cycle of the byte counter (BC_LIMIT bytes sent, counted in `onSend`) or of the timer
 *   (T, through `wakeAt`/`onTimer`) raises that counter's stage by one, then: while both
 *   stages are <= F, fast recovery: CR = (CR + TR)/2; while one is > F, active increase:
 *   TR += R_AI, CR = (CR + TR)/2; when both are > F, hyper-active increase:
 *   TR += R_HAI·(min(stages) - F), CR = (CR + TR)/2. CR never exceeds the line rate; when
 *   it reaches it the rate limiter is released (`active` false, no timer).
 * - No window (Infinity); ACKs are ignored.
 *
 * When to use: chrysos' QCN experiments, with `@losslab/marking`'s `qcn` congestion point
 * delivering CNMs through `onCnp({ feedback, now })`.
 *
 * Gotchas: a CNM must carry `feedback` (QntzFb, an integer 0..63) and `now`. Cycle lengths
 * are not randomised (the pseudo-code draws them from 0.85..1.15 of the nominal length).
 * A send ends at most one byte-counter cycle (no carry-over), as in both implementations.
 *
 * @example
 * ```ts
 * const controller = qcn()({ lineRate: 1.25e9, packetSize: 1500 }); // 10 Gb/s
 * controller.onCnp({ feedback: 32, now: 0 }); // CR = 1.25e9·(1 - 32/128)
 * controller.rate; // 937500000
 * controller.wakeAt; // 15e9 ps: the timer's first cycle ends
 * ```
 */
export function qcn(parameters: QcnParameters = {}): (flow: FlowInfo) => QcnController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("qcn: parameters must be an object");
  }
  const decreaseGain = positiveParameter("qcn", "decreaseGain", parameters.decreaseGain, 1 / 128);
  if (decreaseGain * MAX_QCN_FEEDBACK >= 1) {
    throw new RangeError(
      `qcn: decreaseGain must be < 1/${MAX_QCN_FEEDBACK} so that QntzFb ${MAX_QCN_FEEDBACK} leaves a positive rate, got ${decreaseGain}`,
    );
  }
  const settings: QcnSettings = {
    decreaseGain,
    minRate: positiveParameter("qcn", "minRate", parameters.minRate, 100 * MEGABIT),
    fastRecoveryCycles: integerParameter("qcn", "fastRecoveryCycles", parameters.fastRecoveryCycles, 5, 1),
    activeIncrease: positiveParameter("qcn", "activeIncrease", parameters.activeIncrease, 5 * MEGABIT, true),
    hyperIncrease: positiveParameter("qcn", "hyperIncrease", parameters.hyperIncrease, 50 * MEGABIT, true),
    byteLimit: positiveParameter("qcn", "byteLimit", parameters.byteLimit, 150_000),
    timerPeriod: integerParameter("qcn", "timerPeriod", parameters.timerPeriod, 15e9, 1),
    halveCycles: choiceParameter("qcn", "halveCycles", parameters.halveCycles, "hyper-active", halvings),
    reduceStaleTarget: booleanParameter("qcn", "reduceStaleTarget", parameters.reduceStaleTarget, true),
  };
  return (flow) => {
    checkFlow(flow, "qcn");
    if (settings.minRate > flow.lineRate) {
      throw new RangeError(`qcn: minRate (${settings.minRate} B/s) must be <= flow.lineRate (${flow.lineRate} B/s)`);
    }
    return new Qcn(flow.lineRate, settings);
  };
}

interface QcnSettings {
  readonly decreaseGain: number;
  readonly minRate: number;
  readonly fastRecoveryCycles: number;
  readonly activeIncrease: number;
  readonly hyperIncrease: number;
  readonly byteLimit: number;
  readonly timerPeriod: number;
  readonly halveCycles: QcnHalving;
  readonly reduceStaleTarget: boolean;
}

class Qcn implements QcnController {
  readonly window = Number.POSITIVE_INFINITY;
  #active = false;
  #currentRate: number;
  #targetRate: number;
  #byteStage = 0;
  #timerStage = 0;
  #bytesLeft: number;
  #wakeAt: number | undefined;

  constructor(
    private readonly lineRate: number,
    private readonly settings: QcnSettings,
  ) {
    this.#currentRate = lineRate;
    this.#targetRate = lineRate;
    this.#bytesLeft = settings.byteLimit;
  }

  get active(): boolean {
    return this.#active;
  }

  get phase(): QcnPhase {
    if (!this.#active) return "inactive";
    const cycles = this.settings.fastRecoveryCycles;
    if (Math.max(this.#byteStage, this.#timerStage) <= cycles) return "fast-recovery";
    return Math.min(this.#byteStage, this.#timerStage) <= cycles ? "active-increase" : "hyper-active-increase";
  }

  get rate(): number {
    return this.#currentRate;
  }

  get currentRate(): number {
    return this.#currentRate;
  }

  get targetRate(): number {
    return this.#targetRate;
  }

  get byteStage(): number {
    return this.#byteStage;
  }

  get timerStage(): number {
    return this.#timerStage;
  }

  get bytesLeft(): number {
    return this.#bytesLeft;
  }

  get wakeAt(): number | undefined {
    return this.#wakeAt;
  }

  /** The byte counter: a cycle ends on the packet that completes its bytes. */
  onSend(event: SendEvent): void {
    if (!(event.bytes > 0 && Number.isFinite(event.bytes))) {
      throw new RangeError(`qcn: send.bytes must be a finite number > 0, got ${String(event.bytes)}`);
    }
    if (!this.#active) return;
    this.#bytesLeft -= event.bytes;
    if (this.#bytesLeft > 0) return;
    this.#byteStage += 1;
    this.increase();
    if (this.#active) this.#bytesLeft = this.cycleLength(this.settings.byteLimit, this.#byteStage);
  }

  onAck(): void {}

  /** A CNM: multiplicative decrease by its quantized feedback. */
  onCnp(event?: CnpEvent): void {
    const feedback = event?.feedback;
    if (!(Number.isInteger(feedback) && (feedback as number) >= 0 && (feedback as number) <= MAX_QCN_FEEDBACK)) {
      throw new RangeError(
        `qcn: cnp.feedback (QntzFb) must be an integer from 0 to ${MAX_QCN_FEEDBACK}, got ${String(feedback)}`,
      );
    }
    const now = event?.now;
    if (!(typeof now === "number" && Number.isFinite(now))) {
      throw new Error("qcn: cnp.now is required to restart the timer");
    }
    if (!this.#active) {
      // The first CNM takes a rate limiter, which starts at the line rate.
      this.#active = true;
      this.#currentRate = this.lineRate;
      this.#targetRate = this.lineRate;
      this.#bytesLeft = this.settings.byteLimit;
    } else if (this.#byteStage !== 0) {
      // Not "already decreasing": remember where the cut started from.
      this.#targetRate = this.#currentRate;
      this.#bytesLeft = this.settings.byteLimit;
    }
    this.#byteStage = 0;
    this.#timerStage = 0;
    const { decreaseGain, minRate, timerPeriod } = this.settings;
    this.#currentRate = Math.max(this.#currentRate * (1 - decreaseGain * (feedback as number)), minRate);
    this.#wakeAt = now + timerPeriod;
  }

  /** The timer: a cycle ends; calls before `wakeAt` are ignored. */
  onTimer(now: number): void {
    const due = this.#wakeAt;
    if (due === undefined || now < due) return;
    this.#timerStage += 1;
    this.increase();
    if (!this.#active) return;
    // The next cycle keeps the timer's phase even when this call came late.
    const period = Math.round(this.cycleLength(this.settings.timerPeriod, this.#timerStage));
    this.#wakeAt = due + (Math.floor((now - due) / period) + 1) * period;
  }

  /** One cycle of either counter ended: move CR toward TR, raising TR past fast recovery. */
  private increase(): void {
    const { fastRecoveryCycles, activeIncrease, hyperIncrease, reduceStaleTarget } = this.settings;
    const low = Math.min(this.#byteStage, this.#timerStage);
    const high = Math.max(this.#byteStage, this.#timerStage);
    const gain =
      high <= fastRecoveryCycles
        ? 0
        : low <= fastRecoveryCycles
          ? activeIncrease
          : hyperIncrease * (low - fastRecoveryCycles);
    if (
      reduceStaleTarget &&
      (this.#byteStage === 1 || this.#timerStage === 1) &&
      this.#targetRate > 10 * this.#currentRate
    ) {
      this.#targetRate /= 8;
    } else {
      this.#targetRate += gain;
    }
    this.#currentRate = Math.min((this.#currentRate + this.#targetRate) / 2, this.lineRate);
    if (this.#currentRate === this.lineRate) this.release();
  }

  /** CR is back at the line rate: the rate limiter goes back to the pool. */
  private release(): void {
    this.#active = false;
    this.#targetRate = this.lineRate;
    this.#byteStage = 0;
    this.#timerStage = 0;
    this.#bytesLeft = this.settings.byteLimit;
    this.#wakeAt = undefined;
  }

  /** The length of a counter's next cycle: halved per `halveCycles`. */
  private cycleLength(full: number, stage: number): number {
    const halve =
      this.settings.halveCycles === "counter-active"
        ? stage >= this.settings.fastRecoveryCycles
        : this.settings.halveCycles === "hyper-active" && this.phase === "hyper-active-increase";
    return halve ? full / 2 : full;
  }
}
