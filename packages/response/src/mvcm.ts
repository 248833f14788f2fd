/**
 * ferrer-2012's MVCM source: a dynamic window DW in [1, DWmax], then waiting slots of
 * RTT_min between consecutive packets, driven by the two congestion bits (MB, VB) of ACKs.
 */
import { KindError, MAX_HOSTS, MAX_PACKETS, MAX_STAGES, MAX_TIME_NS, MIN_TIME_NS } from "@losslab/kinds";
import type { AckEvent, Controller, FlowInfo, SendEvent } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { mvcmRoundTrip } from "./mvcm-window.js";
import { booleanParameter, integerParameter, positiveParameter } from "./parameter-checks.js";
import { PS_PER_NS, picoseconds } from "./scenario-units.js";

const PS_PER_S = 1e12;

/** Parameters of {@link mvcm}: the network's radix and depth, the rest derived (ferrer-2012 sec. 4.3). */
export interface MvcmParameters {
  /** k: the switch radix; each increase multiplies the waiting slots by k. */
  readonly radix: number;
  /** n: the number of network stages; the waiting slots are raised at most n times. */
  readonly stages: number;
  /** DWmax: the largest window in packets (default 2, ferrer-2012 sec. 4.3 / Fig. 5). */
  readonly maxWindow?: number;
  /** Raise the waiting slots at most `stages` times (default true; false for Fig. 16b). */
  readonly limitWaitingSlots?: boolean;
  /** h: switch hops of the minimum round trip (default 2·stages - 1, a bidirectional k-ary n-fly). */
  readonly hops?: number;
  /** t_hop in picoseconds (default 3 byte times of the line: 3 cycles at 1 byte/cycle). */
  readonly hopDelay?: number;
  /** L_ack in bytes (default 22). */
  readonly ackBytes?: number;
  /** The duration of one waiting slot in picoseconds; default RTT_min from the above. */
  readonly slotTime?: number;
}

/** A {@link Controller} with MVCM's state visible. */
export interface MvcmController extends Controller {
  /** number_WS: waiting slots between consecutive packets (0, then 1, k, k², ...). */
  readonly waitingSlots: number;
  /** How many times number_WS has been raised since it was last 0. */
  readonly slotIncreases: number;
  /** The duration of one waiting slot (RTT_min), picoseconds. */
  readonly slotTime: number;
  /** WaitingInterval = number_WS · slotTime (ferrer-2012 eq. 2), picoseconds. */
  readonly waitingInterval: number;
}

/**
 * ferrer-2012's Marking and Validation Congestion Management source (secs. 4.2-4.3). Per
 * ACK, by its bits (MB = `marked`, VB = `validated`):
 *
 * - warm (1, 0): DW -= 1, down to 1;
 * - hot (1, 1): DW -= 1 while DW > 1; once DW is 1, number_WS goes 0 -> 1, then x k per
 *   hot ACK, at most `stages` raises in all (unless `limitWaitingSlots` is false);
 * - cold (0, 0): removes all waiting slots at once; when there are none, DW += 1 up to DWmax;
 * - (0, 1) cannot happen (Table 1) and throws.
 *
 * A packet sent with `fromEmptyQueue` resets DW to DWmax and number_WS to 0. The window is
 * DW; the waiting interval number_WS · RTT_min is idle time between the end of one packet
 * and the start of the next, expressed as `rate` (see gotchas).
 *
 * When to use: the MVCM presets; with a marking policy that sets both bits.
 *
 * Gotchas: `rate` is the packet size over (serialisation time + waiting interval) for the
 * size of the last packet sent, so a host that spaces packet starts by `bytes / rate`
 * (losslab's adapter) leaves exactly the waiting interval idle after each packet; it is
 * Infinity while there are no waiting slots. A coalesced ACK for N packets is N - 1 cold
 * ACKs then one with the bits. CNPs are ignored: MVCM's feedback is the ACKs' two bits.
 *
 * @example
 * ```ts
 * const controller = mvcm({ radix: 4, stages: 3 })({ lineRate: 1e9, packetSize: 278 });
 * controller.onAck({ marked: true, validated: true, bytes: 278, seq: 0 }); // DW 2 -> 1
 * controller.onAck({ marked: true, validated: true, bytes: 278, seq: 1 }); // number_WS 0 -> 1
 * controller.waitingInterval; // 330000 ps: RTT_min = 2·5·3 ns + (278 + 22) ns
 * ```
 */
