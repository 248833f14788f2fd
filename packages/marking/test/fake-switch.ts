/**
 * A hand-built switch state for driving marking policies in tests. It keeps what
 * `SwitchView` shows (resident packets per input, packets waiting per output) and calls the
 * hooks in the order `InputBufferedSwitch` does: on a header's arrival the packet joins its
 * input buffer and cnt1, then `packetArrived`; when a tail arrives and leaves less than one
 * maximum-size packet of room in its input VL buffer, `bufferFull(input, vl)`; a
 * transmission starts only if the output VL has credits for the whole packet (else
 * `outputBlocked`), then the packet leaves cnt1 and `packetDeparting` runs; it leaves its
 * input buffer when its last byte has gone. Each input port has one buffer of
 * `BUFFER_PACKETS` per VL; output VLs have unlimited credits unless set. Routing: a packet
 * leaves on the output port numbered like its destination host.
 */
import {
  CongestionBit,
  creditsFor,
  hasBit,
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type Packet,
  PacketFactory,
  PacketKind,
  type SwitchView,
} from "@losslab/core";

export const MAX_PACKET_BYTES = 2068;
/** santos-2002 Table 1: input buffers of 4 packets. */
export const BUFFER_PACKETS = 4;
export const CREDIT_BYTES = 64;
/** Credit blocks of one data packet: ceil(2068 / 64) = 33. */
export const PACKET_BLOCKS = creditsFor(MAX_PACKET_BYTES, CREDIT_BYTES);

export class FakeSwitch implements SwitchView {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes = MAX_PACKET_BYTES;
  readonly creditBytes = CREDIT_BYTES;
  readonly policy: MarkingPolicy;
  /** Every packet created, in creation order (ids 0, 1, ...). */
  readonly packets: Packet[] = [];
  private readonly packetFactory = new PacketFactory();
  private readonly resident: Packet[][] = [];
  private readonly waiting: number[] = [];
  /** Packets waiting for each output in arrival order (the FIFO an output serves). */
  private readonly queues: Packet[][] = [];
  private readonly inputOf = new Map<Packet, number>();
  private readonly transmitting = new Set<Packet>();
  /** Credit blocks per output VL, keyed `output:vl`; absent: unlimited. */
  private readonly credits = new Map<string, number>();

  constructor(marking: MarkingPolicyFactory, ports = 5, name = "fake") {
    this.name = name;
    this.portCount = ports;
    for (let port = 0; port < ports; port++) {
      this.resident.push([]);
      this.waiting.push(0);
      this.queues.push([]);
    }
    this.policy = marking(this);
  }

  // --- SwitchView ---

  /** Hears every control frame the policy sends (`notify`). */
  noticeListener: ((destination: number, about: Packet, bytes: number, feedback?: number) => void) | undefined;

  notify(destination: number, about: Packet, bytes: number, feedback?: number): void {
    this.noticeListener?.(destination, about, bytes, feedback);
  }

  inputCapacity(): number {
    return BUFFER_PACKETS * MAX_PACKET_BYTES;
  }

  inputOccupancy(port: number): number {
    return this.resident[port]!.reduce((sum, packet) => sum + packet.size, 0);
  }

  inputPackets(port: number): readonly Packet[] {
    return this.resident[port]!;
  }

  outputOf(packet: Packet): number {
    return packet.destination;
  }

  waitingFor(output: number): number {
    return this.waiting[output]!;
  }

  outputCredits(output: number, vl = 0): number {
    return this.credits.get(`${output}:${vl}`) ?? Number.POSITIVE_INFINITY;
  }

  /** An input-buffered switch: no output buffers. */
  outputCapacity(): number {
    return 0;
  }

  outputOccupancy(): number {
    return 0;
  }

  outputPackets(): readonly Packet[] {
    return [];
  }

  // --- driving the policy ---

  /** Output VL `vl` of `output` has `blocks` credits from now on. */
  setCredits(output: number, blocks: number, vl = 0): void {
    this.credits.set(`${output}:${vl}`, blocks);
  }

