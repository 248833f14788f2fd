/**
 * InfiniBand CCA's source (IBA 1.2.1 Annex A10, Pfister's implementation in ferrer-2012
 * sec. 3.2.2): a CCT index raised by each notification and lowered by a timer.
 */
import { MAX_TIME_US, MIN_TIME_US } from "@losslab/kinds";
import { type CctEntry, cctDelay, checkCct, DEFAULT_CCT, MAX_CCT_ENTRIES } from "./congestion-control-table.js";
import type { AckEvent, CnpEvent, Controller, FlowInfo } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { integerParameter } from "./parameter-checks.js";
import { PS_PER_US } from "./scenario-units.js";

/** Parameters of {@link ibCca}. */
export interface IbCcaParameters {
  /** CCTI_Timer in picoseconds (the spec counts 1.024 us units: t units = t · 1,024,000 ps). No default. */
  readonly timerPeriod: number;
  /** CCTI_Increase: index steps per notification (default 1, Mellanox CC manager). */
  readonly indexIncrease?: number;
  /** CCTI_Min: the lowest index, where flows start (default 0, Mellanox CC manager). */
  readonly indexMin?: number;
  /** CCTI_Limit: the highest index (default the table's last entry). */
  readonly indexLimit?: number;
  /** The CCT (default {@link DEFAULT_CCT}, 128 entries). */
  readonly table?: readonly CctEntry[];
}

/** A {@link Controller} with the CCA state visible. */
export interface IbCcaController extends Controller {
  /** CCTI: the current index into the table. */
  readonly index: number;
  /** The current entry's inter-packet delay in packet times; rate = lineRate / (1 + delay). */
  readonly interPacketDelay: number;
}

/**
 * InfiniBand CCA at the source, per flow (spec/algorithms.md, after Linux hfi1):
 *
 * - a notification (a marked ACK, i.e. a BECN, or a CNP) raises CCTI by CCTI_Increase up to
 *   CCTI_Limit and starts the timer if it is idle (a running timer keeps its phase);
 * - each timer expiry lowers CCTI by one while above CCTI_Min, and re-arms one period later
 *   unless CCTI has reached CCTI_Min;
 * - the rate is lineRate / (1 + delay), delay = multiplier / 2^shift of CCT[CCTI]: after each
 *   packet, the link stays idle for delay packet times. No window (Infinity).
 *
 * When to use: the `pfister` baseline of ferrer-2012; InfiniBand fabrics.
 *
 * Gotchas: the timer needs a clock: a notification that starts it must carry `now`.
 * `timerPeriod` has no default because no source we found gives one. A coalesced ACK
 * counts once (its N - 1 unmarked packets do nothing). With the default table the first 16
 * steps have no delay at all.
 *
 * @example
 * ```ts
 * const controller = ibCca({ timerPeriod: 1_024_000 })({ lineRate: 1e9, packetSize: 2048 });
 * for (let i = 0; i < 20; i++) controller.onCnp({ now: 0 }); // CCTI 20: delay 1
 * controller.rate; // 5e8
 * controller.wakeAt; // 1_024_000: then onTimer lowers CCTI to 19
 * ```
 */
export function ibCca(parameters: IbCcaParameters): (flow: FlowInfo) => IbCcaController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("ib-cca: parameters must be an object with timerPeriod");
  }
  const timerPeriod = integerParameter("ib-cca", "timerPeriod", parameters.timerPeriod, Number.NaN, 1);
  const table = parameters.table ?? DEFAULT_CCT;
  checkCct(table, "ib-cca");
  const indexLimit = integerParameter("ib-cca", "indexLimit", parameters.indexLimit, table.length - 1, 0);
  if (indexLimit >= table.length) {
    throw new RangeError(`ib-cca: indexLimit must be < the table's ${table.length} entries, got ${indexLimit}`);
  }
  const indexMin = integerParameter("ib-cca", "indexMin", parameters.indexMin, 0, 0);
  if (indexMin > indexLimit) throw new RangeError(`ib-cca: indexMin must be <= indexLimit (${indexLimit})`);
  const indexIncrease = integerParameter("ib-cca", "indexIncrease", parameters.indexIncrease, 1, 0);
  const delays = table.map(cctDelay);
  return (flow) => {
    checkFlow(flow, "ib-cca");
    return new IbCca(flow.lineRate, delays, timerPeriod, indexIncrease, indexMin, indexLimit);
  };
}

