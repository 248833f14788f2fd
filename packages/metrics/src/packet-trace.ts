import {
  type ArrivalListener,
  type CreditListener,
  type Packet,
  PacketKind,
  type PacketReader,
  type TransmissionListener,
} from "@losslab/core";
import type { Time } from "@losslab/engine";

/** The events a packet trace can hold, in a packet's order of life. */
export const TRACE_EVENTS = [
  "generated",
  "injected",
  "arrived",
  "marked",
  "departed",
  "delivered",
  "received",
  "pause",
  "credit",
] as const;
export type TraceEvent = (typeof TRACE_EVENTS)[number];

/** The events traced unless others are asked for: all but the link-level PAUSE frames and credit returns. */
export const DEFAULT_TRACE_EVENTS: readonly TraceEvent[] = TRACE_EVENTS.filter(
  (event) => event !== "pause" && event !== "credit",
);

export interface PacketTraceOptions {
  /** Receives the trace, NDJSON, in chunks of whole lines (about 64 KB each, the rest at `finish`). */
  write(chunk: string): void;
  /** Trace only these flow ids (PAUSE frames and credits belong to no flow and are kept). Default: all. */
  flows?: readonly number[];
  /** Trace only these events. Default `DEFAULT_TRACE_EVENTS`. */
  events?: readonly TraceEvent[];
  /** Trace only events at times in [from, to) (picoseconds). Default: the whole run. */
  from?: Time;
  to?: Time;
  /** The name of the host with index `index` (an injected packet's `dst`). Default: the index. */
  hostName?: (index: number) => string;
  /**
   * `write` is called once this many characters are buffered (default 65 536); 0 hands each
   * line over as it is made, which a part of a run split over threads needs to rank it by the
   * event that made it (@losslab/scenario's SplitTrace).
   */
  chunkChars?: number;
}

/** One direction of a link, as a trace names its ends. */
export interface TracedLink {
  from: string;
  fromPort: number;
  fromHost: boolean;
  to: string;
  toPort: number;
  toHost: boolean;
}

/** The listeners that trace one link. */
export interface LinkTracer {
  transmit: TransmissionListener;
  arrive: ArrivalListener;
  credits: CreditListener;
}

const KIND_NAMES: Record<number, string> = {
  [PacketKind.Data]: "data",
  [PacketKind.Ack]: "ack",
  [PacketKind.Cnp]: "cnp",
  [PacketKind.Pause]: "pause",
  [PacketKind.ReadRequest]: "read",
  [PacketKind.Pull]: "pull",
  [PacketKind.Nack]: "nack",
  [PacketKind.CreditUpdate]: "credit-update",
  [PacketKind.Rts]: "rts",
};
const CHUNK_CHARS = 65_536;

/**
 * A packet trace, like ns-3's ascii traces: one JSON line per packet event, with its time
 * in ns (`t`), the event (`ev`), the device and port where it happened, and the packet
 * (`kind`, `flow`, `seq`, `id`, congestion `bits`):
 * - `generated`: a data packet's generation time at its source (its line is written when
 *   the packet leaves the source, just before `injected`, so its `t` may be earlier than
 *   the lines before it);
 * - `injected`: a packet's first byte leaves a host (`dst`: the host it is for);
 * - `arrived`: its header reaches a switch input;
 * - `marked`: a switch set congestion bits on it (`bits`: all of them, `added`: the new
 *   ones), written as it departs from that switch;
 * - `departed`: its first byte leaves a switch output (`in`: the input it came from);
 * - `delivered`: a data packet reaches its destination adapter (its last byte: the
 *   adapter's delivery time);
 * - `received`: the header of an ACK, CNP / CN or read request reaches a host (the host
 *   acts on it when its last byte has arrived, one serialization time later);
 * - `pause`: a PAUSE / PFC frame leaves a port (`quanta`, 0 = XON; `prio`);
 * - `credit`: returned credits reach a port (`blocks`, `vl`).
 * Output is buffered in chunks, so memory stays bounded however long the run.
 */
export class PacketTrace {
  /** Lines written so far. */
  lines = 0;
  private readonly events: Set<TraceEvent>;
  private readonly flows: Set<number> | undefined;
  private readonly from: Time;
  private readonly to: Time;
  private chunk = "";
  /**
   * Per traced packet in a switch, its input port and bits on arrival (`port * 16 + bits`):
   * marks show at departure, and `departed` names the input.
   */
  private readonly arrivals = new Map<number, number>();
  /** Provisional (negative) ids among `arrivals`' keys since the last `renumber`. */
  private provisional: number[] = [];
  private readonly chunkChars: number;

  constructor(private readonly options: PacketTraceOptions) {
    this.chunkChars = options.chunkChars ?? CHUNK_CHARS;
    this.events = new Set(options.events ?? DEFAULT_TRACE_EVENTS);
    this.flows = options.flows === undefined ? undefined : new Set(options.flows);
    this.from = options.from ?? 0;
    this.to = options.to ?? Number.POSITIVE_INFINITY;
  }

