/**
 * The rate increase of QCN's reaction point, shared by `qcn` and `dcqcn`
 * (internal): a rate limiter with a current and a target rate, raised in fast recovery,
 * active and hyper-active increase by cycles of a byte counter and a timer. DCQCN's
 * reaction point (Zhu et al., SIGCOMM 2015, sec. 3) reuses QCN's increase unchanged and
 * differs only in its decrease, so each controller adds only its `onCnp`.
 */
import { MAX_BUFFER_BYTES, MAX_PACKETS, type ValuesOf } from "@losslab/kinds";
import type { AckEvent, CnpEvent, FlowInfo, SendEvent } from "./controller.js";
import { checkFlow } from "./event-checks.js";
import {
  booleanParameter,
  checkMinRate,
  choiceParameter,
  integerParameter,
  positiveParameter,
} from "./parameter-checks.js";
import { linkFraction, megabits, ofLine, rateMbps } from "./scenario-units.js";

/** When a counter's cycles are halved (BC_LIMIT / 2 bytes, T / 2): see `QcnParameters.halveCycles`. */
export type QcnHalving = "hyper-active" | "counter-active" | "never";

const halvings: readonly QcnHalving[] = ["hyper-active", "counter-active", "never"];

/** The reaction point's state: no rate limiter yet (or released), or one of the three increase phases. */
export type QcnPhase = "inactive" | "fast-recovery" | "active-increase" | "hyper-active-increase";

/**
 * The rate-increase parameters of QCN's reaction point, which {@link qcn} and {@link dcqcn}
 * share; each documents its own defaults. Rates in bytes/s, sizes in bytes, times in ps.
 */
export interface RateIncreaseParameters {
  /** Rmin: the rate limiter never goes below it; must be <= the line rate. */
  readonly minRate?: number;
  /** F: fast recovery lasts F cycles; the stage thresholds. */
  readonly fastRecoveryCycles?: number;
  /** R_AI: TR grows by it per active-increase cycle. */
  readonly activeIncrease?: number;
  /** R_HAI: TR grows by i·R_HAI in the i-th hyper-active cycle. */
  readonly hyperIncrease?: number;
  /** BC_LIMIT (DCQCN's B): bytes sent per byte-counter cycle. */
  readonly byteLimit?: number;
  /** T: one timer cycle, in picoseconds (an integer). */
  readonly timerPeriod?: number;
  /**
   * Which cycles last half as long (BC_LIMIT/2 bytes, T/2): "hyper-active" (every cycle that
   * starts in hyper-active increase, ns3-rdma), "counter-active" (a counter's own cycles once
   * its stage has reached F, the QCN pseudo-code as sef1/congestion-control runs it) or "never".
   */
  readonly halveCycles?: QcnHalving;
  /** At the end of a first recovery cycle (a stage becomes 1) with TR > 10·CR, TR /= 8 instead of the cycle's increase. */
  readonly reduceStaleTarget?: boolean;
}

/** The increase parameters, checked, with every default filled in. */
export type IncreaseSettings = {
  readonly [Name in keyof RateIncreaseParameters]-?: NonNullable<RateIncreaseParameters[Name]>;
};

/**
 * Checks the increase parameters of `owner`, filling in its `defaults` (halveCycles
 * "hyper-active" and reduceStaleTarget true, ns3-rdma's, unless given); errors name the field.
 */
export function increaseSettings(
  owner: string,
  parameters: RateIncreaseParameters,
  defaults: Omit<IncreaseSettings, "halveCycles" | "reduceStaleTarget">,
): IncreaseSettings {
  const p = parameters;
  const d: IncreaseSettings = { halveCycles: "hyper-active", reduceStaleTarget: true, ...defaults };
  return {
    minRate: positiveParameter(owner, "minRate", p.minRate, d.minRate),
    fastRecoveryCycles: integerParameter(owner, "fastRecoveryCycles", p.fastRecoveryCycles, d.fastRecoveryCycles, 1),
    activeIncrease: positiveParameter(owner, "activeIncrease", p.activeIncrease, d.activeIncrease, true),
    hyperIncrease: positiveParameter(owner, "hyperIncrease", p.hyperIncrease, d.hyperIncrease, true),
    byteLimit: positiveParameter(owner, "byteLimit", p.byteLimit, d.byteLimit),
    timerPeriod: integerParameter(owner, "timerPeriod", p.timerPeriod, d.timerPeriod, 1),
    halveCycles: choiceParameter(owner, "halveCycles", p.halveCycles, d.halveCycles, halvings),
    reduceStaleTarget: booleanParameter(owner, "reduceStaleTarget", p.reduceStaleTarget, d.reduceStaleTarget),
  };
}

/** Checks the flow a reaction point's factory receives, and that it can carry `minRate`. */
export function checkReactionPointFlow(owner: string, settings: IncreaseSettings, flow: FlowInfo): void {
  checkFlow(flow, owner);
  checkMinRate(owner, settings.minRate, flow);
}

