import {
  CreditUpdateCounters,
  creditsFor,
  DEFAULT_CREDIT_BYTES,
  DEFAULT_PAUSE_REACTION_DELAY,
  type InboundLink,
  LosslessViolation,
  MAX_VLS,
  type MarkingPolicy,
  type OutboundLink,
  type Packet,
  PacketKind,
  type PacketStore,
} from "@losslab/core";
import { type Engine, type EventHandler, ns, type Time, transmissionTime } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import type { Forwarding } from "@losslab/topology";
import { ControlFrames } from "./control-frames.js";
import { CreditUpdates } from "./credit-updates.js";
import { flowControlOf } from "./flow-controls.js";
import { InputBuffers } from "./input-buffers.js";
import { InputLanes } from "./input-lanes.js";
import type { InputSide } from "./input-side.js";
import type { InputSideContext } from "./input-side-context.js";
import { IntStamping } from "./int-stamping.js";
import { NO_CREDITS, OutputFlowControl } from "./output-flow-control.js";
import type { OutputQueues } from "./output-queues.js";
import type { PacketRouter } from "./packet-router.js";
import { laneStopped } from "./port-lanes.js";
import { RouteLookup } from "./route-lookup.js";
import type { SwitchModel, SwitchOptions } from "./switch-model.js";
import { switchParameters } from "./switch-parameters.js";

const ARBITRATE = 0;
const TAIL_ARRIVED = 1;
/** A frame the switch generated itself (PAUSE, congestion notification) has left `port`. */
const CONTROL_SENT = 2;
const PAUSE_TAKES_EFFECT = 3;
/** A CBFC credit update from downstream has arrived whole. */
const CREDIT_UPDATE_ARRIVED = 4;
/** Under CBFC, the link out of a port works again: the input at its port re-advertises its counts. */
const OUTPUT_RECOVERED = 5;
/** A packet this switch let go of while its sender was still sending it is freed (`letGo`). */
const SENDER_DONE = 6;
/** The first event kind a model may use for its own events. */
export const FIRST_MODEL_EVENT = 7;

const NO_PACKETS: readonly Packet[] = Object.freeze([]);

/**
 * What the switch models share, composed of parts: the input buffers (`InputBuffers`:
 * occupancy per input VL, the lossless checks, credits returned upstream or, under PAUSE,
 * XOFF/XON), the flow control of the outputs (`OutputFlowControl`: downstream credits and
 * PAUSE received), the control frames owed to the links (`ControlFrames`: PAUSE frames and
 * congestion notifications) and the route lookup (`RouteLookup`). The base class is the
 * `Device` and `SwitchView` surface, calls the marking hooks of the input side, puts control
 * frames on the links and runs one arbitration per instant. A model adds its queues, its
 * arbitration and its events, and starts a frame on an output only if `linkBusy` is 0 and
 * `canStart` allows it.
 */
export abstract class SwitchBase implements SwitchModel, EventHandler<unknown> {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes: number;
  protected readonly engine: Engine;
  /** The simulation's packets: every packet this switch handles is a slot of it. */
  readonly packets: PacketStore;
  readonly creditBytes: number;
  protected readonly forwardingDelay: Time;
  /** Set by the model at the end of its constructor, once the view it is built on is complete. */
  protected marking: MarkingPolicy | undefined;
  /** HPCC's INT records on departing data packets (option `telemetry`); undefined when off. */
  private readonly intStamping: IntStamping | undefined;

