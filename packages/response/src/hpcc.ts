/**
 * HPCC (Y. Li et al., _HPCC: High Precision Congestion Control_, SIGCOMM 2019, sec. 3,
 * Algorithm 1): a window computed from the in-band telemetry of the busiest link on the
 * path, paced at window / base RTT.
 */
import { MAX_BUFFER_BYTES, MAX_HOSTS, MAX_PACKETS, MAX_TIME_US, MIN_TIME_US } from "@losslab/kinds";
import type { AckEvent, Controller, FlowInfo, SendEvent, TelemetryRecord } from "./controller.js";
import { defineController, everyFlow } from "./controller-definition.js";
import { ackPackets, checkFlow } from "./event-checks.js";
import { integerParameter, positiveParameter } from "./parameter-checks.js";
import { PS_PER_US, unitInterval } from "./scenario-units.js";

/** Picoseconds per second. */
const PS_PER_SECOND = 1e12;

/** Parameters of {@link hpcc}. Times in picoseconds, windows in bytes. */
export interface HpccParameters {
  /** T: the base (unloaded) round-trip time in picoseconds. Required: it depends on the path. */
  readonly baseRtt: number;
  /** η: the target utilisation, in (0, 1] (default 0.95, HPCC paper). */
  readonly targetUtilization?: number;
  /** maxStage: additive increases before a multiplicative adjustment (default 5, HPCC paper). */
  readonly maxStage?: number;
  /**
   * W_AI in bytes (default W_init·(1 - η)/N, the HPCC paper's guideline, with W_init = line
   * rate × T and N = `expectedFlows`).
   */
  readonly additiveIncrease?: number;
  /** N of the W_AI guideline: how many flows may share a link at most (default 100 [?]). */
  readonly expectedFlows?: number;
}

/** A {@link Controller} with HPCC's state visible. */
export interface HpccController extends Controller {
  /** W in bytes (`window` is W in packets of the flow's packetSize). */
  readonly windowBytes: number;
  /** Wc: the reference window in bytes. */
  readonly referenceWindow: number;
  /** U: the EWMA of the normalised inflight bytes of the busiest hop (1 before any measurement). */
  readonly utilization: number;
  /** incStage: additive increases since the last multiplicative adjustment. */
  readonly incStage: number;
  /** lastUpdateSeq: an ACK for a later packet updates Wc; undefined before the first ACK. */
  readonly lastUpdateSeq: number | undefined;
  /** W_AI in bytes. */
  readonly additiveIncrease: number;
}

/**
 * HPCC's sender, per flow (Li et al., SIGCOMM 2019, sec. 3, Algorithm 1). Each ACK echoes
 * the data packet's INT records (`telemetry`, one per hop: qLen, txBytes, ts, B):
 *
 * ```
 * MeasureInflight: for each hop i, against the previous ACK's record L[i]:
 *   txRate = (txBytes - L[i].txBytes) / (ts - L[i].ts)
 *   u'     = min(qLen, L[i].qLen) / (B·T) + txRate / B
 *   u = the largest u', τ = that hop's ts - L[i].ts;  τ = min(τ, T)
 *   U = (1 - τ/T)·U + (τ/T)·u
 * ComputeWind (updateWc = ack.seq > lastUpdateSeq):
 *   U >= η or incStage >= maxStage:  W = Wc / (U/η) + W_AI;  if updateWc: incStage = 0, Wc = W
 *   otherwise:                       W = Wc + W_AI;          if updateWc: incStage += 1, Wc = W
 *   if updateWc: lastUpdateSeq = the last sequence number sent
 * rate = W / T
 * ```
 *
 * W starts at W_init = line rate × T and never exceeds it (the rate stays <= the line rate).
 * The first ACK (and one whose hop count differs from the previous) only stores its records.
 * No timer; CNPs are ignored.
 *
 * When to use: fabrics whose switches push INT records onto data packets (losslab's do with
 * the switch option `telemetry`; the kind's `feedback: "telemetry"` trait has scenarios turn
 * it on, with the adapters' option of the same name).
 *
 * Gotchas: every ACK must carry `telemetry`; the host must call `onSend` so that the
 * reference window is updated once per round trip. `atRest` is undefined: the controller
 * keeps the last INT records and U, which a new one lacks.
 *
 * @example
 * ```ts
 * const controller = hpcc({ baseRtt: 10e6 })({ lineRate: 12.5e9, packetSize: 1000 }); // 100 Gb/s, T = 10 us
 * controller.windowBytes; // 125 000 = W_init
 * controller.rate; // 12.5e9
 * ```
 */
