/**
 * A hand-built switch state for driving marking policies in tests. It keeps what
 * `SwitchView` shows (resident packets per input, packets waiting per output) and calls the
 * hooks in the order `InputBufferedSwitch` does: on a header's arrival the packet joins its
 * input buffer and cnt1, then `packetArrived`; when a tail arrives and leaves less than one
 * maximum-size packet of room, `bufferFull`; when a transmission starts the packet leaves
 * cnt1, then `packetDeparting`; it leaves its input buffer when its last byte has gone.
 * Routing: a packet leaves on the output port numbered like its destination host.
 */
import {
  CongestionBit,
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

export class FakeSwitch implements SwitchView {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes = MAX_PACKET_BYTES;
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

  outputCredits(): number {
    return 1000;
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

  /**
   * A whole packet for `output` arrives at `input` (header, then tail): the tail may find
   * the buffer full and call `bufferFull`. Returns the packet.
   */
  arrive(input: number, output: number, kind: PacketKind = PacketKind.Data): Packet {
    const packet = this.arriveHeader(input, output, kind);
    this.tailArrived(input);
    return packet;
  }

  /** Only the header arrives: the packet joins the buffer and cnt1, `packetArrived` runs. */
  arriveHeader(input: number, output: number, kind: PacketKind = PacketKind.Data): Packet {
    const size = kind === PacketKind.Data ? MAX_PACKET_BYTES : 20;
    const packet = this.packetFactory.create({
      kind,
      flow: input,
      source: input,
      destination: output,
      size,
      seq: 0,
      createdAt: 0,
    });
    if (this.inputOccupancy(input) + size > this.inputCapacity()) throw new Error(`input ${input} overflows`);
    this.packets.push(packet);
    this.resident[input]!.push(packet);
    this.inputOf.set(packet, input);
    this.waiting[output]!++;
    this.queues[output]!.push(packet);
    this.policy.packetArrived?.(packet, input, output);
    return packet;
  }

  /** The tail of the packet arriving at `input` is in: `bufferFull` if less than a maximum-size packet of room is left. */
  tailArrived(input: number): void {
    if (this.inputCapacity() - this.inputOccupancy(input) < MAX_PACKET_BYTES) this.policy.bufferFull?.(input);
  }

  /** `packet` starts leaving on its output: it leaves cnt1, then `packetDeparting`. Stays resident. */
  start(packet: Packet): void {
    const output = this.outputOf(packet);
    const queue = this.queues[output]!;
    const at = queue.indexOf(packet);
    if (at < 0) throw new Error(`packet ${packet.id} is not waiting`);
    queue.splice(at, 1);
    this.waiting[output]!--;
    this.transmitting.add(packet);
    this.policy.packetDeparting?.(packet, this.inputOf.get(packet)!, output);
  }

  /** The last byte of `packet` has left: it leaves its input buffer. */
  finish(packet: Packet): void {
    if (!this.transmitting.delete(packet)) throw new Error(`packet ${packet.id} is not being transmitted`);
    const held = this.resident[this.inputOf.get(packet)!]!;
    held.splice(held.indexOf(packet), 1);
  }

  /** The oldest `count` packets waiting for `output` are transmitted one after another. Returns them. */
  serve(output: number, count = 1): Packet[] {
    const sent: Packet[] = [];
    for (let i = 0; i < count; i++) {
      const packet = this.queues[output]![0];
      if (packet === undefined) throw new Error(`output ${output} has nothing waiting`);
      this.start(packet);
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