  /** Virtual lanes per port: buffers and credits are per (port, VL), at index `port * vls + vl`. */
  readonly vls: number;
  private readonly inputs: InputSide;
  private readonly outputFlow: OutputFlowControl;
  private readonly control: ControlFrames;
  /** Under CBFC: the credit-update frames the inputs owe upstream; undefined otherwise. */
  private readonly updates: CreditUpdates | undefined;
  /** Per output, once a credit update arrived on it: the counts heard per priority. */
  private readonly heardUpdates: (CreditUpdateCounters | undefined)[] = [];
  /** Per input: the link into it as its buffers return credits on it (under CBFC, through `updates`). */
  private readonly inboundLinks: InboundLink[] = [];
  /** Per input: the propagation delay of the link into it (`senderHolds`). */
  private readonly inboundDelays: Float64Array;
  private readonly routing: RouteLookup;
  /**
   * What admitted packets ask for their output: the per-packet router (option `router`), or
   * else the forwarding table itself, chosen once so the per-packet call site sees one class.
   */
  private readonly router: PacketRouter;
  /** Where the router changes VLs per hop (`InputLanes`); undefined when VLs do not change. */
  private readonly inputLanes: InputLanes | undefined;
  /** Packets that will leave on each output and have not started on its link (santos-2002 cnt1). */
  private readonly waiting: Int32Array;
  protected readonly outputLinks: (OutboundLink | undefined)[] = [];
  /** The model's output queues (CIOQ's output buffers, the shared buffer's egress queues), which the view reads; none by default. */
  protected outputQueues: OutputQueues | undefined;
  /**
   * Per output: its link's rate in bytes/s, set at connect. Models read it for every packet
   * that arrives; at paper scale the link object itself is usually out of cache by then.
   */
  protected readonly linkRates: Float64Array;
  /** Per output: 1 while a frame (data or PAUSE) is on its link. */
  protected readonly linkBusy: Uint8Array;
  private arbitrationScheduled = false;
  /** The engine's number of this switch (`Engine.device` while it is built): the device of its own events. */
  private readonly device: number;

  /**
   * `inputSide` builds the input side from the options every switch has; by default the fixed
   * input buffers of the input-queued organisations (`InputBuffers`).
   */
  constructor(
    engine: Engine,
    options: SwitchOptions,
    inputSide: (context: InputSideContext) => InputSide = (context) => new InputBuffers(context),
  ) {
    this.engine = engine;
    this.device = engine.device;
    this.name = options.name;
    this.packets = options.packets;
    if (!Number.isInteger(options.ports) || options.ports < 1) {
      throw OptionError.of(this.name, "ports", "must be a positive integer", { value: options.ports, limit: 1 });
    }
    this.portCount = options.ports;
    this.routing = new RouteLookup(
      this.packets,
      options.routes,
      options.ecmp?.groups ?? new Int32Array(0),
      options.ecmp?.salt ?? 0,
      this.outputLinks,
    );
    this.router = options.router?.(this) ?? this.routing;
    this.inputLanes = this.router.laneOf === undefined ? undefined : new InputLanes(this.packets, this.router);
    this.maxPacketBytes = options.maxPacketBytes;
    this.creditBytes = options.creditBytes ?? DEFAULT_CREDIT_BYTES;
    if (!Number.isInteger(this.creditBytes) || this.creditBytes < 1) {
      throw OptionError.of(this.name, "creditBytes", "must be a positive integer", { value: this.creditBytes });
    }
    this.forwardingDelay = options.forwardingDelay ?? ns(switchParameters.forwardingDelayNs.default);
    if (!Number.isInteger(this.forwardingDelay) || this.forwardingDelay < 0) {
      throw OptionError.of(this.name, "forwardingDelay", "must be a whole number of picoseconds >= 0", {
        value: this.forwardingDelay,
        limit: 0,
      });
    }
    const n = this.portCount;
    this.vls = options.vls ?? 1;
    if (!Number.isInteger(this.vls) || this.vls < 1 || this.vls > MAX_VLS) {
      throw OptionError.of(this.name, "vls", `must be an integer 1..${MAX_VLS}`, { value: this.vls, limit: MAX_VLS });
    }
    this.inputs = inputSide({
      packets: this.packets,
      name: this.name,
      ports: n,
      vls: this.vls,
      inputBufferBytes: options.inputBufferBytes,
      maxPacketBytes: this.maxPacketBytes,
      creditBytes: this.creditBytes,
      flowControl: options.flowControl,
    });
    const pause = this.inputs.settings;
    this.control = new ControlFrames(
      this.name,
      n,
      this.vls,
      this.inputs.pause,
      pause?.pauseFrameBytes ?? 0,
      options.packets,
    );
    this.outputFlow = new OutputFlowControl(
      this.name,
      n,
      this.vls,
      this.creditBytes,
      pause?.reactionDelay ?? DEFAULT_PAUSE_REACTION_DELAY,
    );
    const flowControl = options.flowControl;
    const updates =
      flowControl === undefined ? undefined : flowControlOf(flowControl, this.name).creditUpdates?.(flowControl);
    this.updates =
      updates === undefined
        ? undefined
        : new CreditUpdates(engine, n, this.vls, updates, options.packets, () => this.requestArbitration());
    this.waiting = new Int32Array(n);
    this.intStamping = options.telemetry === true ? new IntStamping(n) : undefined;
    this.linkBusy = new Uint8Array(n);
    this.linkRates = new Float64Array(n);
    this.inboundDelays = new Float64Array(n);
    for (let port = 0; port < n; port++) this.outputLinks.push(undefined);
  }

