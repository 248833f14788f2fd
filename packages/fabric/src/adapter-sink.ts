import type { FlowOptions, FlowState, HostAdapter } from "@losslab/adapter";
import { type Engine, EngineError, formatTime, type Time } from "@losslab/engine";
import type { Controller, ControllerFactory } from "@losslab/response";
import type { TrafficFlow, TrafficMessage, TrafficSink } from "@losslab/traffic";
import { QueueIds } from "./queue-ids.js";

export interface AdapterSinkOptions {
  readonly engine: Engine;
  /** The adapters, by host id (`Fabric.hosts`). */
  readonly hosts: ReadonlyMap<string, HostAdapter>;
  /** The index packets carry for a host id (`Routes.nodeIndex`). */
  readonly hostIndex: (id: string) => number;
  /** Bytes of each data packet on the wire. */
  readonly packetBytes: number;
  /** Bytes of a packet that carry data: a message of B bytes is ceil(B / payload) packets (default `packetBytes`). */
  readonly payloadBytes?: number;
  /** The window and rate limits (bytes/s) of a flow group (default: none). */
  readonly limitsOf?: (group: string) => { window?: number; rate?: number };
  /** A controller for each flow (`@losslab/response`); default none. */
  readonly controllers?: ControllerFactory;
  /** The controller of fixed flows that are not acknowledged (`FixedFlow.transport`); default none. */
  readonly unreliableControllers?: ControllerFactory;
  /** The hosts' link rate in bytes/s, which controllers take as Rmax; required with `controllers`. */
  readonly lineRate?: number;
  /** Non-compliant hosts (turner-2001 sec. 6.2): their flows take no controller. */
  readonly nonCompliant?: ReadonlySet<string>;
  /** Keep one controller per (source, destination) across its flows (santos-2002 sec. 6.3.2); default false. */
  readonly persistent?: boolean;
  /**
   * "per-message" (default): every message is a flow of its own. "per-destination": messages
   * go to one virtual output queue per (source, destination), which keeps its controller and
   * window across messages (ferrer-2012 sec. 5.1).
   */
  readonly queues?: "per-message" | "per-destination";
  /**
   * Let adapters forget idle per-destination queues (`FlowOptions.forgetWhenIdle`); the sink
   * reopens them. Only where flows hear of congestion through ACKs alone (no QCN CNMs, no
   * subnet manager). Default false.
   */
  readonly forgetIdleQueues?: boolean;
  /** First flow id to hand out (default 0). */
  readonly firstFlowId?: number;
  /**
   * Count deliveries by listening to every host (default true). False: call `packetDelivered`
   * yourself, from a delivery listener of your own, to choose where it runs among them.
   */
  readonly listen?: boolean;
  /** Called for every flow started, to attach meters. */
  readonly onFlow?: (id: number, group: string, source: string, state: FlowState) => void;
  /** Called when a flow of known size has delivered its last packet (flow completion time; per-message queues only). */
  readonly onComplete?: (completion: FlowCompletion) => void;
}

/** A flow of known size that has delivered its last packet (`AdapterSinkOptions.onComplete`). */
export interface FlowCompletion {
  readonly group: string;
  /** From the flow's start (its generation) to the delivery of its last packet, ps. */
  readonly duration: Time;
  /** The flow's bytes, as the generator gave them. */
  readonly bytes: number;
  /** The full-size packets they were sent in: ceil(bytes / payloadBytes). */
  readonly packets: number;
  /** Host indices (`hostIndex`) of the source and the destination. */
  readonly source: number;
  readonly destination: number;
}

/** A flow of known size still delivering: packets left, its start, and what its completion reports. */
interface PendingFlow {
  left: number;
  readonly start: Time;
  readonly group: string;
  readonly bytes: number;
  readonly packets: number;
  readonly source: number;
  readonly destination: number;
  /** The generator's `onComplete` (`TrafficSink.startFlow`), called after `onComplete` of the options. */
  readonly done: (() => void) | undefined;
}

/**
 * A flow given in full, as a scenario's `flows` are: unlike a generator's flow it has its own
 * start, stop, limits, virtual lane and transport.
 */
export interface FixedFlow {
  readonly source: string;
  readonly destination: string;
  readonly group: string;
  /** When it starts (default: now). */
  readonly start?: Time;
  readonly stop?: Time;
  /** Packets outstanding at most. */
  readonly window?: number;
  /** Rate limit, bytes/s. */
  readonly rate?: number;
  readonly vl?: number;
  /**
   * "reliable" (default): acknowledged, with the sink's `controllers`; "unreliable": a CN
   * packet per marked packet, with `unreliableControllers` (turner-2001 sec. 3, 5.2);
   * "read-response": the responses of an RDMA READ, sent when the read request arrives.
   */
  readonly transport?: "reliable" | "unreliable" | "read-response";
}

