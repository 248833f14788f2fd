import type { ClassScheduler, ClassServer, Packet, PacketReader } from "@losslab/core";
import { checkHeldBytes } from "./held-bytes.js";
import { PacketFifos } from "./packet-fifos.js";
import { laneSum } from "./port-lanes.js";
import { removePacket } from "./remove-packet.js";

/** How output queues put a packet on their switch's link: the switch's rules (`SwitchBase.canStart`, `startOnLink`). */
export interface OutputLink {
  /** Whether `packet` may start on the free link of `output` now (credits downstream, no PAUSE). */
  canStart(output: number, packet: Packet): boolean;
  /** Starts `packet`, from `input`, on the link of `output`; the switch calls `departed(output)` when its last byte has left. */
  start(output: number, packet: Packet, input: number): void;
}

/**
 * The queues of a switch's outputs, one FIFO per (output, VL) at `output * vls + vl` (CIOQ's
 * output buffers, the shared-buffer switch's egress queues): the packets and the inputs they
 * came from, bytes per queue and packets per output, and the choice of what a free link sends
 * next: the head of its one queue, or with several VLs the head its VL scheduler picks among
 * those that can start (`vlScheduling`, as the input-buffered switch's outputs do). A packet
 * stays in its queue, at the head, while it is on the link. The queues are linked lists in one
 * pool of typed arrays (`PacketFifos`), each packet tagged with its input.
 */
export class OutputQueues implements ClassServer {
  /** Per output: packets in its queues, all VLs (read by every arbitration). */
  readonly count: Int32Array;
  /** Per (output, VL): bytes of the packets in its queue. */
  readonly bytes: Float64Array;
  /** The input of the packet the last `departed` took out. */
  lastInput = 0;
  /** Per (output, VL): its packets in FIFO order, each tagged with the input it came from. */
  private readonly fifos: PacketFifos;
  /** With several VLs, per output: the packets of all its queues in the order they entered (the view's). */
  private readonly portPackets: Packet[][] = [];
  /** Per output: the queue whose head is on the link. */
  private readonly sendingQueue: Int32Array;

  constructor(
    /** The switch's name, for `checkHeldBytes`. */
    private readonly name: string,
    private readonly store: PacketReader,
    ports: number,
    private readonly vls: number,
    /** The links' VL scheduler; undefined with one VL and no VL option (`createVlScheduler`). */
    private readonly scheduler: ClassScheduler | undefined,
    private readonly link: OutputLink,
  ) {
    this.count = new Int32Array(ports);
    this.bytes = new Float64Array(ports * vls);
    this.sendingQueue = new Int32Array(ports);
    this.fifos = new PacketFifos(ports * vls);
    if (vls > 1) for (let port = 0; port < ports; port++) this.portPackets.push([]);
  }

  /** `packet`, from `input`, joins the queue of its VL at `output`. */
  push(output: number, packet: Packet, input: number): void {
    const queue = output * this.vls + this.store.vl(packet);
    this.bytes[queue]! += this.store.size(packet);
    this.fifos.push(queue, packet, input);
    if (this.vls > 1) this.portPackets[output]!.push(packet);
    this.count[output]!++;
  }

  /** Every output whose link is free (`linkBusy` 0) and whose queues hold packets starts the next one that can go, if any. */
  serveFree(linkBusy: Uint8Array): void {
    const count = this.count;
    for (let output = 0; output < count.length; output++) {
      if (linkBusy[output] === 0 && count[output]! > 0) this.serve(output);
    }
  }

  /** The free link of `output`, whose queues hold packets, starts the next one that can go, if any. */
  serve(output: number): void {
    if (this.scheduler === undefined) this.sendHead(output, output);
    else this.scheduler.serve(output, this);
  }

  /** ClassServer: the head of VL `vl`'s queue at the free `output` starts if it can and has at most `maxBytes`. */
  serveClass(output: number, vl: number, maxBytes: number): number {
    const queue = output * this.vls + vl;
    const packet = this.fifos.head(queue);
    if (packet < 0 || !this.link.canStart(output, packet)) return 0;
    const size = this.store.size(packet);
    if (size > maxBytes) return -1;
    this.sendHead(output, queue);
    return size;
  }

  /**
   * The head of `queue` starts on the link of `output` if the buffer downstream has credits
   * for all of it and no PAUSE holds it (with several VLs the scheduler has asked already).
   */
  private sendHead(output: number, queue: number): void {
    const packet = this.fifos.head(queue);
    if (this.scheduler === undefined && !this.link.canStart(output, packet)) return;
    this.sendingQueue[output] = queue;
    this.link.start(output, packet, this.fifos.headTag(queue));
  }

  /** The packet on the link of `output` has left: takes it out of its queue and returns it (its input: `lastInput`). */
  departed(output: number): Packet {
    const queue = this.sendingQueue[output]!;
    this.lastInput = this.fifos.headTag(queue);
    const packet = this.fifos.shift(queue);
    if (this.vls > 1) removePacket(this.portPackets[output]!, packet);
    this.count[output]!--;
    this.bytes[queue]! -= this.store.size(packet);
    checkHeldBytes(
      this.bytes[queue]!,
      this.fifos.length(queue) === 0,
      this.name,
      "output queue (output * vls + VL)",
      queue,
    );
    return packet;
  }

  /** Bytes in VL `vl`'s queue at `port`; without `vl`, in all the port's. */
  occupancy(port: number, vl: number | undefined): number {
    return laneSum(this.bytes, port, this.vls, vl);
  }

  /**
   * Packets in VL `vl`'s queue at `port`, in FIFO order; without `vl`, of all the port's in the
   * order they entered. With `vl` or one VL, an array reused by the next call (`PacketFifos.toArray`).
   */
  packets(port: number, vl: number | undefined): readonly Packet[] {
    if (vl !== undefined) return this.fifos.toArray(port * this.vls + vl);
    return this.vls === 1 ? this.fifos.toArray(port) : this.portPackets[port]!;
  }
}