  // --- Device ---------------------------------------------------------------------------

  connectOutput(port: number, link: OutboundLink, downstreamCredits: number): void {
    this.checkPort(port);
    this.outputLinks[port] = link;
    this.linkRates[port] = link.bandwidth;
    this.outputFlow.connect(port, downstreamCredits);
    this.inputs.checkHeadroom(port, link);
  }

  /**
   * Forwards by `forwarding` from now on (routes recomputed after link failures, `Routes.avoiding`
   * of @losslab/topology), or by the table it was built with again when undefined. Throws
   * `OptionError` when the switch routes each packet itself (option `router`): its router keeps
   * its own rules.
   */
  reroute(forwarding: Pick<Forwarding, "ports" | "groups"> | undefined): void {
    if (this.router !== this.routing) {
      throw OptionError.of(this.name, "router", "routes each packet itself, so its routes cannot be recomputed");
    }
    this.routing.reroute(forwarding?.ports, forwarding?.groups);
  }

  /** A link out of `port` may fail during the run (`Link.watchFailures`): ECMP leaves failed ports out from now on. */
  outputMayFail(_port: number): void {
    this.routing.avoidFailures();
  }

  connectInput(port: number, link: InboundLink): void {
    this.checkPort(port);
    // Under CBFC the buffers' returned credits wait for the next credit-update frame.
    const inbound = this.updates === undefined ? link : this.updates.inbound(port, link);
    this.inboundLinks[port] = inbound;
    this.inboundDelays[port] = link.delay;
    this.inputs.connect(port, inbound);
    this.inputs.checkHeadroom(port, this.outputLinks[port]);
  }

  /**
   * A frame sent to input `port` was lost with its failed link (`Device.inputLost`): under
   * credits its blocks go back upstream as if it had arrived and left (per packet, or in the
   * next CBFC update). Under PAUSE the input promised nothing; flow-control frames took no credits.
   */
  inputLost(packet: Packet, port: number): void {
    const kind = this.packets.kind(packet);
    if (this.inputs.credits === Number.POSITIVE_INFINITY || kind === PacketKind.CreditUpdate) return;
    const blocks = creditsFor(this.packets.size(packet), this.creditBytes);
    this.inboundLinks[port]!.returnCredits(blocks, this.packets.vl(packet));
  }

  /**
   * The link out of `port` works again (`Device.outputRecovered`): under CBFC input `port`
   * re-advertises its counts, in an event of this switch at this instant. The recovery is an
   * event of the run itself, which a run split over threads runs in every part alike: what it
   * does to this switch beyond its link's state must be an event of the switch, so that only
   * the switch's part runs it (docs/spec/parallel.md sec. 6).
   */
  outputRecovered(port: number): void {
    if (this.updates !== undefined) this.engine.at(this.engine.now, this, OUTPUT_RECOVERED, port, this.device);
  }

