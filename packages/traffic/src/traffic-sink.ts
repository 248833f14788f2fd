import type { Engine, Time } from "@losslab/engine";

/** A flow a generator starts: greedy until stopped, or until `bytes` have been sent. */
export interface TrafficFlow {
  /** Source host id (as in the topology). */
  readonly source: string;
  /** Destination host id. */
  readonly destination: string;
  /** Free-form group name for metrics (`local`, `remote`, `dynamic`, `hot`, ...). */
  readonly group: string;
  /** Bytes to send, then the flow is done. Default: greedy (always has data) until `stopFlow`. */
  readonly bytes?: number;
}

/** One message: a burst of `bytes` a source hands its adapter at once, sent as packets. */
export interface TrafficMessage {
  /** Source host id. */
  readonly source: string;
  /** Destination host id (never the source). */
  readonly destination: string;
  /** Free-form group name for metrics. */
  readonly group: string;
  /** Message size in bytes (a positive integer); the sink splits it into packets. */
  readonly bytes: number;
}

/**
 * What a generator drives: the network as seen by traffic. The scenario package implements
 * it on top of the host adapters; tests implement it with a recording fake. Generators
 * call it from engine events, so "now" is always `engine.now`.
 *
 * How a simulator implements it:
 * - `startFlow`: add a flow to the source's adapter starting now (greedy, or with a packet
 *   budget of `ceil(bytes / payload)` when `bytes` is given) and return its id; call its
 *   `onComplete` when the last of those packets is delivered.
 * - `stopFlow`: the adapter's `stopFlow(id)`: no new packet, packets in flight still arrive.
 * - `sendMessage`: queue `bytes` at the source for `destination` (a finite flow, or a
 *   per-destination queue), stamping the packets' generation time with `engine.now`.
 * - `onDelivered`: count data packets delivered at any destination since the run began and
 *   call `callback` once, in the event of the delivery that makes the count reach `count`.
 */
export interface TrafficSink {
  /**
   * Starts a flow that is greedy (always has data) until stopFlow, or until `bytes` are sent
   * if given. Returns a flow id. With `bytes`, `onComplete` (if given) is called once, in the
   * event of the delivery of the flow's last packet at its destination (dependency-driven
   * traffic, flow-graph.ts, starts its next flows from it).
   */
  startFlow(flow: TrafficFlow, onComplete?: () => void): number;
  /** The flow departs: it stops sending new packets (packets in flight still arrive). */
  stopFlow(id: number): void;
  /** Hands one message (a burst of `bytes`, sent as packets) from source to destination; generation time = now. */
  sendMessage(message: TrafficMessage): void;
  /**
   * Calls back once when `count` (>= 1) data packets have been delivered network-wide,
   * counted from the start of the run (for hot-spot triggers, ferrer-2012 sec. 5.1).
   */
  onDelivered(count: number, callback: () => void): void;
}

/** Everything a generator needs to run in one simulation. Nothing global: one context per run. */
export interface GeneratorContext {
  /** The simulation's engine: clock, events, and the named RNG streams generators draw from. */
  readonly engine: Engine;
  /** Where the traffic goes. */
  readonly sink: TrafficSink;
  /** Every host id of the network; generators reject any other name at `start`. */
  readonly hosts: readonly string[];
  /** Bytes per second of `host`'s link into the network: the reference of every `load`. */
  readonly linkBandwidth: (host: string) => number;
  /** End of the simulation (ps): no generator schedules anything at or after it. */
  readonly endTime: Time;
  /** Hears of every collective that completes (collective.ts); collectives run without it too. */
  readonly onCollective?: (record: CollectiveRecord) => void;
}

/**
 * One run of a collective, once its last flow is delivered: what the run summary's
 * completion time, step times and slowest rank are made of. Times in ps, absolute.
 */
export interface CollectiveRecord {
  /** The generator's name. */
  readonly name: string;
  /** Its kind (`ring-allreduce`, ...). */
  readonly kind: string;
  /** Which repetition (0, 1, ...; `iterations`). */
  readonly iteration: number;
  /** The collective's total size S, bytes. */
  readonly bytes: number;
  /** The ranks' hosts, rank 0 first. */
  readonly hosts: readonly string[];
  /** When its first flows started. */
  readonly start: Time;
  /** When its last flow was delivered. */
  readonly end: Time;
  /** Per step, when its last flow was delivered. */
  readonly stepEnds: readonly Time[];
  /** Per rank, when the last flow it sends or receives was delivered. */
  readonly rankEnds: readonly Time[];
}

/**
 * A traffic generator: a small immutable object built from a spec (`createGenerator`).
 * `start` schedules its traffic on the context's engine; all run state lives in that call,
 * so one generator may be started in several simulations, side by side.
 */
export interface TrafficGenerator {
  /** The registry name of its kind (`on-off`, `bernoulli`, ...). */
  readonly kind: string;
  /** Its name: the middle of its RNG stream names (`traffic/<name>/...`). Default: its kind. */
  readonly name: string;
  /**
   * Checks the spec's hosts against `context.hosts` (throws `KindError`) and schedules
   * the traffic. Call it before running the engine (at time 0).
   */
  start(context: GeneratorContext): void;
}
