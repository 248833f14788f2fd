/**
 * A fake combined input-output queued switch for driving marking policies (ferrer-2012 sec.
 * 5.1: input and output buffers of 1 KB, data packets of 256 + 22 B, ACKs of 22 B). It calls
 * the hooks in the order `CioqSwitch` does: a header arrives -> the packet joins its input
 * buffer and is counted as waiting -> `packetArrived` (its tail arrives with it: `bufferFull`
 * if less than one data packet of room is left); a crossbar transfer starts -> the packet
 * joins its output buffer -> `packetEnteredOutput`, and it leaves its input buffer when the
 * transfer ends; the output buffer's head starts on the link -> it stops waiting ->
 * `packetDeparting`, and it leaves the output buffer when its last byte has gone.
 */
import { type MarkingPolicyFactory, type Packet, PacketKind, PacketStore } from "@losslab/core";
import { FakeSwitchView } from "./fake-switch-view.js";

/** ferrer-2012 sec. 5.1: 256 B of fixed payload + 22 B of header. */
export const CIOQ_DATA_BYTES = 256 + 22;
export const CIOQ_ACK_BYTES = 22;
/** ferrer-2012 sec. 5.1: "1 ... Kb for the 256 ... bytes of fixed payload". */
export const CIOQ_BUFFER_BYTES = 1024;

export interface FakeCioqOptions {
  ports?: number;
  name?: string;
  inputBufferBytes?: number;
  outputBufferBytes?: number;
}

export class FakeCioqSwitch extends FakeSwitchView {
  /** `packets` may be shared with another fake switch, so a packet can cross both. */
  constructor(marking: MarkingPolicyFactory, options: FakeCioqOptions = {}, packets = new PacketStore()) {
    super(marking, {
      name: options.name ?? "cioq",
      ports: options.ports ?? 4,
      maxPacketBytes: CIOQ_DATA_BYTES,
      inputBufferBytes: options.inputBufferBytes ?? CIOQ_BUFFER_BYTES,
      outputBufferBytes: options.outputBufferBytes ?? CIOQ_BUFFER_BYTES,
      credits: 1000,
      packets,
    });
  }

  /** A new packet for `output` arrives at `input` (header: `packetArrived`, then its tail). */
  arrive(input: number, output: number, kind: PacketKind = PacketKind.Data): Packet {
    const packet = this.create(input, output, kind, kind === PacketKind.Data ? CIOQ_DATA_BYTES : CIOQ_ACK_BYTES);
    this.receive(packet, input);
    return packet;
  }

  /** `packet`, perhaps from another switch, arrives at `input`, its tail with its header. */
  override receive(packet: Packet, input: number): void {
    super.receive(packet, input);
    this.tailArrived(input, this.packets.vl(packet));
  }

  /** Fills output buffer `output` with `count` data packets arrived at `input` and crossed. */
  fill(output: number, count: number, input = 0): Packet[] {
    return Array.from({ length: count }, () => {
      const packet = this.arrive(input, output);
      this.cross(packet);
      return packet;
    });
  }

  /** `packet` crosses the crossbar into its output buffer (`packetEnteredOutput`), then leaves its input buffer. */
  cross(packet: Packet): void {
    const output = this.outputOf(packet);
    if (this.outputOccupancy(output) + this.packets.size(packet) > this.outputCapacity())
      throw new Error(`output ${output} overflows`);
    this.outputs[output]!.push(packet);
    this.policy.packetEnteredOutput?.(packet, this.inputOfPacket(packet), output);
    this.leaveInput(packet);
  }

  /** The head of output buffer `output` goes onto the link (`packetDeparting`), then leaves the buffer. Returns it. */
  send(output: number): Packet {
    const packet = this.outputs[output]![0];
    if (packet === undefined) throw new Error(`output ${output} is empty`);
    this.depart(packet, output);
    this.outputs[output]!.shift();
    return packet;
  }
}
