/**
 * A hand-built combined input-output queued switch state (ferrer-2012 sec. 5.1: input and
 * output buffers of 1 KB, data packets of 256 + 22 B, ACKs of 22 B) for driving marking
 * policies in tests. It calls the hooks in the order `CioqSwitch` does: a header arrives ->
 * the packet joins its input buffer and is counted as waiting -> `packetArrived` (its tail
 * arrives with it: `bufferFull` if less than one data packet of room is left); a crossbar
 * transfer starts -> the packet joins its output buffer -> `packetEnteredOutput`, and it
 * leaves its input buffer when the transfer ends; the output buffer's head starts on the
 * link -> it stops waiting -> `packetDeparting`, and it leaves the output buffer when its
 * last byte has gone. Routing: a packet leaves on the output numbered like its destination.
 */
import {
  type MarkingPolicy,
  type MarkingPolicyFactory,
  type Packet,
  PacketFactory,
  PacketKind,
  type SwitchView,
} from "@losslab/core";

export const DATA_BYTES = 256 + 22;
export const ACK_BYTES = 22;
/** ferrer-2012 sec. 5.1: "1 ... Kb for the 256 ... bytes of fixed payload". */
export const BUFFER_BYTES = 1024;

export interface FakeCioqOptions {
  ports?: number;
  name?: string;
  inputBufferBytes?: number;
  outputBufferBytes?: number;
}

const total = (packets: readonly Packet[]) => packets.reduce((bytes, packet) => bytes + packet.size, 0);

export class FakeCioqSwitch implements SwitchView {
  readonly name: string;
  readonly portCount: number;
  readonly maxPacketBytes = DATA_BYTES;
  readonly creditBytes = 64;
  readonly policy: MarkingPolicy;
  private readonly inputBytes: number;
  private readonly outputBytes: number;
  private readonly packetFactory: PacketFactory;
  private readonly inputs: Packet[][] = [];
  private readonly outputs: Packet[][] = [];
  private readonly waiting: number[] = [];
  private readonly inputOf = new Map<Packet, number>();

  /** `packets` may be shared with another fake switch, so a packet can cross both. */
  constructor(marking: MarkingPolicyFactory, options: FakeCioqOptions = {}, packets = new PacketFactory()) {
    this.name = options.name ?? "cioq";
    this.portCount = options.ports ?? 4;
    this.inputBytes = options.inputBufferBytes ?? BUFFER_BYTES;
    this.outputBytes = options.outputBufferBytes ?? BUFFER_BYTES;
    this.packetFactory = packets;
    for (let port = 0; port < this.portCount; port++) {
      this.inputs.push([]);
      this.outputs.push([]);
      this.waiting.push(0);
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
    return this.inputBytes;
  }

  inputOccupancy(port: number): number {
    return total(this.inputs[port]!);
  }

  inputPackets(port: number): readonly Packet[] {
    return this.inputs[port]!;
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

  outputCapacity(): number {
    return this.outputBytes;
  }

  outputOccupancy(port: number): number {
    return total(this.outputs[port]!);
  }

  outputPackets(port: number): readonly Packet[] {
    return this.outputs[port]!;
  }

  // --- driving the policy ---

  /** A new packet for `output` arrives at `input` (header: `packetArrived`). */
  arrive(input: number, output: number, kind: PacketKind = PacketKind.Data): Packet {
    const packet = this.packetFactory.create({
      kind,
      flow: input,
      source: input,
      destination: output,
      size: kind === PacketKind.Data ? DATA_BYTES : ACK_BYTES,
      seq: 0,
      createdAt: 0,
    });
    this.receive(packet, input);
    return packet;
  }

  /** Fills output buffer `output` with `count` data packets arrived at `input` and crossed. */
  fill(output: number, count: number, input = 0): Packet[] {
    return Array.from({ length: count }, () => {
      const packet = this.arrive(input, output);
      this.cross(packet);
      return packet;
    });
  }

  /** `packet`, perhaps from another switch, arrives at `input`. */
  receive(packet: Packet, input: number): void {
    if (this.inputOccupancy(input) + packet.size > this.inputBytes) throw new Error(`input ${input} overflows`);
    this.inputs[input]!.push(packet);
    this.inputOf.set(packet, input);
    this.waiting[this.outputOf(packet)]!++;
    this.policy.packetArrived?.(packet, input, this.outputOf(packet));
    if (this.inputBytes - this.inputOccupancy(input) < DATA_BYTES) this.policy.bufferFull?.(input);
  }

  /** `packet` crosses the crossbar into its output buffer (`packetEnteredOutput`), then leaves its input buffer. */
  cross(packet: Packet): void {
    const input = this.inputOf.get(packet)!;
    const output = this.outputOf(packet);
    if (this.outputOccupancy(output) + packet.size > this.outputBytes) throw new Error(`output ${output} overflows`);
    this.outputs[output]!.push(packet);
    this.policy.packetEnteredOutput?.(packet, input, output);
    const held = this.inputs[input]!;
    held.splice(held.indexOf(packet), 1);
  }

  /** The head of output buffer `output` goes onto the link (`packetDeparting`), then leaves the buffer. Returns it. */
  send(output: number): Packet {
    const packet = this.outputs[output]![0];
    if (packet === undefined) throw new Error(`output ${output} is empty`);
    this.waiting[output]!--;
    this.policy.packetDeparting?.(packet, this.inputOf.get(packet)!, output);
    this.outputs[output]!.shift();
    return packet;
  }
}
