/**
 * DCQCN's reaction point (Y. Zhu et al., _Congestion Control for Large-Scale RDMA
 * Deployments_, SIGCOMM 2015, sec. 3, the RP algorithm): a cut by alpha/2 on each CNP, alpha
 * an estimate of how often CNPs come, then QCN's rate increase.
 */

import type { CnpEvent, Controller, FlowInfo } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { integerParameter, MEGABIT, positiveParameter } from "./parameter-checks.js";
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
import { PS_PER_US, picoseconds, positiveUs, unitInterval } from "./scenario-units.js";

/**
 * Parameters of {@link dcqcn}. Rates in bytes/s, sizes in bytes, times in picoseconds. The
 * increase's defaults (sources in the README): minRate 100 Mb/s = 12.5e6 B/s (ns3-rdma and
 * HPCC's simulator `MinRate`); fastRecoveryCycles 5 (spec/algorithms.md); activeIncrease
 * 40 Mb/s = 5e6 B/s and hyperIncrease 200 Mb/s = 25e6 B/s (ns3-rdma `mix/config.txt`);
 * byteLimit 10 MB = 10 000 000 (the DCQCN paper); timerPeriod 55 us = 55e6 ps (HPCC's
 * `run.py` `dcqcn_paper`); halveCycles "hyper-active" and reduceStaleTarget true (ns3-rdma),
 * as in {@link qcn}.
 */
export interface DcqcnParameters extends RateIncreaseParameters {
  /** g: alpha's gain, in (0, 1] (default 1/256, DCQCN paper sec. 3). */
  readonly gain?: number;
  /** K: alpha decays once per whole K without a CNP, in ps (default 55 us = 55e6 ps, DCQCN paper sec. 3). */
  readonly alphaPeriod?: number;
  /** Alpha before the first CNP, in (0, 1] (default 1: the first CNP halves the rate; ns3-rdma and HPCC's simulator). */
  readonly initialAlpha?: number;
}

/** A {@link Controller} with DCQCN's reaction point state visible. */
export interface DcqcnController extends Controller, ReactionPointState {
  /** Alpha as of the last CNP (before any decay since); {@link DcqcnController.alphaAt} decays it. */
  readonly alpha: number;
  /** Alpha at time `now` (ps): the last CNP's value times (1 - g) per whole K since that CNP. */
  alphaAt(now: number): number;
}

/**
 * DCQCN's reaction point, per flow (Zhu et al., SIGCOMM 2015, sec. 3; spec/algorithms.md):
 *
 * - On a CNP at `now`: first alpha decays by (1 - g) for each whole K since the last CNP.
 *   Then RT = RC; RC = max(RC·(1 - alpha/2), Rmin); alpha = (1 - g)·alpha + g; the byte
 *   counter, the timer and both stages restart. The first CNP takes a rate limiter at
 *   RC = RT = line rate, so it cuts the line rate by initialAlpha/2.
 * - Alpha decays by (1 - g) every K without a CNP, counted from the last CNP.
 * - The increase is QCN's reaction point's ({@link qcn}): each byte-counter cycle (B bytes
 *   sent) or timer cycle (T) raises its stage, then fast recovery RC = (RT + RC)/2 while both
 *   stages are <= F, active increase RT += R_AI while one is > F, hyper-active increase
 *   RT += i·R_HAI when both are > F. RC reaching the line rate releases the rate limiter.
 * - No window (Infinity); ACKs are ignored (the receiver turns ECN marks into CNPs).
 *
 * When to use: RoCEv2 fabrics with RED-ECN marking at switch egress (`@losslab/marking`'s
 * `red`) and a receiver that sends at most one CNP per flow per 50 us.
 *
 * Gotchas: a CNP must carry `now`. Alpha decays lazily (no timer events): the controller
 * wakes only for the rate-increase timer. `atRest` is undefined: alpha keeps the memory of
 * past CNPs and only tends to 0, so a used controller never equals a new one.
 *
 * @example
 * ```ts
 * const controller = dcqcn()({ lineRate: 5e9, packetSize: 1000 }); // 40 Gb/s
 * controller.onCnp({ now: 0 }); // RC = 5e9·(1 - 1/2)
 * controller.rate; // 2.5e9
 * controller.wakeAt; // 55e6 ps: the first timer cycle ends
 * ```
 */