/**
 * The network as traffic generators see it (`TrafficSink` of @losslab/traffic), on top of
 * the host adapters: flows and messages become adapter flows, each with its own controller,
 * or, with persistent state, the controller its (source, destination) pair used last.
 * Every packet of a message is a full-size packet (the last one is not shortened). With
 * per-destination queues, a queue belongs to the group of the message that opened it. Flows
 * given in full (`addFlow`) enter the adapters the same way: the one path a flow takes into
 * an adapter.
 */
export class AdapterSink implements TrafficSink {
  private nextId: number;
  /** The adapter of each flow that may be stopped (not the queues). */
  private readonly ownerOf = new Map<number, HostAdapter>();
  private readonly kept = new Map<string, Controller>();
  /** Virtual output queues' ids by (source, destination), and each one's group for good, by id. */
  private readonly queueIds: QueueIds;
  private readonly queueGroup: string[] = [];
  private delivered = 0;
  private readonly triggers: Array<{ count: number; callback: () => void }> = [];
  /** Flows of known size still delivering: packets left, and what their completion will report. */
  private readonly pending = new Map<number, PendingFlow>();

  private readonly options: Required<Omit<AdapterSinkOptions, "controllers" | "unreliableControllers" | "lineRate">> &
    Pick<AdapterSinkOptions, "controllers" | "unreliableControllers" | "lineRate">;

  constructor(options: AdapterSinkOptions) {
    const controlled = options.controllers !== undefined || options.unreliableControllers !== undefined;
    if (controlled && !(typeof options.lineRate === "number" && options.lineRate > 0)) {
      throw new RangeError("AdapterSink: controllers need lineRate, the hosts' link rate in bytes/s");
    }
    this.options = {
      payloadBytes: options.packetBytes,
      limitsOf: () => ({}),
      nonCompliant: new Set(),
      persistent: false,
      queues: "per-message",
      forgetIdleQueues: false,
      firstFlowId: 0,
      listen: true,
      onFlow: () => {},
      onComplete: () => {},
      ...options,
    };
    this.nextId = this.options.firstFlowId;
    this.queueIds = new QueueIds(options.hosts.keys());
    if (this.options.listen) {
      for (const host of options.hosts.values())
        host.onDeliver((packets, packet) => this.packetDelivered(packets.flow(packet)));
    }
  }

  /**
   * Adds a flow given in full (a scenario's `flows`), with the next flow id, its own
   * controller (a new one: `persistent` is for generated flows), and `onFlow` called. A
   * "read-response" flow sends once its adapter gets the read request (`requestRead`).
   */
  addFlow(flow: FixedFlow): number {
    const o = this.options;
    const host = o.hosts.get(flow.source)!;
    const id = this.nextId++;
    const transport = flow.transport ?? "reliable";
    const factory = transport === "reliable" ? o.controllers : o.unreliableControllers;
    const controller =
      factory === undefined || o.nonCompliant.has(flow.source)
        ? undefined
        : factory({ lineRate: o.lineRate!, packetSize: o.packetBytes, flowId: id });
    const state = host.addFlow({
      id,
      destination: o.hostIndex(flow.destination),
      packetBytes: o.packetBytes,
      start: flow.start ?? o.engine.now,
      ...(transport === "read-response" ? { readResponse: true } : { reliable: transport === "reliable" }),
      ...(flow.vl === undefined ? {} : { vl: flow.vl }),
      ...(controller === undefined ? {} : { controller }),
      ...(flow.stop === undefined ? {} : { stop: flow.stop }),
      ...(flow.window === undefined ? {} : { window: flow.window }),
      ...(flow.rate === undefined ? {} : { rate: flow.rate }),
    });
    o.onFlow(id, flow.group, flow.source, state);
    return id;
  }

  /**
   * A flow of `flow.bytes` completes at the delivery of its last packet at the destination,
   * not at the ACK of it (htsim's flows fire their end trigger on that ACK, e.g. RoceSrc::
   * processAck in sim/roce.cpp): a collective's next step waits for the data at the rank that
   * received it, and the ACK's way back is no part of that wait.
   */
  startFlow(flow: TrafficFlow, onComplete?: () => void): number {
    const packets = flow.bytes === undefined ? undefined : Math.ceil(flow.bytes / this.options.payloadBytes);
    const id = this.add(flow.source, flow.destination, flow.group, packets, false);
    if (packets !== undefined) {
      const o = this.options;
      this.pending.set(id, {
        left: packets,
        start: o.engine.now,
        group: flow.group,
        bytes: flow.bytes!,
        packets,
        source: o.hostIndex(flow.source),
        destination: o.hostIndex(flow.destination),
        done: onComplete,
      });
    }
    return id;
  }

