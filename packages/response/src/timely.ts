/**
 * TIMELY (R. Mittal et al., _TIMELY: RTT-based Congestion Control for the Datacenter_,
 * SIGCOMM 2015, Algorithm 1): a rate controlled by the RTT and its gradient.
 */
import { MAX_FACTOR, MAX_PACKETS } from "@losslab/kinds";
import type { AckEvent, Controller, FlowInfo } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { checkMinRate, integerParameter, MEGABIT, positiveParameter } from "./parameter-checks.js";
import {
  linkFraction,
  megabits,
  ofLine,
  PS_PER_US,
  picoseconds,
  positiveUs,
  rateMbps,
  unitInterval,
} from "./scenario-units.js";

/** Microseconds to picoseconds. */
const MICROSECOND = 1e6;

/** Parameters of {@link timely}. Rates in bytes/s, times in picoseconds. */
export interface TimelyParameters {
  /** T_low: below it, additive increase whatever the gradient (default 50 us = 5e7 ps, TIMELY paper). */
  readonly lowThreshold?: number;
  /** T_high: above it, multiplicative decrease by β(1 - T_high/RTT) (default 500 us = 5e8 ps, TIMELY paper). */
  readonly highThreshold?: number;
  /** minRTT: normalises the gradient (default 20 us = 2e7 ps, TIMELY paper [?]; the HPCC simulator's `TimelyMinRtt`). */
  readonly minRtt?: number;
  /** α: the EWMA weight of a new RTT difference, in (0, 1] (default 0.875, TIMELY paper). */
  readonly ewmaWeight?: number;
  /** β: the multiplicative decrease factor, in (0, 1] (default 0.8, TIMELY paper). */
  readonly decreaseFactor?: number;
  /** δ: the additive increment (default 10 Mb/s = 1.25e6 B/s, TIMELY paper). */
  readonly additiveIncrease?: number;
  /** N: how many δ a hyper-active increase adds (default 5, TIMELY paper). */
  readonly hyperIncreaseMultiple?: number;
  /** How many completions in a row with gradient <= 0 make the next ones hyper-active (default 5, TIMELY paper). */
  readonly hyperIncreaseAfter?: number;
  /** The lowest rate (default 100 Mb/s = 12.5e6 B/s, the HPCC simulator's `MinRate`; the paper gives none). */
  readonly minRate?: number;
  /** The starting rate (default the line rate). */
  readonly initialRate?: number;
}

/** A {@link Controller} with TIMELY's state visible. */
export interface TimelyController extends Controller {
  /** The previous RTT sample (ps), undefined before the first. */
  readonly previousRtt: number | undefined;
  /** rtt_diff: the EWMA of RTT differences (ps). */
  readonly rttDifference: number;
  /** The last normalised gradient rtt_diff / minRTT (0 before the second sample). */
  readonly gradient: number;
  /** Completions in a row, up to this one, with gradient <= 0. */
  readonly negativeGradients: number;
}

/**
 * TIMELY's rate computation, per flow (Mittal et al., SIGCOMM 2015, Algorithm 1), one update
 * per ACK that carries an RTT sample (`rtt`, ps: one "completion event"):
 *
 * ```
 * new_rtt_diff = new_rtt - prev_rtt;  prev_rtt = new_rtt
 * rtt_diff = (1 - α)·rtt_diff + α·new_rtt_diff
 * gradient = rtt_diff / minRTT
 * new_rtt < T_low:       rate += δ
 * new_rtt > T_high:      rate *= 1 - β(1 - T_high/new_rtt)
 * gradient <= 0:         rate += N·δ, N = 5 from the 5th completion in a row with gradient <= 0, else 1
 * otherwise:             rate *= 1 - β·gradient
 * ```
 *
 * The rate stays in [minRate, line rate]. The first sample only sets prev_rtt. No window
 * (Infinity); no timer; CNPs are ignored.
 *
 * When to use: delay-based control where the host timestamps packets (the NIC's completion
 * timestamps in the paper).
 *
 * Gotchas: every ACK must carry `rtt`. The paper updates once per completion of a 16-64 KB
 * segment; feed one ACK per segment (or coalesce) to get its behaviour. `atRest` is
 * undefined: the controller keeps the previous RTT and the gradient's EWMA, which a new one lacks.
 *
 * @example
 * ```ts
 * const controller = timely()({ lineRate: 1.25e9, packetSize: 1500 });
 * controller.onAck({ marked: false, bytes: 64000, seq: 1, rtt: 40e6 }); // first sample: sets prev_rtt
 * controller.onAck({ marked: false, bytes: 64000, seq: 2, rtt: 600e6 }); // > T_high
 * controller.rate; // 1.25e9·(1 - 0.8·(1 - 500/600)) = 1.0833e9
 * ```
 */
