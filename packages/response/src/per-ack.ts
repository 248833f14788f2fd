/**
 * The santos-2002/2003 source response: a fixed window, and a rate limit to which every
 * ACK applies the increase (unmarked) or the decrease (marked).
 */
import { MAX_PACKETS, MIN_RATE_FRACTION } from "@losslab/kinds";
import { continuousRate } from "./continuous-rate.js";
import type { AckEvent, Controller, ControllerFactory, FlowInfo } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { discreteRate } from "./discrete-rate.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { decreaseFactorParameter, responseNames } from "./ipd-rate-table.js";
import type { RateLimit } from "./rate-limit.js";
import { type RateTable, rateTable } from "./rate-table.js";
import type { ResponseFunction } from "./response-function.js";
import { type ResponseSpec, resolveResponse } from "./response-registry.js";

/** Continuous rates, or the discrete IPD rates with an ACK counter. */
export type RateMode = "continuous" | "discrete";

/** Parameters of {@link perAck}. Rates in bytes/s. */
export interface PerAckParameters {
  /** The response function: "aimd" | "fimd" | "lipd", a function, or a builder. */
  readonly response: ResponseSpec;
  /** Decrease factor for "aimd" and "fimd" (default 2). */
  readonly m?: number;
  /** Highest rate limit; default the flow's line rate. */
  readonly Rmax?: number;
  /** Lowest rate limit; default Rmax/256. */
  readonly Rmin?: number;
  /** "continuous" (default) or "discrete" (IPD rates Rmax/(1+ipd), see {@link discreteRate}). */
  readonly mode?: RateMode;
  /** Discrete levels instead of the IPD rates (discrete mode only). */
  readonly levels?: readonly number[];
  /** Fixed window in packets (default 1, the papers' value); Infinity for none. */
  readonly window?: number;
  /** Starting rate limit; default Rmax (santos-2002 sec. 6.3: flows start at Rmax). */
  readonly initialRate?: number;
  /**
   * Scale each increase by the acknowledged packet's size over `packetSize` (santos-2002
   * footnote 9). Default false: every packet counts as one design packet.
   */
  readonly scaleBySize?: boolean;
}

/**
 * The santos controller: window fixed (1 packet by default); every ACK changes the rate
 * limit, a marked one by f_dec, an unmarked one by f_inc (santos-2002 sec. 6, santos-2003
 * sec. IV.B). An ACK covering N packets counts as N ACKs, the last one carrying the mark
 * (turner-2001 sec. 3). A congestion notification (CNP) is a decrease.
 *
 * When to use: to reproduce santos-2002 Figs. 4-8; as the simplest rate controller.
 *
 * Gotchas: there is no APSN filter: a burst of N marks is N decreases (as in the papers).
 * Use {@link hybrid} for one decrease per burst. `onSend` and `onTimer` do nothing.
 *
 * @example
 * ```ts
 * const factory = perAck({ response: "fimd", mode: "discrete" });
 * const controller = factory({ lineRate: 1e9, packetSize: 2048 });
 * controller.onAck({ marked: true, bytes: 2048, seq: 1 });
 * controller.rate; // 5e8 (ipd 1)
 * ```
 */