  /** The buffer of input VL `vl` in credit blocks (all VLs alike); Infinity under PAUSE (senders hold no credits, PAUSE stops them). */
  inputCredits(port: number, vl = 0): number {
    this.checkPort(port);
    this.checkVl(vl);
    return this.inputs.credits;
  }

  /** A PAUSE frame or a credit update is consumed here; any other packet enters the input buffer. */
  receive(packet: Packet, input: number, tailAt: Time): void {
    const kind = this.packets.kind(packet);
    if (kind === PacketKind.Pause || kind === PacketKind.CreditUpdate) {
      this.flowControlArrived(packet, kind, input, tailAt);
      return;
    }
    const output = this.router.outputOf(packet, input);
    if (this.outputLinks[output] === undefined) throw this.noRoute(packet);
    const kept = this.arriving(packet, input, output, tailAt);
    if (kept !== packet) this.letGo(packet, input, tailAt);
    if (kept < 0) return; // dropped on a lossy priority, counted by the model
    this.admit(kept, input, output);
    this.accept(kept, input, output, tailAt);
    this.watchTail(kept, input, tailAt);
    this.arbitrateIfNext(); // the link calls this at the end of its arrival event
  }

  /**
   * Whether the sender of the packet whose header arrived at `input` now, and whose last byte
   * arrives at `tailAt`, is still sending it: on a link no longer than the packet's
   * serialization, cut-through brings the header in before the tail has left the sender, which
   * reads the packet's record until then (its departure frees what it counted). At the very
   * instant the tail leaves, the arrival runs first (the sender scheduled it before its departure).
   */
  protected senderHolds(input: number, tailAt: Time): boolean {
    return tailAt - this.inboundDelays[input]! >= this.engine.now;
  }

  /**
   * Frees `packet`, which arrived at `input` and which this switch dropped or replaced with a
   * changed copy of its own (`arriving`): at once, or if its sender is still sending it
   * (`senderHolds`), 1 ps after its last byte has arrived, which is after the sender's
   * departure even on a zero-delay link. A real switch drops or cuts its own copy of the bytes;
   * the sender's copy stays what it sends.
   */
  private letGo(packet: Packet, input: number, tailAt: Time): void {
    if (this.senderHolds(input, tailAt)) this.engine.at(tailAt + 1, this, SENDER_DONE, packet);
    else this.packets.release(packet);
  }

  /**
   * A PAUSE frame or a credit update has arrived on `input`; it acts once the whole frame is
   * in (a PAUSE within the reaction delay, 802.3 Annex 31B). The event's payload names the
   * frame and the port in one number: no object per frame. Apart from `receive` so that the
   * data path stays small enough to inline.
   */
  private flowControlArrived(packet: Packet, kind: number, input: number, tailAt: Time): void {
    const received = packet * this.portCount + input;
    if (kind === PacketKind.CreditUpdate) this.engine.at(tailAt, this, CREDIT_UPDATE_ARRIVED, received);
    else this.engine.at(tailAt + this.outputFlow.reactionDelay, this, PAUSE_TAKES_EFFECT, received);
  }

  /**
   * Queues `packet`, admitted to the buffer of `input` as its header arrived (now) and bound
   * for `output`; its last byte arrives at `tailAt`.
   */
  protected abstract accept(packet: Packet, input: number, output: number, tailAt: Time): void;

  /**
   * Whether input `port` last told its upstream to stop priority `vl` (XOFF) and has not yet
   * let it go; without `vl`, any priority. False under credits.
   */
  inputPaused(port: number, vl?: number): boolean {
    this.checkPort(port);
    if (vl !== undefined && this.inputs.pause !== undefined) this.checkVl(vl);
    return laneStopped(this.inputs.pause, port, this.vls, vl);
  }