export function timely(parameters: TimelyParameters = {}): (flow: FlowInfo) => TimelyController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("timely: parameters must be an object");
  }
  const p = parameters;
  const settings: TimelySettings = {
    lowThreshold: positiveParameter("timely", "lowThreshold", p.lowThreshold, 50 * MICROSECOND),
    highThreshold: positiveParameter("timely", "highThreshold", p.highThreshold, 500 * MICROSECOND),
    minRtt: positiveParameter("timely", "minRtt", p.minRtt, 20 * MICROSECOND),
    ewmaWeight: unitFraction("ewmaWeight", p.ewmaWeight, 0.875),
    decreaseFactor: unitFraction("decreaseFactor", p.decreaseFactor, 0.8),
    additiveIncrease: positiveParameter("timely", "additiveIncrease", p.additiveIncrease, 10 * MEGABIT),
    hyperIncreaseMultiple: integerParameter("timely", "hyperIncreaseMultiple", p.hyperIncreaseMultiple, 5, 1),
    hyperIncreaseAfter: integerParameter("timely", "hyperIncreaseAfter", p.hyperIncreaseAfter, 5, 1),
    minRate: positiveParameter("timely", "minRate", p.minRate, 100 * MEGABIT),
  };
  if (settings.lowThreshold >= settings.highThreshold) {
    throw new RangeError(
      `timely: lowThreshold (${settings.lowThreshold} ps) must be < highThreshold (${settings.highThreshold} ps)`,
    );
  }
  return (flow) => {
    checkFlow(flow, "timely");
    checkMinRate("timely", settings.minRate, flow);
    const initialRate = p.initialRate ?? flow.lineRate;
    if (!(initialRate >= settings.minRate && initialRate <= flow.lineRate)) {
      throw new RangeError(
        `timely: initialRate must be in [minRate, flow.lineRate] = [${settings.minRate}, ${flow.lineRate}] B/s, got ${String(p.initialRate)}`,
      );
    }
    return new Timely(flow.lineRate, initialRate, settings);
  };
}

/** A number in (0, 1], or `fallback`. */
function unitFraction(name: string, value: number | undefined, fallback: number): number {
  const result = positiveParameter("timely", name, value, fallback);
  if (result > 1) throw new RangeError(`timely: ${name} must be in (0, 1], got ${String(value)}`);
  return result;
}

interface TimelySettings {
  readonly lowThreshold: number;
  readonly highThreshold: number;
  readonly minRtt: number;
  readonly ewmaWeight: number;
  readonly decreaseFactor: number;
  readonly additiveIncrease: number;
  readonly hyperIncreaseMultiple: number;
  readonly hyperIncreaseAfter: number;
  readonly minRate: number;
}

class Timely implements TimelyController {
  readonly window = Number.POSITIVE_INFINITY;
  readonly wakeAt = undefined;
  #rate: number;
  #previousRtt: number | undefined;
  #rttDifference = 0;
  #gradient = 0;
  #negativeGradients = 0;

  constructor(
    private readonly lineRate: number,
    initialRate: number,
    private readonly settings: TimelySettings,
  ) {
    this.#rate = initialRate;
  }

  get rate(): number {
    return this.#rate;
  }

  get previousRtt(): number | undefined {
    return this.#previousRtt;
  }

  get rttDifference(): number {
    return this.#rttDifference;
  }