export function hpcc(parameters: HpccParameters): (flow: FlowInfo) => HpccController {
  if (typeof parameters !== "object" || parameters === null) {
    throw new TypeError("hpcc: parameters must be an object with baseRtt");
  }
  const baseRtt = positiveParameter("hpcc", "baseRtt", parameters.baseRtt, Number.NaN);
  const targetUtilization = positiveParameter("hpcc", "targetUtilization", parameters.targetUtilization, 0.95);
  if (targetUtilization > 1) {
    throw new RangeError(`hpcc: targetUtilization must be in (0, 1], got ${String(parameters.targetUtilization)}`);
  }
  const maxStage = integerParameter("hpcc", "maxStage", parameters.maxStage, 5, 0);
  const expectedFlows = integerParameter("hpcc", "expectedFlows", parameters.expectedFlows, 100, 1);
  if (parameters.additiveIncrease !== undefined && parameters.expectedFlows !== undefined) {
    throw new Error("hpcc: give additiveIncrease or expectedFlows (which derives it), not both");
  }
  const additiveIncrease =
    parameters.additiveIncrease === undefined
      ? undefined
      : positiveParameter("hpcc", "additiveIncrease", parameters.additiveIncrease, Number.NaN);
  return (flow) => {
    checkFlow(flow, "hpcc");
    const initialWindow = (flow.lineRate * baseRtt) / PS_PER_SECOND;
    const settings: HpccSettings = {
      baseRtt,
      targetUtilization,
      maxStage,
      initialWindow,
      additiveIncrease: additiveIncrease ?? (initialWindow * (1 - targetUtilization)) / expectedFlows,
    };
    return new Hpcc(flow.packetSize, settings);
  };
}

interface HpccSettings {
  readonly baseRtt: number;
  readonly targetUtilization: number;
  readonly maxStage: number;
  readonly initialWindow: number;
  readonly additiveIncrease: number;
}

class Hpcc implements HpccController {
  readonly wakeAt = undefined;
  #window: number;
  #referenceWindow: number;
  #utilization = 1;
  #incStage = 0;
  #lastUpdateSeq: number | undefined;
  #lastSent: number | undefined;
  #records: readonly TelemetryRecord[] | undefined;

  constructor(
    private readonly packetSize: number,
    private readonly settings: HpccSettings,
  ) {
    this.#window = settings.initialWindow;
    this.#referenceWindow = settings.initialWindow;
  }

