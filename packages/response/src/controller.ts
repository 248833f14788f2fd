/**
 * The contract between a host (a simulated NIC, a test, your own code) and a per-flow
 * congestion controller: events in, a rate limit and a window out.
 */

/**
 * What most hindered the injection of a packet (turner-2001 sec. 5.1's RWL): the rate
 * limit, the window, or something else (the application had no data).
 */
export type LimitingFactor = "rate" | "window" | "other";

/** What a controller factory learns about the flow it controls. */
export interface FlowInfo {
  /** The source's link rate in bytes/s; controllers use it as the default Rmax. */
  readonly lineRate: number;
  /** The flow's maximum data packet size in bytes (the design packet of the papers). */
  readonly packetSize: number;
  /** An id for messages, e.g. "A1->BC". */
  readonly flowId?: string | number;
  /** When the flow starts, in picoseconds. */
  readonly startTime?: number;
}

/**
 * An acknowledgement as the source sees it.
 *
 * Gotchas: an ACK may coalesce several packets (`packets` > 1). Following turner-2001
 * sec. 3, a marked ACK for N packets means N-1 unmarked packets followed by one marked
 * packet, an unmarked one N unmarked packets.
 */
export interface AckEvent {
  /** The congestion bit echoed from the data packet (ECN/FECN -> BECN). */
  readonly marked: boolean;
  /** A second congestion bit, e.g. MVCM's validation bit; ignored by controllers that have none. */
  readonly validated?: boolean;
  /** Data bytes newly acknowledged. */
  readonly bytes: number;
  /** Data packets this ACK covers (default 1). */
  readonly packets?: number;
  /** Sequence number (PSN) of the last data packet covered; must grow with send order. */
  readonly seq: number;
  /** Arrival time in picoseconds (hosts should pass it; timer-driven controllers need it). */
  readonly now?: number;
  /**
   * The round-trip time sample this ACK gives, in picoseconds: from the send of the data
   * packet it acknowledges (its send timestamp, echoed) to this ACK's arrival. {@link timely}
   * requires it; controllers that do not measure delay ignore it.
   */
  readonly rtt?: number;
  /**
   * In-band network telemetry echoed from the data packet: one record per hop (egress port)
   * on its path, in path order, each written when the packet left that port. {@link hpcc}
   * requires it; other controllers ignore it.
   */
  readonly telemetry?: readonly TelemetryRecord[];
}

/**
 * One hop's in-band network telemetry (INT) record, as HPCC's switches push it onto a data
 * packet at the egress port (Li et al., SIGCOMM 2019, sec. 3): what the port's
 * queue and counters said when the packet left.
 */
export interface TelemetryRecord {
  /** The egress queue's length in bytes (qLen). */
  readonly queueLength: number;
  /** The port's transmitted-bytes counter (txBytes): cumulative, growing with time. */
  readonly txBytes: number;
  /** When the record was written, in picoseconds (ts). */
  readonly timestamp: number;
  /** The link's bandwidth in bytes/s (B). */
  readonly bandwidth: number;
}

/** A congestion notification packet (turner-2001 sec. 3's CN packet, a CNP; QCN's CNM). */
export interface CnpEvent {
  /** Sequence number of the marked data packet, if the notification carries it. */
  readonly seq?: number;
  /** Arrival time in picoseconds. */
  readonly now?: number;
  /**
   * How congested the sender's congestion point is, when the notification says: QCN's CNM
   * carries QntzFb, the quantized |Fb|, an integer 0..63 (IEEE 802.1Qau). {@link qcn}
   * requires it; controllers without graded feedback ignore it.
   */
  readonly feedback?: number;
}

/**
 * A data packet of the flow that will not be acknowledged and is sent again: its payload was
 * trimmed on its way and the destination NACKed it, or its retransmission timer expired
 * (Ultra Ethernet's transport, docs/spec/uec.md sec. 5).
 */
export interface LossEvent {
  /** How the source learned of it. */
  readonly cause: "nack" | "timeout";
  /** The packet's size in bytes (it is no longer in flight). */
  readonly bytes: number;
  /** A NACK: picoseconds from the packet's send to the NACK's arrival (undefined for a timeout). */
  readonly rtt?: number;
  /** Arrival time in picoseconds. */
  readonly now?: number;
}

