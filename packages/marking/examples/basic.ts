/**
 * One marking event at switch B of santos-2002 Fig. 1, under each policy of sec. 5.
 * Run from the repository root:
 *   node --conditions=@losslab/source --import tsx packages/marking/examples/basic.ts
 *
 * Switch B has the inter-switch link on input 0 and six local hosts on inputs 1-6; all
 * packets go to the root link, output 7 (host BC). First event: four local inputs hold one
 * packet each (a window of one), then four remote packets fill input 0 (4-packet buffers,
 * Table 1). Second event: a burst of six local packets, no buffer full. Then the root link
 * sends everything. In a simulation the switch calls the hooks; here a tiny hand-built view
 * does, in the same order.
 */
import { CongestionBit, type Packet, PacketFactory, PacketKind, type SwitchView } from "@losslab/core";
import { createMarking, type MarkingSpec } from "@losslab/marking";

const ROOT = 7;
const PACKET = 2068; // bytes (santos-2003 Table I)

function markingEvent(spec: MarkingSpec, locals: number, remotes: number): string {
  const buffers: Packet[][] = [[], [], [], [], [], [], [], []];
  const waiting: Packet[] = []; // the root output's FIFO: cnt1 is its length
  const view: SwitchView = {
    name: "B",
    portCount: buffers.length,
    maxPacketBytes: PACKET,
    creditBytes: 64,
    inputCapacity: () => 4 * PACKET,
    inputOccupancy: (port) => buffers[port]!.reduce((bytes, packet) => bytes + packet.size, 0),
    inputPackets: (port) => buffers[port]!,
    outputOf: () => ROOT,
    waitingFor: (output) => (output === ROOT ? waiting.length : 0),
    outputCredits: () => 0,
    outputCapacity: () => 0, // input-buffered: no output buffers
    outputOccupancy: () => 0,
    outputPackets: () => [],
  };
  const marking = createMarking(spec);
  const policy = marking(view); // what the switch does when it is built with { marking }
  const packets = new PacketFactory();

  const arrive = (input: number): Packet => {
    const packet = packets.create({
      kind: PacketKind.Data,
      flow: input,
      source: input,
      destination: 0,
      size: PACKET,
      seq: 0,
      createdAt: 0,
    });
    buffers[input]!.push(packet);
    waiting.push(packet);
    policy.packetArrived?.(packet, input, ROOT);
    // The last byte is in: "full" = less than one maximum-size packet of room left.
    if (view.inputCapacity(input) - view.inputOccupancy(input) < PACKET) policy.bufferFull?.(input);
    return packet;
  };
  const local = Array.from({ length: locals }, (_, i) => arrive(1 + i));
  const remote = Array.from({ length: remotes }, () => arrive(0));
  for (const packet of [...waiting]) {
    waiting.shift();
    policy.packetDeparting?.(packet, packet.flow, ROOT); // flow = input here
  }

  const count = (group: Packet[]) =>
    `${group.filter((packet) => packet.bits & CongestionBit.Ecn).length}/${group.length}`;
  return `remote ${count(remote)}, local ${count(local)} (marked: ${marking.marked})`;
}

for (const spec of [
  { kind: "none" },
  { kind: "naive" },
  { kind: "input-triggered" },
  { kind: "input-output-triggered", outputThreshold: 4 },
] satisfies MarkingSpec[]) {
  const full = markingEvent(spec, 4, 4);
  const burst = markingEvent(spec, 6, 0);
  console.log(`${spec.kind.padEnd(22)}  full buffer: ${full.padEnd(35)}  burst: ${burst}`);
}

try {
  createMarking({ kind: "input-output-triggered", outputThreshold: -1 });
} catch (error) {
  console.log(`bad spec: ${(error as Error).message}`);
}