/** The state both reaction points expose. */
export interface ReactionPointState {
  /** Whether the rate limiter is in use: from the first notification until CR climbs back to the line rate. */
  readonly active: boolean;
  readonly phase: QcnPhase;
  /** CR (DCQCN's RC), bytes/s (the line rate while inactive). */
  readonly currentRate: number;
  /** TR (DCQCN's RT), bytes/s (the line rate while inactive). */
  readonly targetRate: number;
  /** BC stage: byte-counter cycles completed since the last notification. */
  readonly byteStage: number;
  /** T stage: timer cycles completed since the last notification. */
  readonly timerStage: number;
  /** Bytes still to send before the byte counter's cycle ends. */
  readonly bytesLeft: number;
}

/**
 * QCN's rate increase as a base class: everything but the reaction to a notification, which
 * a subclass writes with {@link ReactionPoint.decrease}. No window (Infinity); ACKs are ignored.
 */
export abstract class ReactionPoint implements ReactionPointState {
  readonly window = Number.POSITIVE_INFINITY;
  #active = false;
  #currentRate: number;
  #targetRate: number;
  #byteStage = 0;
  #timerStage = 0;
  #bytesLeft: number;
  #wakeAt: number | undefined;

  constructor(
    protected readonly owner: string,
    protected readonly lineRate: number,
    protected readonly settings: IncreaseSettings,
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
      throw new RangeError(`${this.owner}: send.bytes must be a finite number > 0, got ${String(event.bytes)}`);
    }
    if (!this.#active) return;
    this.#bytesLeft -= event.bytes;
    if (this.#bytesLeft > 0) return;
    this.#byteStage += 1;
    this.increase();
    if (this.#active) this.#bytesLeft = this.cycleLength(this.settings.byteLimit, this.#byteStage);
  }

  onAck(_event: AckEvent): void {}

  abstract onCnp(event?: CnpEvent): void;

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

  /** The `now` a notification must carry, checked. */
  protected notificationTime(event: CnpEvent | undefined): number {
    const now = event?.now;
    if (!(typeof now === "number" && Number.isFinite(now))) {
      throw new Error(`${this.owner}: cnp.now is required to restart the timer`);
    }
    return now;
  }

  /**
   * A notification at `now`: the first one takes a rate limiter at the line rate; otherwise,
   * when `rememberTarget`, TR = CR and the byte counter restarts. Then CR = max(CR·factor,
   * Rmin), both stages go to 0 and the timer restarts.
   */
  protected decrease(now: number, factor: number, rememberTarget: boolean): void {
    if (!this.#active) {
      this.#active = true;
      this.#currentRate = this.lineRate;
      this.#targetRate = this.lineRate;
      this.#bytesLeft = this.settings.byteLimit;
    } else if (rememberTarget) {
      this.#targetRate = this.#currentRate;
      this.#bytesLeft = this.settings.byteLimit;
    }
    this.#byteStage = 0;
    this.#timerStage = 0;
    this.#currentRate = Math.max(this.#currentRate * factor, this.settings.minRate);
    this.#wakeAt = now + this.settings.timerPeriod;
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

/** The defaults `qcn` and `dcqcn` document for their scenario fields (the functions hold the values). */
interface IncreaseDefaults {
  readonly minRate: string;
  readonly fastRecoveryCycles: string;
  readonly activeIncrease: string;
  readonly hyperIncrease: string;
  readonly byteLimit: string;
}

/** The scenario fields of the rate increase (all but its timer, whose unit differs), in scenario units. */
export function rateIncreaseParameters(defaults: IncreaseDefaults) {
  return {
    minRateFraction: linkFraction(`Rmin as a fraction of the link rate (default ${defaults.minRate})`),
    fastRecoveryCycles: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      optional: true,
      description: `F: fast recovery lasts F cycles (default ${defaults.fastRecoveryCycles})`,
    },
    activeIncreaseMbps: rateMbps(
      `R_AI, Mb/s: TR's step per active-increase cycle (default ${defaults.activeIncrease})`,
    ),
    hyperIncreaseMbps: rateMbps(`R_HAI, Mb/s: TR's step in hyper-active increase (default ${defaults.hyperIncrease})`),
    byteLimit: {
      type: "integer",
      min: 1,
      max: MAX_BUFFER_BYTES,
      optional: true,
      description: `BC_LIMIT, bytes sent per byte-counter cycle (default ${defaults.byteLimit})`,
    },
  } as const;
}

/** The rate increase's scenario values in the functions' units (bytes/s). */
export function rateIncrease(
  values: ValuesOf<ReturnType<typeof rateIncreaseParameters>>,
  lineRate: number,
): RateIncreaseParameters {
  return {
    minRate: ofLine(values.minRateFraction, lineRate),
    fastRecoveryCycles: values.fastRecoveryCycles,
    activeIncrease: megabits(values.activeIncreaseMbps),
    hyperIncrease: megabits(values.hyperIncreaseMbps),
    byteLimit: values.byteLimit,
  };
}
