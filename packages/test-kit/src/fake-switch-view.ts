/**
 * A hand-built switch state for driving marking policies in tests: what `SwitchView` shows
 * (packets resident per input, in output buffers and waiting per output, credits per output
 * VL) and the steps every organisation shares (a header arrives, a tail arrives, a packet
 * starts on its link). The two organisations the policies are written for add their own
 * order of hooks: `FakeSwitch` (input-buffered) and `FakeCioqSwitch` (CIOQ). Routing: a
 * packet leaves on the output port numbered like its destination host.
 */
import {
  CongestionBit,
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type Packet,
  type PacketKind,
  type PacketStore,
  type SwitchView,
} from "@losslab/core";
import { CREDIT_BYTES } from "./santos-link.js";

export interface FakeSwitchViewOptions {
  name: string;
  ports: number;
  /** The largest packet: a tail that leaves less room than this in its input VL buffer calls `bufferFull`. */
  maxPacketBytes: number;
  /** Bytes of each input VL buffer. */
  inputBufferBytes: number;
  /** Bytes of each output buffer (0: none, an input-buffered switch). */
  outputBufferBytes: number;
  /** Credit blocks of an output VL until `setCredits` says otherwise. */
  credits: number;
  /** Holds the packets; share one between two fakes so that a packet can cross both. */
  packets: PacketStore;
}

export abstract class FakeSwitchView implements SwitchView {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes: number;
  readonly creditBytes = CREDIT_BYTES;
  readonly policy: MarkingPolicy;
  /** The packets (`SwitchView.packets`): read what the hooks were given here. */
  readonly packets: PacketStore;
  /** Every packet this fake created, in creation order (with a store of its own, ids 0, 1, ...). */
  readonly created: Packet[] = [];
  /** Hears every control frame the policy sends (`notify`). */
  noticeListener: ((destination: number, about: Packet, bytes: number, feedback?: number) => void) | undefined;
  private readonly inputs: Packet[][] = [];
  protected readonly outputs: Packet[][] = [];
  private readonly waiting: number[] = [];
  private readonly inputOf = new Map<Packet, number>();
  /** Credit blocks per output VL, keyed `output:vl`; absent: `options.credits`. */
  private readonly credits = new Map<string, number>();

  protected constructor(
    marking: MarkingPolicyFactory,
    private readonly options: FakeSwitchViewOptions,
  ) {
    this.name = options.name;
    this.portCount = options.ports;
    this.maxPacketBytes = options.maxPacketBytes;
    this.packets = options.packets;
    for (let port = 0; port < this.portCount; port++) {
      this.inputs.push([]);
      this.outputs.push([]);
      this.waiting.push(0);
    }
    this.policy = marking(this);
  }

  // --- SwitchView ---

  notify(destination: number, about: Packet, bytes: number, feedback?: number): void {
    this.noticeListener?.(destination, about, bytes, feedback);
  }

  inputCapacity(): number {
    return this.options.inputBufferBytes;
  }

  outputCapacity(): number {
    return this.options.outputBufferBytes;
  }

  inputOccupancy(port: number): number {
    return this.total(this.inputs[port]!);
  }

  outputOccupancy(port: number): number {
    return this.total(this.outputs[port]!);
  }

  inputPackets(port: number): readonly Packet[] {
    return this.inputs[port]!;
  }

  outputPackets(port: number): readonly Packet[] {
    return this.outputs[port]!;
  }

  outputOf(packet: Packet): number {
    return this.packets.destination(packet);
  }

  waitingFor(output: number): number {
    return this.waiting[output]!;
  }

  outputCredits(output: number, vl = 0): number {
    return this.credits.get(`${output}:${vl}`) ?? this.options.credits;
  }

  // --- driving the policy ---

  /** Output VL `vl` of `output` has `blocks` credits from now on. */
  setCredits(output: number, blocks: number, vl = 0): void {
    this.credits.set(`${output}:${vl}`, blocks);
  }

  /** Bytes held in the buffer of input `input`, VL `vl`. */
  vlOccupancy(input: number, vl: number): number {
    return this.total(this.inputs[input]!.filter((packet) => this.packets.vl(packet) === vl));
  }

  /** `packet`, perhaps from another switch, arrives at `input`: its header joins the input buffer and counts as waiting, then `packetArrived`. */
  receive(packet: Packet, input: number): void {
    if (this.vlOccupancy(input, this.packets.vl(packet)) + this.packets.size(packet) > this.inputCapacity()) {
      throw new Error(`input ${input} VL ${this.packets.vl(packet)} overflows`);
    }
    this.inputs[input]!.push(packet);
    this.inputOf.set(packet, input);
    this.waiting[this.outputOf(packet)]!++;
    this.policy.packetArrived?.(packet, input, this.outputOf(packet));
  }

  /** The tail of a packet arriving at `input`, VL `vl`, is in: `bufferFull` if that buffer has less than a maximum-size packet of room left. */
  tailArrived(input: number, vl = 0): void {
    if (this.inputCapacity() - this.vlOccupancy(input, vl) < this.maxPacketBytes) this.policy.bufferFull?.(input, vl);
  }

  /** Ids of the packets carrying the ECN bit. */
  markedIds(): number[] {
    return this.created
      .filter((packet) => this.packets.hasBit(packet, CongestionBit.Ecn))
      .map((packet) => this.packets.id(packet));
  }

  /** Ids of `packets`. */
  ids(packets: readonly Packet[]): number[] {
    return packets.map((packet) => this.packets.id(packet));
  }

  /** Bytes of `held`. */
  private total(held: readonly Packet[]): number {
    return held.reduce((bytes, packet) => bytes + this.packets.size(packet), 0);
  }

  /** A new packet of `size` bytes from host `input` (its flow) to host `output`. */
  protected create(input: number, output: number, kind: PacketKind, size: number, vl = 0): Packet {
    const packet = this.packets.create({
      kind,
      flow: input,
      source: input,
      destination: output,
      size,
      seq: 0,
      vl,
      createdAt: 0,
    });
    this.created.push(packet);
    return packet;
  }

  /** The input `packet` arrived at. */
  protected inputOfPacket(packet: Packet): number {
    return this.inputOf.get(packet)!;
  }

  /** `packet` starts on the link of `output`: it stops waiting, then `packetDeparting`. */
  protected depart(packet: Packet, output: number): void {
    this.waiting[output]!--;
    this.policy.packetDeparting?.(packet, this.inputOfPacket(packet), output);
  }

  /** `packet` leaves its input buffer. */
  protected leaveInput(packet: Packet): void {
    const held = this.inputs[this.inputOfPacket(packet)]!;
    held.splice(held.indexOf(packet), 1);
  }
}