  /** Whether a PAUSE from the device downstream of `output` holds priority `vl` now (false under credits). */
  outputPaused(output: number, vl: number): boolean {
    return this.outputFlow.paused(output, vl);
  }

  creditsReturned(port: number, blocks: number, vl = 0): void {
    this.outputFlow.restore(port, blocks, vl);
    if (this.creditsDecide(port)) {
      this.requestArbitration();
      this.arbitrateIfNext(); // the link calls this at the end of its credit event
    }
  }

  /** A credit update from the buffers downstream of an output, whole: their freed blocks come back to it. */
  private creditUpdateArrived(received: number): void {
    const port = received % this.portCount;
    const frame = (received - port) / this.portCount;
    this.heardUpdates[port] ??= new CreditUpdateCounters(`${this.name} output ${port}`, this.vls);
    const { vl, blocks } = this.heardUpdates[port].received(this.packets, frame);
    this.control.consumed(frame);
    if (blocks > 0) this.creditsReturned(port, blocks, vl);
  }

  /** Whether credits returned to output `port` may let something start: by default always (models narrow it). */
  protected creditsDecide(_port: number): boolean {
    return true;
  }

  // --- the input side -------------------------------------------------------------------

  /**
   * Takes a packet whose header has just arrived at `input`, bound for `output`, into the
   * input side, counts it as waiting for its output and calls `packetArrived`. Throws if it
   * has no room for all of it (it would be dropped).
   */
  private admit(packet: Packet, input: number, output: number): void {
    const owesPause = this.inputs.admit(packet, input, output);
    this.inputLanes?.arrived(packet, input, output);
    this.waiting[output]!++;
    this.intStamping?.arrived(output, this.packets.size(packet));
    if (owesPause) this.requestArbitration();
    this.marking?.packetArrived?.(packet, input, output);
  }

  /** The error of a packet without a route here (built apart from `admit`, which every packet runs). */
  private noRoute(packet: Packet): LosslessViolation {
    return new LosslessViolation(
      `${this.name}: no route to host ${this.packets.destination(packet)} for packet ${this.packets.id(packet)}`,
    );
  }

  /**
   * A model's say on `packet`, whose header has just arrived at `input` for `output` (its
   * last byte at `tailAt`), before the input side takes it: the packet it keeps, which is
   * `packet`, or a copy it changed (a trim; `PacketStore.copy` when `senderHolds`, else the
   * packet itself), or -1 if it drops it (only a lossy priority may; the model counts it). By
   * default every packet is taken as it is.
   */
  protected arriving(packet: Packet, _input: number, _output: number, _tailAt: Time): Packet {
    return packet;
  }

  /**
   * Cut-through: forwarding at `rate` bytes/s may start `forwardingDelay` after the header
   * arrived (now), but never so early that it would end before the last byte has arrived.
   */
  protected earliestStart(tailAt: Time, bytes: number, rate: number): Time {
    return Math.max(this.engine.now + this.forwardingDelay, tailAt - transmissionTime(bytes, rate));
  }

  /**
   * Calls `bufferFull` when the last byte of `packet` has arrived, if its input VL buffer is
   * then left "full". Packets enter the buffer only as their headers arrive over the one
   * link of `input`, so by the time the check runs at most one more can have entered (its
   * header right behind this tail, in the same instant), and space only frees meanwhile: with
   * room for two maximum-size packets now, the buffer cannot be full then, and the check,
   * which would decide nothing, is not scheduled.
   */
  private watchTail(packet: Packet, input: number, tailAt: Time): void {
    if (this.marking?.bufferFull !== undefined) {
      const slot = input * this.vls + this.packets.vl(packet);
      if (this.inputs.held.mayFillBy(slot)) this.engine.at(tailAt, this, TAIL_ARRIVED, slot);
    }
  }