/** A data packet the source has just injected. */
export interface SendEvent {
  /** Its sequence number (PSN); must grow with send order. */
  readonly seq: number;
  /** Its size in bytes. */
  readonly bytes: number;
  /** What held it back most before it could go (turner-2001 sec. 5.1's RWL sample). */
  readonly limitedBy: LimitingFactor;
  /** Injection time in picoseconds. */
  readonly now?: number;
  /**
   * True when the packet was put into an empty injection queue: the flow had stopped for
   * lack of data and this packet starts it again (MVCM resets its limits then, ferrer-2012
   * sec. 4.2.2). The host defines "empty"; ferrer-2012 sec. 5.1's queues also hold the
   * unacknowledged packets, so empty means nothing waiting and nothing in flight.
   * Controllers without such a reset ignore it; absent means false.
   */
  readonly fromEmptyQueue?: boolean;
}

/**
 * A per-flow congestion controller: a state machine fed with events that exposes the
 * flow's current rate limit and window. It knows nothing of any simulator.
 *
 * The host's duties: call `onSend` for every data packet injected, `onAck` for every ACK
 * (with its `rtt` for TIMELY, its `telemetry` for HPCC), `onCnp` for every congestion
 * notification (with its `feedback` for QCN), `onLoss` (when defined) for every NACK or
 * retransmission timeout of a packet; send only while packets in flight < `window`
 * and no faster than `rate`. After every call, read `wakeAt`: when it is a time, call
 * `onTimer(now)` at that time (a controller may move or clear it at any call).
 *
 * Units: rates in bytes/s, windows in packets, times in integer picoseconds (losslab's
 * clock). `Infinity` means no limit.
 *
 * When to use: implement it for a new scheme, or use {@link perAck}, {@link hybrid},
 * {@link turnerRate} (unreliable flows: `onCnp`, RPI counted in `onSend`),
 * {@link mvcm} (which reads `validated` and `fromEmptyQueue`), {@link ibCca} (timer-driven
 * via `wakeAt`), {@link qcn} (`onCnp` with `feedback`, byte counting in `onSend`, timer),
 * {@link dcqcn} (`onCnp` with `now`, byte counting, timer), {@link timely} (`rtt` on every
 * ACK) or {@link hpcc} (`telemetry` on every ACK, `onSend` for the sequence numbers sent).
 *
 * @example
 * ```ts
 * const controller = perAck({ response: "lipd" })({ lineRate: 1e9, packetSize: 2048 });
 * controller.onAck({ marked: true, bytes: 2048, seq: 0 });
 * controller.rate; // 5e8
 * ```
 */
export interface Controller {
  /** Current rate limit in bytes/s. */
  readonly rate: number;
  /** Current window: data packets allowed in flight. */
  readonly window: number;
  /** When the controller wants `onTimer` to be called (ps), or undefined for never. */
  readonly wakeAt: number | undefined;
  /**
   * True while the controller is as a new one from its factory starts: replacing it by a new
   * one now would change nothing that follows, whatever sequence numbers it has seen. A host
   * may then forget an idle flow and give it a new controller when it sends again (losslab's
   * adapter does so for idle virtual output queues). Absent means never: such a controller
   * is always kept.
   */
  readonly atRest?: boolean;
  /** A data packet was injected. */
  onSend(event: SendEvent): void;
  /** An ACK arrived. */
  onAck(event: AckEvent): void;
  /** A congestion notification arrived. */
  onCnp(event?: CnpEvent): void;
  /** A packet was NACKed or timed out (a retransmitting host calls it). Absent: the controller hears only ACKs ({@link nscc} has it). */
  onLoss?(event: LossEvent): void;
  /** The time asked for in `wakeAt` has come. */
  onTimer(now: number): void;
}

/**
 * Makes one controller per flow. Scenario files name a controller kind, which makes the
 * factories (the registry `controllers`); the host calls it when a flow starts (or once per (source,
 * destination) pair to keep congestion state across flows, as santos-2002 sec. 6.3.2's
 * "persistent state").
 */
export type ControllerFactory = (flow: FlowInfo) => Controller;