export function mvcm(parameters: MvcmParameters): (flow: FlowInfo) => MvcmController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("mvcm: parameters must be an object with radix and stages");
  }
  const radix = integerParameter("mvcm", "radix", parameters.radix, Number.NaN, 2);
  const stages = integerParameter("mvcm", "stages", parameters.stages, Number.NaN, 1);
  const maxWindow = integerParameter("mvcm", "maxWindow", parameters.maxWindow, 2, 1);
  const limit = booleanParameter("mvcm", "limitWaitingSlots", parameters.limitWaitingSlots, true);
  const hops = integerParameter("mvcm", "hops", parameters.hops, 2 * stages - 1, 0);
  const ackBytes = positiveParameter("mvcm", "ackBytes", parameters.ackBytes, 22, true);
  const maxIncreases = limit ? stages : Number.POSITIVE_INFINITY;
  const { slotTime, hopDelay } = parameters;
  if (slotTime !== undefined) {
    positiveParameter("mvcm", "slotTime", slotTime, Number.NaN);
    if (parameters.hops !== undefined || hopDelay !== undefined || parameters.ackBytes !== undefined) {
      throw new Error("mvcm: give slotTime or the round trip's hops, hopDelay and ackBytes, not both");
    }
  }
  if (hopDelay !== undefined) positiveParameter("mvcm", "hopDelay", hopDelay, Number.NaN, true);
  return (flow) => {
    checkFlow(flow, "mvcm");
    const slot = slotTime ?? roundTrip(flow, hops, hopDelay, ackBytes);
    return new Mvcm(flow.lineRate, flow.packetSize, slot, radix, maxWindow, maxIncreases);
  };
}

/** RTT_min for a flow in whole picoseconds (ferrer-2012 sec. 4.3). */
function roundTrip(flow: FlowInfo, hops: number, hopDelay: number | undefined, ackBytes: number): number {
  // ferrer-2012 sec. 4.3's example: t_hop = 3 cycles with B = 1 byte/cycle, i.e. 3 byte times.
  const delay = hopDelay ?? (3 * PS_PER_S) / flow.lineRate;
  const bandwidth = flow.lineRate / PS_PER_S; // bytes per ps
  return Math.round(mvcmRoundTrip({ hops, hopDelay: delay, bandwidth, dataBytes: flow.packetSize, ackBytes }));
}

class Mvcm implements MvcmController {
  readonly wakeAt = undefined;
  #window: number;
  #waitingSlots = 0;
  #slotIncreases = 0;
  private lastBytes: number;

  constructor(
    private readonly lineRate: number,
    packetSize: number,
    readonly slotTime: number,
    private readonly radix: number,
    private readonly maxWindow: number,
    private readonly maxIncreases: number,
  ) {
    this.#window = maxWindow;
    this.lastBytes = packetSize;
  }

  get window(): number {
    return this.#window;
  }

  get waitingSlots(): number {
    return this.#waitingSlots;
  }

  get slotIncreases(): number {
    return this.#slotIncreases;
  }

  get waitingInterval(): number {
    return this.#waitingSlots * this.slotTime;
  }

  /**
   * DW at DWmax and no waiting slots: what a new one has. (The size of the last packet sent
   * only matters with waiting slots, and a send sets it before any are added.)
   */
  get atRest(): boolean {
    return this.#window === this.maxWindow && this.#waitingSlots === 0 && this.#slotIncreases === 0;
  }

  get rate(): number {
    const interval = this.waitingInterval;
    if (interval === 0) return Number.POSITIVE_INFINITY;
    // Start-to-start spacing bytes/rate = serialisation + waiting interval.
    return this.lastBytes / (this.lastBytes / this.lineRate + interval / PS_PER_S);
  }

  onSend(event: SendEvent): void {
    if (!(event.bytes > 0 && Number.isFinite(event.bytes))) {
      throw new RangeError(`mvcm: send.bytes must be a finite number > 0, got ${String(event.bytes)}`);
    }
    this.lastBytes = event.bytes;
    // ferrer-2012 sec. 4.2.2: a packet injected into an empty queue resets DW and WS.
    if (event.fromEmptyQueue === true) {
      this.#window = this.maxWindow;
      this.clearWaitingSlots();
    }
  }

