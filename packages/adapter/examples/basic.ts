/**
 * Two host adapters back to back (1 GB/s, 10 ns each way): a flow with a window of one
 * packet, a flow rate-limited to half the link, and a controller that sees ECN echoes.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/adapter/examples/basic.ts
 * (Outside this repository, import from "@losslab/adapter" instead of the source.)
 */
import { CongestionBit, type Device, type OutboundLink, type Packet, PacketFactory, PacketKind } from "@losslab/core";
import { Engine, formatTime, transmissionTime } from "@losslab/engine";
import type { Controller } from "@losslab/response";
import { type FlowOptions, HostAdapter } from "../src/index.js";

/** One direction of a link; `mark` stands in for a marking switch on the path. */
function wire(engine: Engine, to: Device, mark?: (packet: Packet) => void): OutboundLink {
  return {
    bandwidth: 1e9,
    transmit(packet) {
      mark?.(packet);
      const duration = transmissionTime(packet.size, 1e9);
      const header = engine.now + 10_000;
      engine.at(header, () => to.receive(packet, 0, header + duration));
      return engine.now + duration;
    },
  };
}

function run(title: string, flow: Partial<FlowOptions>, mark?: (packet: Packet) => void): void {
  const engine = new Engine();
  const packets = new PacketFactory();
  const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets });
  const h1 = new HostAdapter(engine, { name: "H1", host: 1, packets });
  h0.connectOutput(0, wire(engine, h1, mark), h1.inputCredits(0));
  h1.connectOutput(0, wire(engine, h0), h0.inputCredits(0));
  const starts: string[] = [];
  const acks: string[] = [];
  // A controller that only listens: no rate or window of its own, no timers.
  const controller: Controller = {
    rate: Number.POSITIVE_INFINITY,
    window: Number.POSITIVE_INFINITY,
    wakeAt: undefined,
    onSend: () => {},
    onAck: ({ marked, seq }) => acks.push(`${seq}${marked ? " (marked)" : ""} at ${formatTime(engine.now)}`),
    onCnp: () => {},
    onTimer: () => {},
  };
  h1.onDeliver((packet) => starts.push(formatTime(packet.injectedAt)));
  h0.addFlow({ id: 0, destination: 1, packetBytes: 2068, start: 0, packets: 4, controller, ...flow });
  engine.run();
  console.log(`${title}\n  data starts: ${starts.join(", ")}\n  ACKs back:   ${acks.join(", ")}`);
}

run("Window of 1 packet: the next packet waits for the ACK (round trip 2.108 us)", { window: 1 });
run("Rate limit 0.5 GB/s: one 2068 B packet every 4.136 us", { rate: 0.5e9 });
run("A switch on the path marks packet 2: its ACK echoes the mark", {}, (packet) => {
  if (packet.kind === PacketKind.Data && packet.seq === 2) packet.bits |= CongestionBit.Ecn;
});