export function dcqcn(parameters: DcqcnParameters = {}): (flow: FlowInfo) => DcqcnController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("dcqcn: parameters must be an object");
  }
  const gain = fraction("gain", parameters.gain, 1 / 256);
  const initialAlpha = fraction("initialAlpha", parameters.initialAlpha, 1);
  const alphaPeriod = integerParameter("dcqcn", "alphaPeriod", parameters.alphaPeriod, 55e6, 1);
  const settings = increaseSettings("dcqcn", parameters, {
    minRate: 100 * MEGABIT,
    fastRecoveryCycles: 5,
    activeIncrease: 40 * MEGABIT,
    hyperIncrease: 200 * MEGABIT,
    byteLimit: 10_000_000,
    timerPeriod: 55e6,
  });
  return (flow) => {
    checkReactionPointFlow("dcqcn", settings, flow);
    return new Dcqcn(flow.lineRate, settings, gain, alphaPeriod, initialAlpha);
  };
}

/** A number in (0, 1], or `fallback`. */
function fraction(name: string, value: number | undefined, fallback: number): number {
  const result = positiveParameter("dcqcn", name, value, fallback);
  if (result > 1) throw new RangeError(`dcqcn: ${name} must be in (0, 1], got ${String(value)}`);
  return result;
}

class Dcqcn extends ReactionPoint implements DcqcnController {
  #alpha: number;
  #lastCnp: number | undefined;

  constructor(
    lineRate: number,
    settings: IncreaseSettings,
    private readonly gain: number,
    private readonly alphaPeriod: number,
    initialAlpha: number,
  ) {
    super("dcqcn", lineRate, settings);
    this.#alpha = initialAlpha;
  }

  get alpha(): number {
    return this.#alpha;
  }

  alphaAt(now: number): number {
    if (this.#lastCnp === undefined || now <= this.#lastCnp) return this.#alpha;
    const periods = Math.floor((now - this.#lastCnp) / this.alphaPeriod);
    return this.#alpha * (1 - this.gain) ** periods;
  }

  /** A CNP (sec. 3): cut RC by alpha/2 with the alpha before this CNP, then raise alpha. */
  onCnp(event?: CnpEvent): void {
    const now = this.notificationTime(event);
    if (this.#lastCnp !== undefined && now < this.#lastCnp) {
      throw new RangeError(`dcqcn: cnp.now must not go back in time (${now} < ${this.#lastCnp})`);
    }
    const alpha = this.alphaAt(now);
    this.decrease(now, 1 - alpha / 2, true);
    this.#alpha = (1 - this.gain) * alpha + this.gain;
    this.#lastCnp = now;
  }
}

/** Registry entry (controllers.ts): DCQCN's reaction point in scenario units. */
export const dcqcnDefinition = defineController({
  kind: "dcqcn",
  description:
    "DCQCN's reaction point (Zhu et al., SIGCOMM 2015, sec. 3): a cut by alpha/2 per CNP, then QCN's increase",
  parameters: {
    gain: unitInterval("g: alpha's gain (default 1/256)"),
    alphaPeriodUs: positiveUs("K, us: alpha decays once per K without a CNP (default 55)"),
    initialAlpha: unitInterval("alpha before the first CNP (default 1: the first CNP halves the rate)"),
    ...rateIncreaseParameters({
      minRate: "100 Mb/s",
      fastRecoveryCycles: "5",
      activeIncrease: "40",
      hyperIncrease: "200",
      byteLimit: "10,000,000",
    }),
    timerUs: positiveUs("T, us: one cycle of the increase timer (default 55)"),
  },
  create: ({ gain, alphaPeriodUs, initialAlpha, timerUs, ...increase }, { lineRate }) =>
    everyFlow(
      dcqcn({
        gain,
        alphaPeriod: picoseconds(alphaPeriodUs, PS_PER_US),
        initialAlpha,
        ...rateIncrease(increase, lineRate),
        timerPeriod: picoseconds(timerUs, PS_PER_US),
      }),
    ),
});