  /** The last byte of `packet` has left input `input`: frees its space and returns its credits upstream (or owes XON). */
  protected release(packet: Packet, input: number): void {
    const vl = this.inputLanes === undefined ? this.packets.vl(packet) : this.inputLanes.released(packet);
    if (this.inputs.remove(packet, input, vl)) this.requestArbitration();
  }

  // --- the output side ------------------------------------------------------------------

  /**
   * Whether `packet` may start on `output` now: the buffer downstream has credits for it and
   * no PAUSE holds its priority. Models call it only when the link is free, so a lack of
   * credits here is the output VL blocking: `outputBlocked`.
   */
  protected canStart(output: number, packet: Packet): boolean {
    const vl = this.outputLane(packet);
    const blocked = this.outputFlow.blocked(output, vl, this.packets.size(packet));
    if (blocked === NO_CREDITS) this.marking?.outputBlocked?.(output, vl);
    return blocked === 0;
  }

  /**
   * Starts `packet`, from `input`, on the free link of `output`, which `canStart` allowed:
   * the link is busy, the packet no longer waits for the output, `packetDeparting` (the last
   * moment a policy may set its bits) and the INT record, then its credits are taken from
   * its VL's account downstream. Returns when its last byte leaves.
   */
  protected startOnLink(packet: Packet, input: number, output: number): Time {
    this.linkBusy[output] = 1;
    this.waiting[output]!--;
    this.marking?.packetDeparting?.(packet, input, output);
    const link = this.outputLinks[output]!;
    this.intStamping?.departing(this.packets, packet, output, link, this.engine.now);
    const vl = this.outputLane(packet);
    this.outputFlow.consume(output, vl, this.packets.size(packet));
    this.inputLanes?.started(packet, vl);
    return link.transmit(packet);
  }

  /** The VL `packet` takes on its output: its own, or the one the router chose for the next hop. */
  private outputLane(packet: Packet): number {
    return this.inputLanes === undefined ? this.packets.vl(packet) : this.packets.nextVl(packet);
  }

  /**
   * Each input that owes a PAUSE frame sends it on the output of the same port, upstream,
   * if that link is free: ahead of any data waiting there (arbitration runs after this), but
   * never cutting into a frame on the link. The frame is not subject to credits or PAUSE.
   * Then each free link with a congestion notification waiting sends it if the buffer
   * downstream can take it (credits and PAUSE apply, as to any frame of its priority).
   */
  private sendControlFrames(): void {
    const control = this.control;
    const now = this.engine.now;
    for (let port = 0; port < this.portCount && control.pausesOwing > 0; port++) {
      if (this.linkBusy[port] === 1) continue;
      const priority = control.pauseOwed(port);
      if (priority < 0) continue;
      if (this.outputLinks[port] === undefined) {
        throw new LosslessViolation(
          `${this.name}: input ${port} must send a PAUSE frame but port ${port} has no output link`,
        );
      }
      this.sendControlFrame(port, control.pauseFrame(port, priority, now));
    }
    const updates = this.updates;
    for (let port = 0; updates !== undefined && port < this.portCount && updates.owing > 0; port++) {
      if (this.linkBusy[port] === 1) continue;
      const priority = updates.owed(port);
      if (priority < 0) continue;
      if (this.outputLinks[port] === undefined) {
        throw new LosslessViolation(
          `${this.name}: input ${port} must send a credit update but port ${port} has no output link`,
        );
      }
      this.sendControlFrame(port, updates.frame(port, priority, now));
    }
    for (let port = 0; port < this.portCount && control.noticesOwing > 0; port++) {
      const frame = control.notice(port);
      if (frame < 0 || this.linkBusy[port] === 1 || !this.canStart(port, frame)) continue;
      control.noticeSent(port);
      this.outputFlow.consume(port, this.packets.vl(frame), this.packets.size(frame));
      this.sendControlFrame(port, frame);
    }
  }