class IbCca implements IbCcaController {
  readonly window = Number.POSITIVE_INFINITY;
  #index: number;
  #wakeAt: number | undefined;

  constructor(
    private readonly lineRate: number,
    private readonly delays: readonly number[],
    private readonly timerPeriod: number,
    private readonly indexIncrease: number,
    private readonly indexMin: number,
    private readonly indexLimit: number,
  ) {
    this.#index = indexMin;
  }

  get index(): number {
    return this.#index;
  }

  get interPacketDelay(): number {
    return this.delays[this.#index] as number;
  }

  get rate(): number {
    return this.lineRate / (1 + this.interPacketDelay);
  }

  get wakeAt(): number | undefined {
    return this.#wakeAt;
  }

  /** CCTI at its minimum and the timer idle: all a new one has. */
  get atRest(): boolean {
    return this.#index === this.indexMin && this.#wakeAt === undefined;
  }

  onSend(): void {}

  onAck(event: AckEvent): void {
    ackPackets(event, "ib-cca");
    if (event.marked) this.notify(event.now, "ack");
  }

  onCnp(event?: CnpEvent): void {
    this.notify(event?.now, "cnp");
  }

  /** CCTI timer expiry (hfi1 `cca_timer_fn`); calls before `wakeAt` are ignored. */
  onTimer(now: number): void {
    if (this.#wakeAt === undefined || now < this.#wakeAt) return;
    if (this.#index > this.indexMin) this.#index -= 1;
    // Periodic: the next expiry keeps the timer's phase even when this call came late.
    this.#wakeAt =
      this.#index > this.indexMin
        ? this.#wakeAt + (Math.floor((now - this.#wakeAt) / this.timerPeriod) + 1) * this.timerPeriod
        : undefined;
  }

  /** A BECN or CNP (hfi1 `process_becn`): raise CCTI, start the timer if idle. */
  private notify(now: number | undefined, kind: "ack" | "cnp"): void {
    if (this.#wakeAt === undefined && !(typeof now === "number" && Number.isFinite(now))) {
      throw new Error(`ib-cca: ${kind}.now is required to start the CCTI timer`);
    }
    this.#index = Math.min(this.#index + this.indexIncrease, this.indexLimit);
    this.#wakeAt ??= (now as number) + this.timerPeriod;
  }
}

/** An index into the default congestion control table. */
const cctIndex = (description: string) =>
  ({ type: "integer", min: 0, max: MAX_CCT_ENTRIES - 1, optional: true, description }) as const;

/** Registry entry (controllers.ts): InfiniBand CCA's source in scenario units, the default CCT. */
export const ibCcaDefinition = defineController({
  kind: "ib-cca",
  description: "InfiniBand CCA's source (IBA 1.2.1 Annex A10): a CCT index raised per notification, lowered by a timer",
  parameters: {
    timerPeriodUs: {
      type: "number",
      min: MIN_TIME_US,
      max: MAX_TIME_US,
      description: "CCTI_Timer period, us: the index drops by one each period without notifications",
    },
    indexIncrease: {
      type: "integer",
      min: 1,
      max: MAX_CCT_ENTRIES,
      optional: true,
      description: "CCTI_Increase per notification (default 1)",
    },
    indexMin: cctIndex("CCTI_Min, where flows start: an index into the default 128-entry CCT (default 0)"),
    indexLimit: cctIndex("CCTI_Limit, the highest index (default 127, the table's last)"),
  },
  create: ({ timerPeriodUs, ...indices }) =>
    everyFlow(ibCca({ timerPeriod: Math.round(timerPeriodUs * PS_PER_US), ...indices })),
});
