/**
 * A fake input-buffered switch for driving marking policies: it calls the hooks in the order
 * `InputBufferedSwitch` does. On a header's arrival the packet joins its input buffer and
 * cnt1, then `packetArrived`; when a tail arrives and leaves less than one maximum-size
 * packet of room in its input VL buffer, `bufferFull(input, vl)`; a transmission starts only
 * if the output VL has credits for the whole packet (else `outputBlocked`), then the packet
 * leaves cnt1 and `packetDeparting` runs; it leaves its input buffer when its last byte has
 * gone. Each input port has one buffer of `BUFFER_PACKETS` data packets per VL (santos-2002
 * Table 1); output VLs have unlimited credits unless set; no output buffers.
 */
import { creditsFor, type MarkingPolicyFactory, type Packet, PacketKind, PacketStore } from "@losslab/core";
import { FakeSwitchView } from "./fake-switch-view.js";
import { BUFFER_PACKETS, CREDIT_BYTES, DATA_BYTES } from "./santos-link.js";

export class FakeSwitch extends FakeSwitchView {
  /** Packets waiting for each output in arrival order (the FIFO an output serves). */
  private readonly queues: Packet[][] = [];
  private readonly transmitting = new Set<Packet>();

  constructor(marking: MarkingPolicyFactory, ports = 5, name = "fake") {
    super(marking, {
      name,
      ports,
      maxPacketBytes: DATA_BYTES,
      inputBufferBytes: BUFFER_PACKETS * DATA_BYTES,
      outputBufferBytes: 0,
      credits: Number.POSITIVE_INFINITY,
      packets: new PacketStore(),
    });
    for (let port = 0; port < ports; port++) this.queues.push([]);
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
    const packet = this.create(input, output, kind, kind === PacketKind.Data ? DATA_BYTES : 20, vl);
    this.receive(packet, input);
    this.queues[output]!.push(packet);
    return packet;
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
    if (at < 0) throw new Error(`packet ${this.packets.id(packet)} is not waiting`);
    const credits = this.outputCredits(output, this.packets.vl(packet));
    const blocks = creditsFor(this.packets.size(packet), CREDIT_BYTES);
    if (credits < blocks) {
      this.policy.outputBlocked?.(output, this.packets.vl(packet));
      return false;
    }
    if (credits !== Number.POSITIVE_INFINITY) this.setCredits(output, credits - blocks, this.packets.vl(packet));
    queue.splice(at, 1);
    this.transmitting.add(packet);
    this.depart(packet, output);
    return true;
  }

  /** The last byte of `packet` has left: it leaves its input buffer. */
  finish(packet: Packet): void {
    if (!this.transmitting.delete(packet))
      throw new Error(`packet ${this.packets.id(packet)} is not being transmitted`);
    this.leaveInput(packet);
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
}