  /** The listeners for one link direction (`Link.onTransmit`, `onArrive`, `onCredits`). */
  link(link: TracedLink): LinkTracer {
    const from = JSON.stringify(link.from);
    const to = JSON.stringify(link.to);
    const fromPort = link.fromPort;
    const toPort = link.toPort;
    return {
      transmit: (packets, packet, start) => {
        if (packets.kind(packet) === PacketKind.Pause) {
          if (this.events.has("pause") && this.inWindow(start)) {
            this.line(start, "pause", from, fromPort, `,"quanta":${packets.seq(packet)},"prio":${packets.vl(packet)}`);
          }
          return;
        }
        if (!this.traces(packets, packet)) return;
        if (link.fromHost) {
          if (
            packets.kind(packet) === PacketKind.Data &&
            this.events.has("generated") &&
            this.inWindow(packets.createdAt(packet))
          ) {
            this.packetLine(packets, packets.createdAt(packet), "generated", from, fromPort, packet);
          }
          if (this.events.has("injected") && this.inWindow(start)) {
            this.packetLine(packets, start, "injected", from, fromPort, packet);
          }
          return;
        }
        const arrival = this.arrivals.get(packets.id(packet));
        this.arrivals.delete(packets.id(packet));
        if (!this.inWindow(start)) return;
        // A frame the switch made itself (a congestion notification) arrived nowhere.
        const input = arrival === undefined ? "" : `,"in":${arrival >> 4}`;
        const before = arrival === undefined ? packets.bits(packet) : arrival & 15;
        if (before !== packets.bits(packet) && this.events.has("marked")) {
          this.packetLine(
            packets,
            start,
            "marked",
            from,
            fromPort,
            packet,
            `,"added":${packets.bits(packet) & ~before}${input}`,
          );
        }
        if (this.events.has("departed")) this.packetLine(packets, start, "departed", from, fromPort, packet, input);
      },
      arrive: (packets, packet, time) => {
        if (packets.kind(packet) === PacketKind.Pause || !this.traces(packets, packet)) return;
        if (link.toHost) {
          if (packets.kind(packet) !== PacketKind.Data && this.events.has("received") && this.inWindow(time)) {
            this.packetLine(packets, time, "received", to, toPort, packet);
          }
          return;
        }
        const id = packets.id(packet);
        this.arrivals.set(id, toPort * 16 + packets.bits(packet));
        if (id < 0) this.provisional.push(id);
        if (this.events.has("arrived") && this.inWindow(time))
          this.packetLine(packets, time, "arrived", to, toPort, packet);
      },
      credits: (blocks, vl, time) => {
        if (this.events.has("credit") && this.inWindow(time)) {
          this.line(time, "credit", from, fromPort, `,"blocks":${blocks},"vl":${vl}`);
        }
      },
    };
  }

  /** Traces the delivery of a data packet to `host`. */
  delivered(host: string, packets: PacketReader, packet: Packet, time: Time): void {
    if (this.events.has("delivered") && this.traces(packets, packet) && this.inWindow(time)) {
      this.packetLine(packets, time, "delivered", JSON.stringify(host), 0, packet);
    }
  }

  /**
   * The packets of a split run's part get provisional (negative) ids, final at the end of
   * the window they are made in (@losslab/core `PacketStore.setId`): a packet that arrived
   * at a switch under its provisional id is found under its final id when it departs.
   */
  renumber(final: (id: number) => number): void {
    for (const id of this.provisional) {
      const arrival = this.arrivals.get(id);
      if (arrival === undefined) continue; // departed within its window
      this.arrivals.delete(id);
      this.arrivals.set(final(id), arrival);
    }
    this.provisional = [];
  }

  /** Writes what is still buffered. Call once, when the run ends. */
  finish(): void {
    if (this.chunk !== "") this.options.write(this.chunk);
    this.chunk = "";
  }

  private traces(packets: PacketReader, packet: Packet): boolean {
    return this.flows === undefined || this.flows.has(packets.flow(packet));
  }

  private inWindow(time: Time): boolean {
    return time >= this.from && time < this.to;
  }

  private packetLine(
    packets: PacketReader,
    time: Time,
    event: TraceEvent,
    device: string,
    port: number,
    packet: Packet,
    extra = "",
  ): void {
    const kind = packets.kind(packet);
    const bits = packets.bits(packet);
    const destination =
      event === "injected"
        ? `,"dst":${JSON.stringify(this.options.hostName?.(packets.destination(packet)) ?? packets.destination(packet))}`
        : "";
    this.line(
      time,
      event,
      device,
      port,
      `,"kind":"${KIND_NAMES[kind] ?? kind}","flow":${packets.flow(packet)},"seq":${packets.seq(packet)},"id":${packets.id(packet)},"bits":${bits}${destination}${extra}`,
    );
  }

  private line(time: Time, event: TraceEvent, device: string, port: number, rest: string): void {
    this.lines++;
    this.chunk += `{"t":${time / 1000},"ev":"${event}","dev":${device},"port":${port}${rest}}\n`;
    if (this.chunk.length >= this.chunkChars) {
      this.options.write(this.chunk);
      this.chunk = "";
    }
  }
}