  private sendControlFrame(port: number, frame: Packet): void {
    this.linkBusy[port] = 1;
    this.engine.at(this.outputLinks[port]!.transmit(frame), this, CONTROL_SENT, port);
  }

  /**
   * Sends `frame`, a congestion notification this switch generated (a QCN CNM, 802.1Qau
   * sec. 32; a `PacketKind.Cnp` addressed to the culprit's source), out of the port toward its
   * destination: ahead of the data waiting there, when the link is free and the buffer
   * downstream can take it (credits and PAUSE apply, as to any frame of its priority).
   */
  sendNotification(frame: Packet): void {
    const output = this.outputOf(frame);
    if (this.outputLinks[output] === undefined) {
      throw new LosslessViolation(
        `${this.name}: no route to host ${this.packets.destination(frame)} for notification ${this.packets.id(frame)}`,
      );
    }
    this.control.queue(output, frame);
    this.requestArbitration();
  }

  /**
   * SwitchView: a marking policy's control frame (a QCN CNM, a CN packet to turner-2001's
   * subnet manager), made with the simulation's packet factory (option `packets`) and sent by
   * `sendNotification`; listeners (`onNotification`) hear it first.
   */
  notify(destination: number, about: Packet, bytes: number, feedback?: number): void {
    this.sendNotification(this.control.notification(destination, about, bytes, feedback, this.engine.now));
  }

  /** Calls `listener` with every control frame a marking policy sends from this switch (`notify`). */
  onNotification(listener: (frame: Packet) => void): void {
    this.control.onNotification(listener);
  }

  /** Whether a PAUSE frame or a congestion notification waits for the link of `port`. */
  protected controlWaits(port: number): boolean {
    return this.control.waits(port) || (this.updates !== undefined && this.updates.owed(port) >= 0);
  }

  // --- events and arbitration -----------------------------------------------------------

  handleEvent(kind: number, payload: unknown): void {
    if (kind === ARBITRATE) {
      this.arbitrationScheduled = false;
      this.runArbitration();
      return;
    }
    if (kind === TAIL_ARRIVED) {
      const slot = payload as number;
      if (this.inputs.held.isFull(slot)) {
        const vl = slot % this.vls;
        this.marking!.bufferFull!((slot - vl) / this.vls, vl);
      }
    } else if (kind === CONTROL_SENT) {
      this.linkBusy[payload as number] = 0;
      this.requestArbitration();
    } else if (kind === PAUSE_TAKES_EFFECT) {
      const received = payload as number;
      const port = received % this.portCount;
      const frame = (received - port) / this.portCount;
      if (this.outputFlow.applyPause(port, this.packets, frame)) this.requestArbitration(); // a priority was let go
      this.control.consumed(frame);
    } else if (kind === CREDIT_UPDATE_ARRIVED) {
      this.creditUpdateArrived(payload as number);
    } else if (kind === OUTPUT_RECOVERED) {
      if (this.updates!.readvertise(payload as number)) this.requestArbitration();
    } else if (kind === SENDER_DONE) {
      this.packets.release(payload as Packet);
    } else {
      this.handleModelEvent(kind, payload);
    }
    this.arbitrateIfNext();
  }

  /**
   * At the end of an event that reached this switch (its own, or its link's arrival or credit
   * event): the arbitration the event asked for, if nothing else is due before it, at once.
   */
  private arbitrateIfNext(): void {
    while (this.arbitrationScheduled && this.engine.takeSoon(this, ARBITRATE)) {
      this.arbitrationScheduled = false;
      this.runArbitration();
    }
  }

  /** Control frames first (PAUSE ahead of data, then notifications), then the model's arbitration. */
  private runArbitration(): void {
    if (this.control.owing || (this.updates !== undefined && this.updates.owing > 0)) this.sendControlFrames();
    this.arbitrate();
  }

