/**
 * A load harness for theory checks and the switch bench: N sources feed one N x N switch, N sinks drain it at
 * link rate (Infinity credits). Packets have one size, links one rate (1 GB/s, 10 ns), so
 * a slot is one packet time. Destinations are uniform over the N outputs and drawn from
 * one seeded RNG stream per source (`RngStreams` of the engine). A source is either
 * saturated (sends whenever its link is free and it has credits) or Bernoulli (a packet
 * with probability p at the start of each slot, queued at the source until it can go).
 * It stays with the switch package, not in @losslab/test-kit: the package's bench runs it, and
 * a bench that imported the kit would import a package that imports its own package.
 */
import {
  CreditAccount,
  type Device,
  type OutboundLink,
  type Packet,
  PacketKind,
  type PacketReader,
  PacketStore,
} from "@losslab/core";
import { Engine, type EventHandler, type RandomStream, type Time, transmissionTime } from "@losslab/engine";
import { BUFFER_PACKETS, CREDIT_BYTES, DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { wire } from "@losslab/test-kit/wire";
import { createSwitch, type SwitchModel, type SwitchModelOptions, type SwitchOrganisation } from "../src/index.js";

/** One slot: a 2068 B packet on a 1 GB/s link. */
export const SLOT: Time = transmissionTime(DATA_BYTES, GBPS);

/** The bytes of a buffer of `packets` data packets, each in whole credit blocks. */
export const packetBufferBytes = (packets: number): number => packets * DATA_BLOCKS * CREDIT_BYTES;

export interface LoadOptions {
  organisation: SwitchOrganisation;
  ports: number;
  /** "saturated", or the Bernoulli probability of a new packet per slot per source. */
  load: "saturated" | number;
  /** Slots simulated, and the first slots left out of the measurements. */
  slots: number;
  warmupSlots: number;
  seed?: number;
  /** Input buffer in packets (default 4). */
  bufferPackets?: number;
  /** Options of the organisation (speedup, outputBufferBytes, ...). */
  switchOptions?: Partial<SwitchModelOptions>;
  /**
   * Bandwidth of the source links (default 1 GB/s, the rate of every other link). Faster
   * sources fill the input buffers, so saturated VOQs stay backlogged.
   */
  sourceBandwidth?: number;
  /** Sends only this many packets in all (for an unloaded run), then stops. */
  packetLimit?: number;
}

export interface LoadResult {
  sw: SwitchModel;
  /** Packets per slot on each output link in the measurement window (header at the sink in it). */
  throughput: number[];
  /** Mean of `throughput`. */
  meanThroughput: number;
  /** Latency (creation to last byte at the sink) of every packet created in the window, delivered by the end. */
  latencies: number[];
  /** Largest output buffer occupancy seen when a packet entered one, in bytes. */
  maxOutputOccupancy: number;
  /** Packets sent onto the output links, and events handled, in the whole run. */
  packets: number;
  events: number;
}

const TICK = 0;
const LINK_FREE = 1;

/** A saturated or Bernoulli source of one host. */
class LoadSource implements Device, EventHandler<unknown> {
  private link: OutboundLink | undefined;
  private credits: CreditAccount | undefined;
  private readonly queue: Packet[] = [];
  private busy = false;
  private slot = 0;
  sent = 0;

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly host: number,
    private readonly ports: number,
    private readonly packets: PacketStore,
    private readonly random: RandomStream,
    private readonly load: "saturated" | number,
    private readonly slots: number,
    private readonly limit: { left: number },
  ) {}

  /** Sources stop sending at the end of the last slot. */
  private get over(): boolean {
    return this.engine.now >= this.slots * SLOT;
  }

  start(): void {
    if (this.load === "saturated") this.trySend();
    else this.engine.at(0, this, TICK);
  }

  connectOutput(_port: number, link: OutboundLink, downstreamCredits: number): void {
    this.link = link;
    this.credits = new CreditAccount(downstreamCredits, CREDIT_BYTES, `${this.name} output`);
  }

  connectInput(): void {}

  inputCredits(): number {
    return Number.POSITIVE_INFINITY;
  }

  receive(packet: Packet): void {
    throw new Error(`${this.name} is a source and received packet ${this.packets.id(packet)}`);
  }

  creditsReturned(_port: number, blocks: number): void {
    this.credits!.restore(blocks);
    this.trySend();
  }

  handleEvent(kind: number): void {
    if (kind === TICK) {
      if (this.random.bernoulli(this.load as number)) this.queue.push(this.create());
      if (++this.slot < this.slots) this.engine.at(this.slot * SLOT, this, TICK);
    } else {
      this.busy = false;
    }
    this.trySend();
  }

  private create(): Packet {
    const destination = Math.floor(this.random.next() * this.ports);
    return this.packets.create({
      kind: PacketKind.Data,
      flow: this.host,
      source: this.host,
      destination,
      size: DATA_BYTES,
      seq: this.sent,
      createdAt: this.engine.now,
    });
  }

  private trySend(): void {
    if (this.busy || this.limit.left === 0 || this.over || !this.credits!.canSend(DATA_BYTES)) return;
    let packet: Packet | undefined;
    if (this.load === "saturated") packet = this.create();
    else packet = this.queue.shift();
    if (packet === undefined) return;
    this.limit.left--;
    this.sent++;
    this.credits!.consume(this.packets.size(packet));
    this.busy = true;
    this.engine.at(this.link!.transmit(packet), this, LINK_FREE);
  }
}