  onAck(event: AckEvent): void {
    const packets = ackPackets(event, "mvcm");
    if (event.validated === true && !event.marked) {
      throw new Error(
        "mvcm: an ACK with validated set must be marked (MB = 0, VB = 1 cannot happen, ferrer-2012 Table 1)",
      );
    }
    for (let i = event.marked ? 1 : 0; i < packets; i++) this.cold();
    if (!event.marked) return;
    if (event.validated === true && this.#window === 1) this.raiseWaitingSlots();
    else this.#window = Math.max(1, this.#window - 1); // sec. 4.2.1: warm, or hot with DW > 1
  }

  onCnp(): void {}

  onTimer(): void {}

  /** ferrer-2012 sec. 4.2.2: the first cold ACK removes the waiting interval, later ones grow DW. */
  private cold(): void {
    if (this.#waitingSlots > 0) this.clearWaitingSlots();
    else this.#window = Math.min(this.maxWindow, this.#window + 1);
  }

  /** ferrer-2012 sec. 4.3, eq. 1 and Table 2: 0 -> 1, then x k, at most n raises. */
  private raiseWaitingSlots(): void {
    if (this.#slotIncreases >= this.maxIncreases) return;
    this.#waitingSlots = this.#waitingSlots === 0 ? 1 : this.#waitingSlots * this.radix;
    this.#slotIncreases += 1;
  }

  private clearWaitingSlots(): void {
    this.#waitingSlots = 0;
    this.#slotIncreases = 0;
  }
}

/**
 * Registry entry (controllers.ts): k and n default to the network's (ferrer-2012 sec. 4.3),
 * the round trip crosses 2n - 1 switches of a bidirectional k-ary n-tree, n of a butterfly.
 */
export const mvcmDefinition = defineController({
  kind: "mvcm",
  description:
    "ferrer-2012's MVCM source: a dynamic window, then waiting slots of RTT_min, driven by the ACKs' two bits",
  parameters: {
    radix: {
      type: "integer",
      min: 2,
      max: MAX_HOSTS,
      optional: true,
      description: "k: switch radix; default the topology's k (k-ary-n-tree, k-ary-n-fly)",
    },
    stages: {
      type: "integer",
      min: 1,
      max: MAX_STAGES,
      optional: true,
      description: "n: network stages; default the topology's n",
    },
    maxWindow: {
      type: "integer",
      min: 1,
      max: MAX_PACKETS,
      default: 2,
      description: "DWmax: largest dynamic window, packets (ferrer-2012: 2)",
    },
    limitWaitingSlots: {
      type: "boolean",
      default: true,
      description: "raise the waiting slots at most n times (ferrer-2012 sec. 5.2.3: true)",
    },
    hops: {
      type: "integer",
      min: 1,
      max: 2 * MAX_STAGES,
      optional: true,
      description: "switch hops of the minimum round trip; default 2n-1 (bidirectional) or n (butterfly)",
    },
    hopDelayNs: {
      type: "number",
      min: 0,
      max: MAX_TIME_NS,
      optional: true,
      description: "t_hop of sec. 4.3's RTT_min, ns; default 3 byte times of the link",
    },
    slotTimeNs: {
      type: "number",
      min: MIN_TIME_NS,
      max: MAX_TIME_NS,
      optional: true,
      description: "one waiting slot, ns; default RTT_min (sec. 4.3)",
    },
  },
  create: (values, { ackBytes, network }) => {
    const radix = values.radix ?? network?.radix;
    const stages = values.stages ?? network?.stages;
    if (radix === undefined || stages === undefined) {
      throw new KindError(
        "controller.radix",
        `controller.radix and controller.stages: give both for topology "${network?.name ?? "unknown"}" (only k-ary n-trees and n-flies imply them)`,
      );
    }
    const { maxWindow, limitWaitingSlots, hops, hopDelayNs, slotTimeNs } = values;
    // A slot time alone replaces the round trip: its hops, hop delay and ACK size are then not given.
    const roundTrip =
      slotTimeNs !== undefined && hops === undefined && hopDelayNs === undefined
        ? {}
        : {
            ackBytes,
            hops: hops ?? (network?.unidirectional ? stages : undefined),
            hopDelay: picoseconds(hopDelayNs, PS_PER_NS),
          };
    const slotTime = picoseconds(slotTimeNs, PS_PER_NS);
    return everyFlow(mvcm({ radix, stages, maxWindow, limitWaitingSlots, slotTime, ...roundTrip }));
  },
});