  stopFlow(id: number): void {
    this.ownerOf.get(id)?.stopFlow(id);
    this.ownerOf.delete(id);
  }

  sendMessage(message: TrafficMessage): void {
    if (this.options.queues === "per-message") {
      this.startFlow(message);
      return;
    }
    const packets = Math.ceil(message.bytes / this.options.payloadBytes);
    const { source, destination } = message;
    const id = this.queueIds.get(source, destination);
    if (id < 0) {
      const opened = this.add(source, destination, message.group, packets, true);
      this.queueIds.set(source, destination, opened);
      this.queueGroup[opened] = message.group;
      return;
    }
    const host = this.options.hosts.get(source)!;
    if (host.hasFlow(id)) host.enqueue(id, packets);
    else host.reopenQueue(this.flowOptions(id, source, destination, this.queueGroup[id]!, packets, true));
  }

  onDelivered(count: number, callback: () => void): void {
    if (this.delivered >= count) callback();
    else this.triggers.push({ count, callback });
  }

  /** A data packet of flow `flow` was delivered (called by the sink's own listeners unless `listen` is false). */
  packetDelivered(flow: number): void {
    this.delivered++;
    const sized = this.pending.get(flow);
    if (sized !== undefined && --sized.left === 0) {
      this.pending.delete(flow);
      const { group, start, bytes, packets, source, destination, done } = sized;
      this.options.onComplete({
        group,
        duration: this.options.engine.now - start,
        bytes,
        packets,
        source,
        destination,
      });
      done?.();
    }
    if (this.triggers.length === 0) return;
    for (let i = this.triggers.length - 1; i >= 0; i--) {
      const trigger = this.triggers[i]!;
      if (this.delivered >= trigger.count) {
        this.triggers.splice(i, 1);
        trigger.callback();
      }
    }
  }

  private add(source: string, destination: string, group: string, packets: number | undefined, queue: boolean) {
    const o = this.options;
    // In a split run every part adds the run's own flows alike, so that a flow has one id in
    // all of them (docs/spec/parallel.md sec. 6). A flow a device's event adds (on a flow's
    // completion, at a count of deliveries) is added in that device's part alone, and the
    // parts' ids part ways, silently: a device acting on another part without a link.
    if (o.engine.isPart && o.engine.device !== 0) {
      throw new EngineError(
        `device ${o.engine.device} added a flow ${source} -> ${destination} at ${formatTime(o.engine.now)}: one part adds it alone, and the flow ids of another part part ways from its own without a link`,
      );
    }
    const host = o.hosts.get(source)!;
    const id = this.nextId++;
    const state = host.addFlow(this.flowOptions(id, source, destination, group, packets, queue));
    if (!queue) this.ownerOf.set(id, host);
    o.onFlow(id, group, source, state);
    return id;
  }

  /** The options of flow `id`, with a controller as new (or the pair's persistent one). */
  private flowOptions(
    id: number,
    source: string,
    destination: string,
    group: string,
    packets: number | undefined,
    queue: boolean,
  ): FlowOptions {
    const o = this.options;
    const limits = o.limitsOf(group);
    const controller = o.nonCompliant.has(source) ? undefined : this.controllerFor(source, destination, id);
    // One literal of one shape, with undefined for an option left out (the adapter reads
    // undefined as absent): reopening a forgotten queue builds this once per message.
    return {
      id,
      destination: o.hostIndex(destination),
      packetBytes: o.packetBytes,
      start: o.engine.now,
      queue: queue || undefined,
      forgetWhenIdle: (queue && o.forgetIdleQueues) || undefined,
      packets,
      window: limits.window,
      rate: limits.rate,
      controller,
    };
  }

  private controllerFor(source: string, destination: string, id: number): Controller | undefined {
    const { controllers, persistent, packetBytes } = this.options;
    if (controllers === undefined) return undefined;
    const lineRate = this.options.lineRate!;
    if (!persistent) return controllers({ lineRate, packetSize: packetBytes, flowId: id });
    const key = `${source}->${destination}`;
    let controller = this.kept.get(key);
    if (controller === undefined) {
      controller = controllers({ lineRate, packetSize: packetBytes, flowId: key });
      this.kept.set(key, controller);
    }
    return controller;
  }
}