  /**
   * Arbitration runs once per instant, after the instant's arrivals and departures: as a
   * `soon` event, which this switch's own event takes back and runs at its end when it is
   * the next event anyway (`handleEvent`), so an arbitration with nothing due before it
   * costs no event.
   */
  protected requestArbitration(): void {
    if (this.arbitrationScheduled) return;
    this.arbitrationScheduled = true;
    this.engine.soon(this, ARBITRATE);
  }

  /** Starts whatever transfers and transmissions the model's rules allow now. */
  protected abstract arbitrate(): void;

  /** The model's own events, kinds from `FIRST_MODEL_EVENT` on. */
  protected abstract handleModelEvent(kind: number, payload: unknown): void;

  // --- SwitchView -----------------------------------------------------------------------

  /** Capacity in bytes of the buffer of VL `vl` of input `port`; without `vl`, of the whole port (all its VLs). */
  inputCapacity(port: number, vl?: number): number {
    this.checkPort(port);
    if (vl === undefined) return this.vls * this.inputs.capacityBytes;
    this.checkVl(vl);
    return this.inputs.capacityBytes;
  }

  /** Bytes held in the buffer of VL `vl` of input `port`; without `vl`, in the whole port. */
  inputOccupancy(port: number, vl?: number): number {
    return this.inputs.held.occupancy(port, vl);
  }

  /** Packets held in input `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  inputPackets(port: number, vl?: number): readonly Packet[] {
    return this.inputs.held.packets(port, vl);
  }

  /**
   * The route lookup: the table's port for the packet's destination, or, where the entry is
   * an ECMP group, the member the packet's flow hashes to at this switch (the same for every
   * packet of a flow, so it keeps one path and its order).
   */
  outputOf(packet: Packet): number {
    return this.routing.outputOf(packet);
  }

  waitingFor(output: number): number {
    return this.waiting[output]!;
  }

  /**
   * Credit blocks output VL `vl` (default 0) of `output` may still send downstream; 0 before
   * it is connected. With one VL per port `vl` is ignored (core's `SwitchView` contract).
   */
  outputCredits(output: number, vl = 0): number {
    if (this.vls === 1) return this.outputFlow.credits(output, 0);
    this.checkVl(vl);
    return this.outputFlow.credits(output, vl);
  }

  /** 0: the input-queued models have no output buffers (CIOQ and the shared buffer override; `vl` reads one VL's). */
  outputCapacity(port: number, _vl?: number): number {
    this.checkPort(port);
    return 0;
  }

  /** Bytes in VL `vl`'s output queue at `port` (`outputQueues`); without `vl`, in all the port's; 0 without output queues. */
  outputOccupancy(port: number, vl?: number): number {
    this.checkPort(port);
    if (this.outputQueues === undefined) return 0;
    if (vl !== undefined) this.checkVl(vl);
    return this.outputQueues.occupancy(port, vl);
  }

  /**
   * Packets in VL `vl`'s output queue at `port`, FIFO; without `vl`, of all the port's in the
   * order they entered; none without output queues. With `vl` or one VL, an array reused by the
   * next call (`OutputQueues.packets`).
   */
  outputPackets(port: number, vl?: number): readonly Packet[] {
    this.checkPort(port);
    if (this.outputQueues === undefined) return NO_PACKETS;
    if (vl !== undefined) this.checkVl(vl);
    return this.outputQueues.packets(port, vl);
  }

  protected checkVl(vl: number): void {
    if (!Number.isInteger(vl) || vl < 0 || vl >= this.vls) {
      throw new RangeError(`${this.name}: VL ${vl} out of range 0..${this.vls - 1}`);
    }
  }

  protected checkPort(port: number): void {
    if (!Number.isInteger(port) || port < 0 || port >= this.portCount) {
      throw new RangeError(`${this.name}: port ${port} out of range 0..${this.portCount - 1}`);
    }
  }
}