export function perAck(parameters: PerAckParameters): ControllerFactory {
  const mode = parameters.mode ?? "continuous";
  if (mode !== "continuous" && mode !== "discrete") {
    throw new Error(`per-ack: mode must be "continuous" or "discrete", got ${JSON.stringify(mode)}`);
  }
  const window = parameters.window ?? 1;
  if (!(typeof window === "number" && window >= 1)) {
    throw new RangeError(`per-ack: window must be >= 1 packet, got ${String(window)}`);
  }
  if (parameters.levels !== undefined && mode !== "discrete") {
    throw new Error("per-ack: levels only apply in discrete mode");
  }
  const { response } = parameters;
  if (typeof response === "object" && (parameters.Rmin ?? parameters.Rmax) !== undefined) {
    throw new Error("per-ack: Rmin and Rmax come from the response function object; omit them");
  }
  const scaleBySize = parameters.scaleBySize ?? false;

  // Flows on links of one speed share their response function and discrete rate table:
  // building a table costs far more than a flow, and dynamic traffic starts many flows.
  const shared = new Map<number, { fn: ResponseFunction; table?: RateTable }>();
  const resolve = (lineRate: number) => {
    const Rmax = parameters.Rmax ?? lineRate;
    let entry = shared.get(Rmax);
    if (entry === undefined) {
      const fn = resolveResponse(response, { Rmax, Rmin: parameters.Rmin, m: parameters.m }, "per-ack");
      entry = mode === "discrete" ? { fn, table: rateTable(fn, { levels: parameters.levels }) } : { fn };
      shared.set(Rmax, entry);
    }
    return entry;
  };

  return (flow: FlowInfo): Controller => {
    checkFlow(flow, "per-ack");
    const { fn, table } = resolve(flow.lineRate);
    const { Rmin, Rmax } = fn.parameters;
    const initialRate = parameters.initialRate ?? Rmax;
    if (!(initialRate >= Rmin && initialRate <= Rmax)) {
      throw new RangeError(`per-ack: initialRate must be in [Rmin, Rmax], got ${initialRate}`);
    }
    const limit: RateLimit =
      mode === "discrete"
        ? discreteRate(fn, { initialRate, ...(table === undefined ? {} : { table }) })
        : continuousRate(fn, initialRate);
    return new PerAckController(limit, window, flow.packetSize, scaleBySize);
  };
}

class PerAckController implements Controller {
  readonly wakeAt = undefined;

  constructor(
    private readonly limit: RateLimit,
    readonly window: number,
    private readonly packetSize: number,
    private readonly scaleBySize: boolean,
  ) {}

  get rate(): number {
    return this.limit.rate;
  }

  /** Its rate limit is all its state. */
  get atRest(): boolean {
    return this.limit.atRest === true;
  }

  onSend(): void {}

  onAck(event: AckEvent): void {
    const packets = ackPackets(event, "per-ack");
    const size = this.scaleBySize ? event.bytes / packets / this.packetSize : 1;
    // turner-2001 sec. 3: N packets, marked = N-1 unmarked then one marked.
    const unmarked = event.marked ? packets - 1 : packets;
    for (let i = 0; i < unmarked; i++) this.limit.increase(size);
    if (event.marked) this.limit.decrease();
  }

  onCnp(): void {
    this.limit.decrease();
  }

  onTimer(): void {}
}

/** Registry entry (controllers.ts): santos-2002 sec. 6 in scenario units. */
export const perAckDefinition = defineController({
  kind: "per-ack",
  description:
    "santos-2002 sec. 6: every ACK applies f_inc or f_dec to the rate limit; rates start at the link rate, window fixed",
  parameters: {
    response: { type: "choice", values: responseNames, description: "the response function" },
    m: decreaseFactorParameter,
    mode: {
      type: "choice",
      values: ["continuous", "discrete"],
      default: "continuous",
      description: '"discrete": the 256 InfiniBand IPD rates Rmax/(1+ipd) (santos-2002 sec. 6.3.1)',
    },
    window: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      default: 1,
      description: "window in packets (santos-2002: 1)",
    },
    rminFraction: {
      type: "number",
      min: MIN_RATE_FRACTION,
      max: 1,
      default: 1 / 256,
      description: "Rmin as a fraction of Rmax, the link rate",
    },
    persistent: {
      type: "boolean",
      default: false,
      description:
        "keep a controller per (source, destination) across consecutive flows: a new flow starts where the previous one of its pair left off (santos-2002 sec. 6.3.2)",
    },
  },
  create: ({ rminFraction, persistent, ...values }, { lineRate }) => ({
    ...everyFlow(perAck({ ...values, Rmax: lineRate, Rmin: lineRate * rminFraction })),
    persistent,
  }),
});