  get gradient(): number {
    return this.#gradient;
  }

  get negativeGradients(): number {
    return this.#negativeGradients;
  }

  onSend(): void {}

  /** One completion event: Algorithm 1 with the ACK's RTT sample. */
  onAck(event: AckEvent): void {
    ackPackets(event, "timely");
    const rtt = event.rtt;
    if (!(typeof rtt === "number" && Number.isFinite(rtt) && rtt > 0)) {
      throw new RangeError(`timely: ack.rtt (ps) must be a finite number > 0, got ${String(rtt)}`);
    }
    const previous = this.#previousRtt;
    this.#previousRtt = rtt;
    if (previous === undefined) return;
    const s = this.settings;
    this.#rttDifference = (1 - s.ewmaWeight) * this.#rttDifference + s.ewmaWeight * (rtt - previous);
    this.#gradient = this.#rttDifference / s.minRtt;
    this.#negativeGradients = this.#gradient <= 0 ? this.#negativeGradients + 1 : 0;
    let rate: number;
    if (rtt < s.lowThreshold) {
      rate = this.#rate + s.additiveIncrease;
    } else if (rtt > s.highThreshold) {
      rate = this.#rate * (1 - s.decreaseFactor * (1 - s.highThreshold / rtt));
    } else if (this.#gradient <= 0) {
      const n = this.#negativeGradients >= s.hyperIncreaseAfter ? s.hyperIncreaseMultiple : 1;
      rate = this.#rate + n * s.additiveIncrease;
    } else {
      rate = this.#rate * (1 - s.decreaseFactor * this.#gradient);
    }
    this.#rate = Math.min(Math.max(rate, s.minRate), this.lineRate);
  }

  onCnp(): void {}

  onTimer(): void {}
}

/** Registry entry (controllers.ts): TIMELY in scenario units (us, Mb/s, fractions of the link). */
export const timelyDefinition = defineController({
  kind: "timely",
  description: "TIMELY (Mittal et al., SIGCOMM 2015, Algorithm 1): a rate controlled by the RTT and its gradient",
  parameters: {
    lowThresholdUs: positiveUs("T_low, us: below it, additive increase whatever the gradient (default 50)"),
    highThresholdUs: positiveUs("T_high, us: above it, multiplicative decrease (default 500)"),
    minRttUs: positiveUs("minRTT, us: normalises the gradient (default 20)"),
    ewmaWeight: unitInterval("alpha: the EWMA weight of a new RTT difference (default 0.875)"),
    decreaseFactor: unitInterval("beta: the multiplicative decrease factor (default 0.8)"),
    additiveIncreaseMbps: rateMbps("delta, Mb/s: the additive increment (default 10)"),
    hyperIncreaseMultiple: {
      type: "integer",
      min: 1,
      max: MAX_FACTOR,
      optional: true,
      description: "N: how many delta a hyper-active increase adds (default 5)",
    },
    hyperIncreaseAfter: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      optional: true,
      description: "completions in a row with gradient <= 0 before increases turn hyper-active (default 5)",
    },
    minRateFraction: linkFraction("the lowest rate as a fraction of the link rate (default 100 Mb/s)"),
    initialRateFraction: linkFraction("the starting rate as a fraction of the link rate (default 1)"),
  },
  feedback: "rtt",
  create: (values, { lineRate }) =>
    everyFlow(
      timely({
        lowThreshold: picoseconds(values.lowThresholdUs, PS_PER_US),
        highThreshold: picoseconds(values.highThresholdUs, PS_PER_US),
        minRtt: picoseconds(values.minRttUs, PS_PER_US),
        ewmaWeight: values.ewmaWeight,
        decreaseFactor: values.decreaseFactor,
        additiveIncrease: megabits(values.additiveIncreaseMbps),
        hyperIncreaseMultiple: values.hyperIncreaseMultiple,
        hyperIncreaseAfter: values.hyperIncreaseAfter,
        minRate: ofLine(values.minRateFraction, lineRate),
        initialRate: ofLine(values.initialRateFraction, lineRate),
      }),
    ),
});
