/**
 * One packet across two cut-through switches, then three packets into a buffer of two:
 * the exact picosecond timeline of santos-2002 Table 1 (1 GB/s, 2068 B, 40 ns forwarding)
 * with 10 ns links.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/switch/examples/basic.ts
 * (Outside this repository, import from "@losslab/switch" instead of the source.)
 */
import { CreditAccount, type Device, type OutboundLink, type Packet, PacketFactory, PacketKind } from "@losslab/core";
import { Engine, formatTime } from "@losslab/engine";
import { InputBufferedSwitch, Link } from "../src/index.js";

/** A minimal host: sends its queue in order as credits allow, prints what it receives. */
class Host implements Device {
  private link: OutboundLink | undefined;
  private credits: CreditAccount | undefined;
  private readonly queue: Packet[] = [];
  private busy = false;
  constructor(
    private readonly engine: Engine,
    readonly name: string,
  ) {}
  send(packet: Packet): void {
    this.queue.push(packet);
    this.next();
  }
  connectOutput(_port: number, link: OutboundLink, credits: number): void {
    this.link = link;
    this.credits = new CreditAccount(credits);
  }
  connectInput(): void {}
  inputCredits(): number {
    return Number.POSITIVE_INFINITY; // a host drains at link rate
  }
  receive(packet: Packet, _port: number, tailAt: number): void {
    console.log(
      `  ${this.name}: packet ${packet.seq} header ${formatTime(this.engine.now)}, tail ${formatTime(tailAt)}`,
    );
  }
  creditsReturned(_port: number, blocks: number): void {
    console.log(`  ${this.name}: ${blocks} credits back at ${formatTime(this.engine.now)}`);
    this.credits!.restore(blocks);
    this.next();
  }
  private next(): void {
    const packet = this.queue[0];
    if (this.busy || packet === undefined || !this.credits!.canSend(packet.size)) return;
    this.queue.shift();
    this.credits!.consume(packet.size);
    this.busy = true;
    this.engine.at(this.link!.transmit(packet), () => {
      this.busy = false;
      this.next();
    });
  }
}

function connect(engine: Engine, from: Device, fromPort: number, to: Device, toPort: number, bandwidth: number): Link {
  const link = new Link(engine, {
    name: `${from.name}->${to.name}`,
    from,
    fromPort,
    to,
    toPort,
    bandwidth,
    delay: 10_000,
    backDelay: 10_000,
  });
  from.connectOutput(fromPort, link, to.inputCredits(toPort));
  to.connectInput(toPort, link);
  link.onTransmit((packet, start, end) =>
    console.log(`  ${link.name}: packet ${packet.seq} on the wire ${formatTime(start)} .. ${formatTime(end)}`),
  );
  return link;
}

/** H0 -> S1 .. Sn -> H1, 1 GB/s links except the last one (`lastBandwidth`). */
function run(title: string, bufferPackets: number, switches: number, count: number, lastBandwidth: number): void {
  console.log(title);
  const engine = new Engine();
  const packets = new PacketFactory();
  const h0 = new Host(engine, "H0");
  const h1 = new Host(engine, "H1");
  // Each switch: port 0 in, port 1 out; host H1 (index 1) is behind port 1.
  const chain: Device[] = [h0];
  for (let i = 1; i <= switches; i++) {
    chain.push(
      new InputBufferedSwitch(engine, {
        name: `S${i}`,
        ports: 2,
        routes: [-1, 1],
        inputBufferBytes: bufferPackets * 33 * 64, // whole packets of 33 blocks of 64 B
        maxPacketBytes: 2068,
      }),
    );
  }
  chain.push(h1);
  for (let i = 0; i + 1 < chain.length; i++) {
    const bandwidth = i + 2 === chain.length ? lastBandwidth : 1e9;
    connect(engine, chain[i]!, i === 0 ? 0 : 1, chain[i + 1]!, 0, bandwidth);
  }
  for (let seq = 0; seq < count; seq++) {
    h0.send(
      packets.create({ kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 2068, seq, createdAt: 0 }),
    );
  }
  engine.run();
}

run(
  "One 2068 B packet, H0 -> S1 -> S2 -> H1 (cut-through: each switch forwards 40 ns after the header):",
  4,
  2,
  1,
  1e9,
);
run("\nThree packets into a buffer of two that drains at 0.25 GB/s (the third waits for credits):", 2, 1, 3, 0.25e9);