  /** Bytes held in the buffer of input `input`, VL `vl`. */
  vlOccupancy(input: number, vl: number): number {
    return this.resident[input]!.reduce((sum, packet) => sum + (packet.vl === vl ? packet.size : 0), 0);
  }

  /**
   * A whole packet for `output` arrives at `input` (header, then tail): the tail may find
   * the buffer full and call `bufferFull`. Returns the packet.
   */
  arrive(input: number, output: number, kind: PacketKind = PacketKind.Data, vl = 0): Packet {
    const packet = this.arriveHeader(input, output, kind, vl);
    this.tailArrived(input, vl);
    return packet;
  }

  /** Only the header arrives: the packet joins the buffer and cnt1, `packetArrived` runs. */
  arriveHeader(input: number, output: number, kind: PacketKind = PacketKind.Data, vl = 0): Packet {
    const size = kind === PacketKind.Data ? MAX_PACKET_BYTES : 20;
    const packet = this.packetFactory.create({
      kind,
      flow: input,
      source: input,
      destination: output,
      size,
      seq: 0,
      vl,
      createdAt: 0,
    });
    if (this.vlOccupancy(input, vl) + size > this.inputCapacity()) throw new Error(`input ${input} VL ${vl} overflows`);
    this.packets.push(packet);
    this.resident[input]!.push(packet);
    this.inputOf.set(packet, input);
    this.waiting[output]!++;
    this.queues[output]!.push(packet);
    this.policy.packetArrived?.(packet, input, output);
    return packet;
  }

  /** The tail of a packet arriving at `input`, VL `vl`, is in: `bufferFull` if that buffer has less than a maximum-size packet of room left. */
  tailArrived(input: number, vl = 0): void {
    if (this.inputCapacity() - this.vlOccupancy(input, vl) < MAX_PACKET_BYTES) this.policy.bufferFull?.(input, vl);
  }

  /**
   * `packet` tries to start on its output: without credits for all of it, `outputBlocked`
   * and false; else it takes the credits, leaves cnt1, `packetDeparting` runs and true. It
   * stays resident until `finish`.
   */
  start(packet: Packet): boolean {
    const output = this.outputOf(packet);
    const queue = this.queues[output]!;
    const at = queue.indexOf(packet);
    if (at < 0) throw new Error(`packet ${packet.id} is not waiting`);
    const credits = this.outputCredits(output, packet.vl);
    const blocks = creditsFor(packet.size, CREDIT_BYTES);
    if (credits < blocks) {
      this.policy.outputBlocked?.(output, packet.vl);
      return false;
    }
    if (credits !== Number.POSITIVE_INFINITY) this.setCredits(output, credits - blocks, packet.vl);
    queue.splice(at, 1);
    this.waiting[output]!--;
    this.transmitting.add(packet);
    this.policy.packetDeparting?.(packet, this.inputOf.get(packet)!, output);
    return true;
  }

  /** The last byte of `packet` has left: it leaves its input buffer. */
  finish(packet: Packet): void {
    if (!this.transmitting.delete(packet)) throw new Error(`packet ${packet.id} is not being transmitted`);
    const held = this.resident[this.inputOf.get(packet)!]!;
    held.splice(held.indexOf(packet), 1);
  }

  /**
   * The oldest `count` packets waiting for `output` are transmitted one after another, until
   * one lacks credits (`outputBlocked`). Returns those sent.
   */
  serve(output: number, count = 1): Packet[] {
    const sent: Packet[] = [];
    for (let i = 0; i < count; i++) {
      const packet = this.queues[output]![0];
      if (packet === undefined) throw new Error(`output ${output} has nothing waiting`);
      if (!this.start(packet)) break;
      this.finish(packet);
      sent.push(packet);
    }
    return sent;
  }

  /** Ids of the packets carrying the ECN bit. */
  markedIds(): number[] {
    return this.packets.filter((packet) => hasBit(packet, CongestionBit.Ecn)).map((packet) => packet.id);
  }

  /** Ids of `packets`. */
  static ids(packets: readonly Packet[]): number[] {
    return packets.map((packet) => packet.id);
  }
}
