import type { EventId, Time } from "@losslab/engine";
import type { Controller, LimitingFactor } from "@losslab/response";
import type { EntropyPolicy } from "./entropy-policy.js";

export interface FlowOptions {
  /** Unique flow id within the simulation. */
  id: number;
  /** Destination host index. */
  destination: number;
  /** Bytes of each data packet on the wire. */
  packetBytes: number;
  /** When the flow starts sending. */
  start: Time;
  /** When it stops (default: never). */
  stop?: Time;
  /** Packets to send (default Infinity: greedy). */
  packets?: number;
  /** The VL its data packets travel on, on every hop (default 0; below the adapter's `vls`). Its ACKs and CN packets travel on it too. */
  vl?: number;
  /**
   * A virtual output queue (ferrer-2012 sec. 5.1) instead of a flow that ends: it starts
   * empty (unless `packets` is given), `enqueue` adds generated packets, and it waits,
   * keeping its controller, whenever it runs dry. Packets carry their generation time.
   */
  queue?: boolean;
  /**
   * A queue the adapter may forget while it is idle (default false): empty, nothing
   * outstanding, its controller `atRest` (or none), no timer set, and its rate limit no longer
   * spacing its next packet from its last. `hasFlow(id)` is then false and `reopenQueue` adds
   * it back, which is exactly what `enqueue` on the empty queue would have done: a host
   * keeps no state for the (source, destination) pairs it is not using (ferrer-2012's
   * 1,024-host runs address about a million). Only for flows that hear of congestion through
   * their ACKs alone: a congestion notification for a forgotten flow is dropped. Not with
   * `stop`.
   */
  forgetWhenIdle?: boolean;
  /** Fixed window in packets (default Infinity). */
  window?: number;
  /**
   * Static rate limit in bytes per second (default Infinity): the static IPD of turner-2001
   * sec. 5.1 as a rate; the subnet manager may change it (`setStaticRate`, `setStaticIpd`).
   */
  rate?: number;
  /**
   * A reliable transport service (default true): the destination acknowledges every data
   * packet. False for an unreliable one (turner-2001 sec. 3): no ACKs, so nothing counts
   * as outstanding and no window binds; the destination returns a CN packet for each marked
   * data packet, which reaches the controller as `onCnp`.
   */
  reliable?: boolean;
  /**
   * RDMA READ responses (turner-2001 sec. 3 case 3, sec. 5.2): the flow's data packets answer
   * a read request from its destination, the requester. It does not start at `start`: it
   * starts when that request arrives (the requester's `requestRead`, at or after `start`).
   * Its packets are not acknowledged (not `reliable`), and the requester answers a marked
   * one with a CN packet, so only the rate limits it, as an unreliable flow.
   */
  readResponse?: boolean;
  /**
   * Congestion controller (`@losslab/response`); its window and rate apply on top of the
   * fixed ones. It hears every send and ACK, and its timer requests (`wakeAt`) are honoured.
   */
  controller?: Controller;
}

/** A flow's send state, readable for tests and metrics. */
export interface FlowState {
  readonly id: number;
  readonly destination: number;
  readonly packetBytes: number;
  readonly sent: number;
  readonly acked: number;
  readonly outstanding: number;
  readonly active: boolean;
  /** Acknowledged by its destination (false for unreliable service and RDMA READ responses). */
  readonly reliable: boolean;
  /** The static rate limit in force, bytes per second. */
  readonly rate: number;
}

/**
 * One flow of a host: what its options fix, and the state its packets, ACKs and queue
 * refills change. Pacing, the scheduler and the controller events keep their per-flow state
 * here too, in plain fields, so that the hot path reads one flat object.
 */