/** A host's receive side: drains at link rate, records the latency of packets created in the window. */
class CountingSink implements Device {
  count = 0;

  constructor(
    readonly name: string,
    private readonly from: Time,
    private readonly to: Time,
    private readonly latencies: number[],
    private readonly packets: PacketReader,
  ) {}

  connectOutput(): void {}
  connectInput(): void {}

  inputCredits(): number {
    return Number.POSITIVE_INFINITY;
  }

  receive(packet: Packet, _port: number, tailAt: Time): void {
    const createdAt = this.packets.createdAt(packet);
    if (createdAt >= this.from && createdAt < this.to) this.latencies.push(tailAt - createdAt);
  }

  creditsReturned(): void {}
}

/** Runs `options.slots` slots of uniform traffic through one N x N switch. */
export function runLoad(options: LoadOptions): LoadResult {
  const n = options.ports;
  const engine = new Engine({ seed: options.seed ?? 1 });
  const packets = new PacketStore();
  const routes = Array.from({ length: n }, (_, host) => host);
  let maxOutputOccupancy = 0;
  const sw = createSwitch(engine, options.organisation, {
    name: "S",
    ports: n,
    routes,
    inputBufferBytes: packetBufferBytes(options.bufferPackets ?? BUFFER_PACKETS),
    maxPacketBytes: DATA_BYTES,
    packets: packets,
    marking: (view) => ({
      packetEnteredOutput: (_packet, _input, output) => {
        maxOutputOccupancy = Math.max(maxOutputOccupancy, view.outputOccupancy(output));
      },
    }),
    ...options.switchOptions,
  });
  const from = options.warmupSlots * SLOT;
  const to = options.slots * SLOT;
  const latencies: number[] = [];
  const limit = { left: options.packetLimit ?? Number.POSITIVE_INFINITY };
  const sources: LoadSource[] = [];
  const sinks: CountingSink[] = [];
  let sent = 0;
  for (let host = 0; host < n; host++) {
    const random = engine.rng.stream(`source/${host}`);
    const source = new LoadSource(engine, `H${host}`, host, n, packets, random, options.load, options.slots, limit);
    sources.push(source);
    wire(engine, source, 0, sw, host, { bandwidth: options.sourceBandwidth ?? GBPS });
    const sink = new CountingSink(`D${host}`, from, to, latencies, packets);
    sinks.push(sink);
    const out = wire(engine, sw, host, sink, 0);
    out.link.onTransmit((_packets, _packet, start) => {
      sent++;
      if (start >= from && start < to) sink.count++;
    });
  }
  for (const source of sources) source.start();
  engine.run();
  const throughput = sinks.map((sink) => (sink.count * SLOT) / (to - from));
  const meanThroughput = throughput.reduce((sum, value) => sum + value, 0) / n;
  return { sw, throughput, meanThroughput, latencies, maxOutputOccupancy, packets: sent, events: engine.eventsHandled };
}
