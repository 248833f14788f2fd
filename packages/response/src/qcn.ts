/**
 * IEEE 802.1Qau QCN's reaction point (the rate limiter of a congested flow at its source):
 * multiplicative decrease on a CNM, then fast recovery, active and hyper-active increase
 * clocked by a byte counter and a timer.
 */
import { MAX_TIME_MS, MIN_TIME_MS } from "@losslab/kinds";
import type { CnpEvent, Controller, FlowInfo } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { MEGABIT, positiveParameter } from "./parameter-checks.js";
import {
  checkReactionPointFlow,
  type IncreaseSettings,
  increaseSettings,
  type RateIncreaseParameters,
  ReactionPoint,
  type ReactionPointState,
  rateIncrease,
  rateIncreaseParameters,
} from "./reaction-point.js";
import { PS_PER_MS, picoseconds } from "./scenario-units.js";

export type { QcnHalving, QcnPhase, RateIncreaseParameters } from "./reaction-point.js";

/** The largest quantized feedback a CNM carries: QntzFb has 6 bits. */
export const MAX_QCN_FEEDBACK = 63;

/**
 * Parameters of {@link qcn}. Rates in bytes/s, sizes in bytes, times in picoseconds. Defaults
 * (sources in the README): decreaseGain 1/128 (spec/algorithms.md [?]); minRate 100 Mb/s =
 * 12.5e6 B/s (ns3-rdma `MinRate`); fastRecoveryCycles 5 (ns3-rdma `FastRecoveryTimes`);
 * activeIncrease 5 Mb/s = 625e3 B/s (ns3-rdma `RateAI`); hyperIncrease 50 Mb/s = 6.25e6 B/s
 * (ns3-rdma `RateHAI`); byteLimit 150 000 (ns3-rdma `ByteCounter`); timerPeriod 15 ms =
 * 1.5e10 ps (spec/algorithms.md [?]; drafts used 10 ms); halveCycles "hyper-active"
 * (ns3-rdma); reduceStaleTarget true (ns3-rdma and sef1/congestion-control both do it).
 */
export interface QcnParameters extends RateIncreaseParameters {
  /** Gd: CR *= 1 - Gd·QntzFb on a CNM (default 1/128; QntzFb 63 then halves CR); must be < 1/63. */
  readonly decreaseGain?: number;
}

/** A {@link Controller} with the reaction point's state visible. */
export interface QcnController extends Controller, ReactionPointState {}

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
  const settings = increaseSettings("qcn", parameters, {
    minRate: 100 * MEGABIT,
    fastRecoveryCycles: 5,
    activeIncrease: 5 * MEGABIT,
    hyperIncrease: 50 * MEGABIT,
    byteLimit: 150_000,
    timerPeriod: 15e9,
  });
  return (flow) => {
    checkReactionPointFlow("qcn", settings, flow);
    return new Qcn(flow.lineRate, settings, decreaseGain);
  };
}

class Qcn extends ReactionPoint implements QcnController {
  constructor(
    lineRate: number,
    settings: IncreaseSettings,
    private readonly decreaseGain: number,
  ) {
    super("qcn", lineRate, settings);
  }

  /**
   * A CNM: multiplicative decrease by its quantized feedback. TR = CR only when the byte
   * counter has completed a cycle since the last CNM (otherwise it is "already decreasing").
   */
  onCnp(event?: CnpEvent): void {
    const feedback = event?.feedback;
    if (!(Number.isInteger(feedback) && (feedback as number) >= 0 && (feedback as number) <= MAX_QCN_FEEDBACK)) {
      throw new RangeError(
        `qcn: cnp.feedback (QntzFb) must be an integer from 0 to ${MAX_QCN_FEEDBACK}, got ${String(feedback)}`,
      );
    }
    const now = this.notificationTime(event);
    this.decrease(now, 1 - this.decreaseGain * (feedback as number), this.byteStage !== 0);
  }
}

/** Registry entry (controllers.ts): 802.1Qau's reaction point in scenario units. */
export const qcnDefinition = defineController({
  kind: "qcn",
  description: "IEEE 802.1Qau QCN's reaction point: a cut per CNM, then fast recovery and active increase",
  parameters: {
    decreaseGain: {
      type: "number",
      min: 0,
      minExclusive: true,
      max: 1,
      optional: true,
      description: "Gd: CR *= 1 - Gd x QntzFb on a CNM (default 1/128; below 1/63)",
    },
    ...rateIncreaseParameters({
      minRate: "100 Mb/s",
      fastRecoveryCycles: "5",
      activeIncrease: "5",
      hyperIncrease: "50",
      byteLimit: "150,000",
    }),
    timerMs: {
      type: "number",
      min: MIN_TIME_MS,
      max: MAX_TIME_MS,
      optional: true,
      description: "T, ms: one cycle of the increase timer (default 15)",
    },
  },
  create: ({ decreaseGain, timerMs, ...increase }, { lineRate }) =>
    everyFlow(qcn({ decreaseGain, ...rateIncrease(increase, lineRate), timerPeriod: picoseconds(timerMs, PS_PER_MS) })),
});