export class Flow implements FlowState {
  sent = 0;
  acked = 0;
  outstanding = 0;
  active = false;
  /** Stopped or done: out of the scheduler, kept only until its last ACK. */
  retired = false;
  /** Retired because all its packets were sent (not stopped): a retransmission brings it back. */
  ranOut = false;
  /** With retransmission (`Retransmission`): its outstanding packets by sequence number, with their send times, in send order. */
  readonly sentAt: Map<number, Time> | undefined;
  /** Sequence numbers to send again, ahead of new data (counted in `remaining`). */
  readonly resend: number[] = [];
  /** The retransmission timer's event, -1 when none is set. */
  rtoId: EventId = -1;
  /** The rate limiter's reference: the previous packet's start, or its scheduled time (`Pacing`). */
  lastStart: Time = -1;
  lastBytes = 0;
  /** What held the flow back last time the scheduler looked (turner-2001 sec. 5.1 RWL). */
  blockedBy: LimitingFactor = "other";
  /** The controller's timer (`ControllerEvents`): its event and its time, -1 when none is set. */
  timerId: EventId = -1;
  timerAt: Time = -1;
  remaining: number;
  /** A virtual output queue: waits when empty instead of retiring. */
  readonly queue: boolean;
  /** The adapter may forget it while idle (`FlowOptions.forgetWhenIdle`). */
  readonly forgetWhenIdle: boolean;
  /** Out of the scheduler because its queue is empty (queues only). */
  parked = false;
  /** The next packet leaves a queue that was empty when it was generated (MVCM's reset, ferrer-2012 sec. 4.2.2). */
  fromEmpty = false;
  /** Receiver credits (`SenderCredit`): bytes it may still send, credit granted in all (256 B quanta), and before the first word back. */
  credit = Number.POSITIVE_INFINITY;
  pulled = 0;
  speculating = false;
  /** Receiver credits: the pull target its last data packet carried (quanta); when it last sent an RTS (-1: never), and whether that RTS is unanswered. */
  pullTarget = 0;
  lastRts: Time = -1;
  rtsUnanswered = false;
  /** Generation times of the queued packets, oldest first from `head` (queues only). */
  readonly generated: Time[] = [];
  head = 0;
  readonly id: number;
  readonly destination: number;
  readonly packetBytes: number;
  readonly vl: number;
  readonly window: number;
  rate: number;
  readonly reliable: boolean;
  readonly readResponse: boolean;
  readonly controller: Controller | undefined;
  /** How its data packets pick their entropy values (the adapter's `entropy`); undefined: none, one path. */
  entropy: EntropyPolicy | undefined = undefined;

  /**
   * `generatedAt`: when the packets it holds at the start were generated (a queue's), by
   * default `options.start`; `retransmits`: the adapter's transport sends lost packets again.
   */
  constructor(options: FlowOptions, generatedAt: Time = options.start, retransmits = false) {
    this.sentAt = retransmits ? new Map() : undefined;
    this.id = options.id;
    this.destination = options.destination;
    this.packetBytes = options.packetBytes;
    this.vl = options.vl ?? 0;
    this.queue = options.queue ?? false;
    this.forgetWhenIdle = options.forgetWhenIdle ?? false;
    this.remaining = options.packets ?? (this.queue ? 0 : Number.POSITIVE_INFINITY);
    if (this.queue) for (let i = 0; i < this.remaining; i++) this.generated.push(generatedAt);
    this.window = options.window ?? Number.POSITIVE_INFINITY;
    this.rate = options.rate ?? Number.POSITIVE_INFINITY;
    this.readResponse = options.readResponse ?? false;
    this.reliable = !this.readResponse && (options.reliable ?? true);
    this.controller = options.controller;
  }

  /** The window in force: the fixed one and the controller's, whichever is smaller (santos-2002 sec. 4.2). */
  windowInForce(): number {
    const controller = this.controller;
    return controller === undefined ? this.window : Math.min(this.window, controller.window);
  }

  /** The rate limit in force: the static one and the controller's, whichever is smaller. */
  rateInForce(): number {
    const controller = this.controller;
    return controller === undefined ? this.rate : Math.min(this.rate, controller.rate);
  }

  /** Adds `count` packets generated at `now` to a queue. */
  refill(count: number, now: Time): void {
    // ferrer-2012 sec. 5.1: a queue holds its unacknowledged packets too, so it is empty
    // only when nothing waits and nothing is outstanding.
    if (this.remaining === 0 && this.outstanding === 0) this.fromEmpty = true;
    for (let i = 0; i < count; i++) this.generated.push(now);
    this.remaining += count;
  }

  /** The generation time of a queue's oldest packet, removed from the queue. */
  dequeue(): Time {
    const times = this.generated;
    const at = times[this.head++]!;
    if (this.head === times.length) {
      times.length = 0;
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= times.length) {
      times.splice(0, this.head);
      this.head = 0;
    }
    return at;
  }
}