  get rate(): number {
    return (this.#window / this.settings.baseRtt) * PS_PER_SECOND;
  }

  get window(): number {
    return this.#window / this.packetSize;
  }

  get windowBytes(): number {
    return this.#window;
  }

  get referenceWindow(): number {
    return this.#referenceWindow;
  }

  get utilization(): number {
    return this.#utilization;
  }

  get incStage(): number {
    return this.#incStage;
  }

  get lastUpdateSeq(): number | undefined {
    return this.#lastUpdateSeq;
  }

  get additiveIncrease(): number {
    return this.settings.additiveIncrease;
  }

  /** Remembers snd_nxt: the reference window is updated by the ACK of a packet sent after an update. */
  onSend(event: SendEvent): void {
    if (!Number.isFinite(event.seq)) throw new RangeError(`hpcc: send.seq must be a finite number, got ${event.seq}`);
    this.#lastSent = event.seq;
  }

  /** NewAck (Algorithm 1). */
  onAck(event: AckEvent): void {
    ackPackets(event, "hpcc");
    const records = checkTelemetry(event.telemetry);
    const previous = this.#records;
    if (previous === undefined || previous.length !== records.length) {
      this.#records = records;
      this.#lastUpdateSeq = this.#lastSent ?? event.seq;
      return;
    }
    this.measureInflight(records, previous);
    this.#records = records;
    const updateReference = this.#lastUpdateSeq === undefined || event.seq > this.#lastUpdateSeq;
    this.computeWindow(updateReference);
    if (updateReference) this.#lastUpdateSeq = this.#lastSent ?? event.seq;
  }

  onCnp(): void {}

  onTimer(): void {}

  /** MeasureInflight: U from the busiest hop's utilisation, an EWMA over time τ/T. */
  private measureInflight(records: readonly TelemetryRecord[], previous: readonly TelemetryRecord[]): void {
    const T = this.settings.baseRtt;
    let u: number | undefined;
    let tau = 0;
    records.forEach((hop, i) => {
      const last = previous[i] as TelemetryRecord;
      const elapsed = hop.timestamp - last.timestamp;
      if (elapsed < 0) {
        throw new RangeError(
          `hpcc: ack.telemetry[${i}].timestamp went back in time (${hop.timestamp} < ${last.timestamp})`,
        );
      }
      if (elapsed === 0) return; // the same record again: no rate to measure
      const txRate = ((hop.txBytes - last.txBytes) / elapsed) * PS_PER_SECOND;
      const hopU =
        Math.min(hop.queueLength, last.queueLength) / ((hop.bandwidth * T) / PS_PER_SECOND) + txRate / hop.bandwidth;
      if (u === undefined || hopU > u) {
        u = hopU;
        tau = elapsed;
      }
    });
    if (u === undefined) return;
    const weight = Math.min(tau, T) / T;
    this.#utilization = (1 - weight) * this.#utilization + weight * u;
  }

  /** ComputeWind: multiplicative toward η when busy or after maxStage increases, else additive. */
  private computeWindow(updateReference: boolean): void {
    const { targetUtilization, maxStage, additiveIncrease, initialWindow } = this.settings;
    const multiplicative = this.#utilization >= targetUtilization || this.#incStage >= maxStage;
    const window = multiplicative
      ? this.#referenceWindow / (this.#utilization / targetUtilization) + additiveIncrease
      : this.#referenceWindow + additiveIncrease;
    this.#window = Math.min(window, initialWindow);
    if (!updateReference) return;
    this.#incStage = multiplicative ? 0 : this.#incStage + 1;
    this.#referenceWindow = this.#window;
  }
}

/** The ACK's INT records, checked. */
function checkTelemetry(telemetry: readonly TelemetryRecord[] | undefined): readonly TelemetryRecord[] {
  if (!Array.isArray(telemetry) || telemetry.length === 0) {
    throw new TypeError("hpcc: ack.telemetry must be a non-empty array of INT records, one per hop");
  }
  telemetry.forEach((hop: TelemetryRecord, i) => {
    const fields: Array<[keyof TelemetryRecord, boolean]> = [
      ["queueLength", hop.queueLength >= 0],
      ["txBytes", hop.txBytes >= 0],
      ["timestamp", true],
      ["bandwidth", hop.bandwidth > 0],
    ];
    for (const [name, ok] of fields) {
      if (!(ok && Number.isFinite(hop[name]))) {
        throw new RangeError(
          `hpcc: ack.telemetry[${i}].${name} must be a finite number${name === "bandwidth" ? " > 0" : name === "timestamp" ? "" : " >= 0"}, got ${String(hop[name])}`,
        );
      }
    }
  });
  return telemetry;
}

/** Registry entry (controllers.ts): HPCC in scenario units (us, bytes). */
export const hpccDefinition = defineController({
  kind: "hpcc",
  description:
    "HPCC (Li et al., SIGCOMM 2019, Algorithm 1): a window from the busiest hop's in-band telemetry, paced at W/T",
  parameters: {
    baseRttUs: {
      type: "number",
      min: MIN_TIME_US,
      max: MAX_TIME_US,
      optional: true,
      description: "T, us: the base (unloaded) round trip (default the fabric's largest, when the simulation knows it)",
    },
    targetUtilization: unitInterval("eta: the target utilisation (default 0.95)"),
    maxStage: {
      type: "integer",
      min: 0,
      max: MAX_PACKETS,
      optional: true,
      description: "maxStage: additive increases before a multiplicative adjustment (default 5)",
    },
    additiveIncreaseBytes: {
      type: "number",
      min: 0,
      minExclusive: true,
      max: MAX_BUFFER_BYTES,
      optional: true,
      description: "W_AI, bytes (default W_init (1 - eta) / expectedFlows); not with expectedFlows",
    },
    expectedFlows: {
      type: "integer",
      min: 1,
      max: MAX_HOSTS,
      optional: true,
      description: "N of the W_AI guideline: how many flows may share a link at most (default 100)",
    },
  },
  feedback: "telemetry",
  create: ({ baseRttUs, additiveIncreaseBytes, ...rest }, { baseRtt }) => {
    const T = baseRttUs === undefined ? baseRtt : Math.round(baseRttUs * PS_PER_US);
    if (T === undefined) {
      throw new RangeError("hpcc: give baseRttUs (the base round trip, us): the fabric's is not known here");
    }
    return everyFlow(hpcc({ baseRtt: T, additiveIncrease: additiveIncreaseBytes, ...rest }));
  },
});
