/**
 * Virtual lanes (turner-2001 sec. 2: "Link flow control credits are controlled on a VL
 * basis"): each input VL has its own buffer, each output VL its own credits and FIFO, and
 * an output picks among its VLs by weighted round robin. A VL that runs out of credits
 * spreads congestion upstream on that VL only. In every organisation: a VL is an
 * independent lane (InfiniBand vol. 1 sec. 7.6), at the inputs and at the outputs.
 */
import {
  CreditAccount,
  type Device,
  LosslessViolation,
  type MarkingPolicyFactory,
  type OutboundLink,
  type Packet,
  type PacketReader,
  PacketStore,
} from "@losslab/core";
import { Engine } from "@losslab/engine";
import { lanePacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createSwitch,
  type InputBufferedSwitch,
  Link,
  SWITCH_ORGANISATIONS,
  type SwitchModelOptions,
  type SwitchOrganisation,
} from "../src/index.js";

/**
 * A host sending on several VLs over one link: one FIFO and one credit account per VL;
 * when the link is free it starts the first FIFO head, from a rotating VL, whose VL has
 * credits for it.
 */
class LaneSource implements Device {
  readonly credits: CreditAccount[] = [];
  private readonly queues: Packet[][] = [];
  private link: OutboundLink | undefined;
  private busyUntil = 0;
  private next = 0;

  constructor(
    private readonly engine: Engine,
    readonly name: string,
    private readonly vls: number,
    private readonly packets: PacketReader,
  ) {
    for (let vl = 0; vl < vls; vl++) this.queues.push([]);
  }

  send(packet: Packet, at: number): void {
    this.engine.at(at, () => {
      this.queues[this.packets.vl(packet)]!.push(packet);
      this.trySend();
    });
  }

  connectOutput(_port: number, link: OutboundLink, downstreamCredits: number): void {
    this.link = link;
    for (let vl = 0; vl < this.vls; vl++)
      this.credits.push(new CreditAccount(downstreamCredits, 64, `${this.name} VL ${vl}`));
  }
  connectInput(): void {}
  inputCredits(): number {
    return Number.POSITIVE_INFINITY;
  }
  receive(): void {}
  creditsReturned(_port: number, blocks: number, vl = 0): void {
    this.credits[vl]!.restore(blocks);
    this.trySend();
  }

  private trySend(): void {
    if (this.engine.now < this.busyUntil) return;
    for (let k = 0; k < this.vls; k++) {
      const vl = (this.next + k) % this.vls;
      const packet = this.queues[vl]![0];
      if (packet === undefined || !this.credits[vl]!.canSend(this.packets.size(packet))) continue;
      this.queues[vl]!.shift();
      this.credits[vl]!.consume(this.packets.size(packet));
      this.next = (vl + 1) % this.vls;
      this.busyUntil = this.link!.transmit(packet);
      this.engine.at(this.busyUntil, () => this.trySend());
      return;
    }
  }
}

/**
 * A switch of `organisation` with `inputs` input ports (0..inputs-1, hosts 0..inputs-1
 * behind them) and one output, port `inputs`, toward host `inputs`; `bufferPackets` data
 * packets per input VL buffer (and, for "cioq", per output VL buffer unless `options` say).
 */
function fanIn(
  engine: Engine,
  inputs: number,
  bufferPackets: number,
  options: Partial<SwitchModelOptions>,
  organisation: SwitchOrganisation = "input-buffered",
) {
  const routes = new Array<number>(inputs + 1).fill(-1);
  routes[inputs] = inputs;
  const bytes = bufferPackets * DATA_BLOCKS * 64;
  return createSwitch(engine, organisation, {
    name: "S",
    ports: inputs + 1,
    routes,
    inputBufferBytes: bytes,
    maxPacketBytes: DATA_BYTES,
    packets: new PacketStore(),
    ...(organisation === "cioq" ? { outputBufferBytes: bytes } : {}),
    ...options,
  });
}

describe("per-VL buffers and credits", () => {
  it("gives every input VL a buffer of inputBufferBytes; the view reads one VL or the whole port", () => {
    const engine = new Engine();
    const sw = fanIn(engine, 2, 2, { vls: 2 });
    expect(sw.vls).toBe(2);
    expect([sw.inputCredits(0, 0), sw.inputCredits(0, 1), sw.inputCredits(1)]).toEqual([66, 66, 66]);
    expect([sw.inputCapacity(0, 1), sw.inputCapacity(0)]).toEqual([4224, 2 * 4224]);
    expect(() => sw.inputCredits(0, 2)).toThrow(/VL 2 out of range 0..1/);
    expect(() => sw.outputCredits(2, 2)).toThrow(/VL 2 out of range 0..1/);
  });

  it("holds back only the VL that is out of credits, and returns credits to the VL that freed them", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    const blocked: string[] = [];
    const marking: MarkingPolicyFactory = () => ({ outputBlocked: (output, vl) => blocked.push(`${output} ${vl}`) });
    const sw = fanIn(engine, 2, 2, { packets: factory, vls: 2, marking });
    // Src0 sends on VL 0 into input 0, Src1 on VL 1 into input 1; Dst has room for one packet per VL.
    const sources = [new ScriptedSource(engine, "Src0"), new ScriptedSource(engine, "Src1")];
    for (const [input, src] of sources.entries()) wire(engine, src, 0, sw, input);
    const dst = new RecordingSink(engine, "Dst", DATA_BLOCKS);
    wire(engine, sw, 2, dst, 0);
    for (let seq = 0; seq < 3; seq++) {
      sources[0]!.send(lanePacket(factory, 0, 2, 0, seq), 0);
      sources[1]!.send(lanePacket(factory, 1, 2, 1, seq), 0);
    }
    engine.run({ until: 20_000_000 });
    // One packet of each VL got through; each VL's two others wait in its input VL buffer.
    expect(dst.arrivals.map((a) => a.packet.vl)).toEqual([0, 1]);
    expect([sw.outputCredits(2, 0), sw.outputCredits(2, 1)]).toEqual([0, 0]);
    expect([sw.inputOccupancy(0, 0), sw.inputOccupancy(0, 1), sw.inputOccupancy(1, 1)]).toEqual([4136, 0, 4136]);
    expect(sw.inputPackets(1, 1).map((p) => sw.packets.seq(p))).toEqual([1, 2]);
    expect(sw.inputPackets(1, 0)).toEqual([]);
    expect(blocked).toContain("2 0");
    expect(blocked).toContain("2 1");
    // Dst frees its VL 1 buffer only: one more VL 1 packet goes, and its 33 blocks go back to Src1.
    dst.release(0, DATA_BLOCKS, 1);
    engine.run({ until: 40_000_000 });
    expect(dst.arrivals.map((a) => [a.packet.vl, a.packet.seq])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    expect([sources[0]!.credits!.credits, sources[1]!.credits!.credits]).toEqual([0, DATA_BLOCKS]);
    expect([sw.outputCredits(2, 0), sw.outputCredits(2, 1)]).toEqual([0, 0]);
  });

  it.each(SWITCH_ORGANISATIONS)(
    "%s: throws LosslessViolation when one VL buffer would overflow, though another VL has room",
    (organisation) => {
      const engine = new Engine();
      const factory = new PacketStore();
      const sw = fanIn(engine, 1, 1, { packets: factory, vls: 2 }, organisation);
      wire(engine, sw, 1, new RecordingSink(engine, "Dst"), 0);
      sw.receive(lanePacket(factory, 0, 1, 1), 0, 2_068_000);
      expect(() => sw.receive(lanePacket(factory, 0, 1, 1, 1), 0, 2_068_000)).toThrow(LosslessViolation);
      expect(() => sw.receive(lanePacket(factory, 0, 1, 1, 1), 0, 2_068_000)).toThrow(
        /S input 0 VL 1: packet \d+ \(2068 B\) arrived with 0 credit blocks free: it would be dropped/,
      );
      sw.receive(lanePacket(factory, 0, 1, 0), 0, 2_068_000); // VL 0's buffer is empty
      expect([sw.inputOccupancy(0, 0), sw.inputOccupancy(0, 1), sw.inputOccupancy(0)]).toEqual([2068, 2068, 4136]);
      expect(() => sw.receive(lanePacket(factory, 0, 1, 2), 0, 2_068_000)).toThrow(
        /packet \d+ arrived on VL 2 but the port has VLs 0..1: it would be dropped/,
      );
    },
  );

  it.each(SWITCH_ORGANISATIONS)(
    "%s: throws when credits come back for a VL above what a VL buffer holds, or for a VL the port lacks",
    (organisation) => {
      const engine = new Engine();
      const sw = fanIn(engine, 1, 1, { vls: 2 }, organisation);
      wire(engine, sw, 1, new RecordingSink(engine, "Dst", 10), 0);
      expect(() => sw.creditsReturned(1, 1, 1)).toThrow(/S output 1 VL 1: 11 credits after a return of 1/);
      expect(() => sw.creditsReturned(1, 1, 2)).toThrow(LosslessViolation);
    },
  );

  it("carries the VL of a credit return over the link", () => {
    const engine = new Engine();
    const returns: string[] = [];
    const from = {
      name: "A",
      creditsReturned: (port: number, blocks: number, vl?: number) =>
        returns.push(`${port} ${blocks} ${vl} @${engine.now}`),
    };
    const link = new Link(engine, {
      name: "A->B",
      from: from as unknown as Device,
      fromPort: 3,
      to: new RecordingSink(engine, "B"),
      packets: new PacketStore(),
      toPort: 0,
      bandwidth: GBPS,
      delay: 10_000,
      backDelay: 30_000,
    });
    link.returnCredits(33, 14);
    link.returnCredits(5);
    engine.run();
    expect(returns).toEqual(["3 33 14 @30000", "3 5 0 @30000"]);
  });

  it("calls bufferFull with the VL whose buffer filled", () => {
    const engine = new Engine();
    const factory = new PacketStore();
    const full: unknown[] = [];
    const marking: MarkingPolicyFactory = (view) => ({
      bufferFull: (input, vl) =>
        full.push([input, vl, view.inputOccupancy(input), (view as InputBufferedSwitch).inputOccupancy(input, 0)]),
    });
    const sw = fanIn(engine, 1, 1, { packets: factory, vls: 3, marking });
    const src = new ScriptedSource(engine, "Src");
    wire(engine, src, 0, sw, 0);
    wire(engine, sw, 1, new RecordingSink(engine, "Dst"), 0);
    src.send(lanePacket(factory, 0, 1, 2), 0);
    engine.run();
    // The tail is in at 2,078,000; the packet leaves from 50,000 until 2,118,000: VL 2 is full.
    expect(full).toEqual([[0, 2, 2068, 0]]);
  });
});

describe("a VL blocked downstream holds back no other VL at the same ports", () => {
  /**
   * Src sends on two VLs into input 0 of S; output 1 leads to Dst, which has room for one
   * packet per VL and never frees it. VL 0: packets 0, 1, 2 from 0 us; VL 1: one packet at
   * 7 us. Input VL buffers hold 2 packets; CIOQ output VL buffers 1 (speedup 2). 1 GB/s,
   * 10 ns links, 2068 B = 2.068 us, forwarding 40 ns. VL 0's packet 0 takes Dst's VL 0 room;
   * packet 1 then waits for credits that never come, packet 2 behind it, while VL 1's packet
   * crosses with the timing of an idle switch. With one queue per input (or per output
   * buffer) for all VLs it would wait behind VL 0's packet 1 for ever.
   */
  function run(organisation: SwitchOrganisation) {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = fanIn(
      engine,
      1,
      2,
      { packets: factory, vls: 2, ...(organisation === "cioq" ? { outputBufferBytes: 4224 / 2 } : {}) },
      organisation,
    );
    const src = new LaneSource(engine, "Src", 2, factory);
    wire(engine, src, 0, sw, 0);
    const dst = new RecordingSink(engine, "Dst", DATA_BLOCKS);
    wire(engine, sw, 1, dst, 0);
    for (let seq = 0; seq < 3; seq++) src.send(lanePacket(factory, 0, 1, 0, seq), 0);
    src.send(lanePacket(factory, 0, 1, 1, 0), 7_000_000);
    engine.run({ until: 50_000_000 });
    return { sw, dst };
  }

  it.each(["fifo", "voq"] as const)(
    "%s: VL 1 leaves 50 ns after its header while VL 0 has no credits",
    (organisation) => {
      const { sw, dst } = run(organisation);
      // Src: VL 0's packets on the wire at [0, 2.068], [2.068, 4.136] and (packet 0's 33
      // credits back at 2.118 + 0.01) [4.136, 6.204] us; VL 1's at [7, 9.068] us. At S packet 0
      // leaves at 0.05 us and takes Dst's VL 0 credits; packets 1 and 2 wait at input 0's VL 0
      // queue. VL 1's header reaches S at 7.01 us and starts at 7.05 us: its header reaches
      // Dst at 7.06 us, its last byte at 9.128 us.
      expect(dst.arrivals.map((a) => [a.packet.vl, a.packet.seq, a.headerAt, a.tailAt])).toEqual([
        [0, 0, 60_000, 2_128_000],
        [1, 0, 7_060_000, 9_128_000],
      ]);
      expect(sw.inputPackets(0, 0).map((p) => sw.packets.seq(p))).toEqual([1, 2]);
      expect([sw.outputCredits(1, 0), sw.outputCredits(1, 1)]).toEqual([0, 0]);
    },
  );

  it("cioq: VL 1 crosses the crossbar and leaves while VL 0's output buffer is stuck", () => {
    const { sw, dst } = run("cioq");
    // Speedup 2: an idle switch forwards a packet 1.034 us after its header (the transfer
    // starts at tail - 2.068 / 2 us). VL 0's packet 0: header 0.01, on the link at 1.044 us,
    // gone from the output buffer at 3.112 us; packet 1 (header 2.078) crosses at 3.112 us
    // into the VL 0 output buffer and waits there for credits; packet 2 (header 4.146, from
    // Src at 4.136 once packet 0's input space came back at 2.078 + 0.01) stays at the input:
    // the VL 0 output buffer is full. VL 1's packet: header 7.01, on the link at 8.044 us,
    // its header at Dst at 8.054 us, last byte at 10.122 us.
    expect(dst.arrivals.map((a) => [a.packet.vl, a.packet.seq, a.headerAt, a.tailAt])).toEqual([
      [0, 0, 1_054_000, 3_122_000],
      [1, 0, 8_054_000, 10_122_000],
    ]);
    expect(sw.outputPackets(1).map((p) => [sw.packets.vl(p), sw.packets.seq(p)])).toEqual([[0, 1]]);
    expect(sw.inputPackets(0, 0).map((p) => sw.packets.seq(p))).toEqual([2]);
    expect([sw.outputOccupancy(1), sw.outputOccupancy(1, 1)]).toEqual([DATA_BYTES, 0]);
  });
});

describe("weighted round-robin VL arbitration (packets per turn)", () => {
  /**
   * Three inputs, each sending 4 packets on its own VL (input v on VL v) to one output 8
   * times slower than the inputs, so all 12 wait there and the arbitration alone orders them.
   */
  function order(vlWeights?: number[]): number[] {
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = fanIn(engine, 3, 4, { packets: factory, vls: 3, ...(vlWeights === undefined ? {} : { vlWeights }) });
    for (let input = 0; input < 3; input++) {
      const src = new ScriptedSource(engine, `Src${input}`);
      wire(engine, src, 0, sw, input);
      for (let seq = 0; seq < 4; seq++) src.send(lanePacket(factory, input, 3, input, seq), 0);
    }
    const dst = new RecordingSink(engine, "Dst");
    wire(engine, sw, 3, dst, 0, { bandwidth: GBPS / 8 });
    engine.run();
    return dst.arrivals.map((a) => a.packet.vl);
  }

  it("takes the VLs in turn, one packet each, with equal weights (the default)", () => {
    expect(order()).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2]);
  });

  it("lets VL 0 send 2 packets per turn with weights [2, 1, 1]; an empty VL loses its turn", () => {
    // Turns: VL 0 x2, VL 1, VL 2, VL 0 x2, VL 1, VL 2; then VL 0 is empty: VL 1, VL 2, VL 1, VL 2.
    expect(order([2, 1, 1])).toEqual([0, 0, 1, 2, 0, 0, 1, 2, 1, 2, 1, 2]);
  });

  it("lets VL 2 send 3 packets per turn with weights [1, 1, 3]", () => {
    // VL 0, VL 1, VL 2 x3, VL 0, VL 1, VL 2 (its last), VL 0, VL 1, VL 0, VL 1.
    expect(order([1, 1, 3])).toEqual([0, 1, 2, 2, 2, 0, 1, 2, 0, 1, 0, 1]);
  });
});

describe("congestion spreading on one VL leaves the other VLs alone", () => {
  /**
   * Two switches: host A (0) and host B (1) at S1 send to hosts V (2) and H (3) at S2 over
   * the one S1 -> S2 link; hosts C1..C3 (4..6) at S2 send to H too. H is a hot spot taking
   * four flows at full rate, so packets for it fill S2's input buffer from S1, then S1's
   * from B: the tree spreads upstream (turner-2001 sec. 2). A's flow to V, the victim,
   * crosses the same link. Returns A's and B's throughput at their destinations (fraction
   * of 1 GB/s) from 200 us to 1 ms, and the devices.
   */
  function run(victimVl: number, hotVl: number) {
    const engine = new Engine();
    const factory = new PacketStore();
    const options = { inputBufferBytes: 4 * DATA_BLOCKS * 64, maxPacketBytes: DATA_BYTES, vls: 2, packets: factory };
    const s1 = createSwitch(engine, "input-buffered", { name: "S1", ports: 3, routes: [-1, -1, 2, 2], ...options });
    const s2 = createSwitch(engine, "input-buffered", { name: "S2", ports: 6, routes: [-1, -1, 1, 2], ...options });
    const a = new ScriptedSource(engine, "A");
    const b = new ScriptedSource(engine, "B");
    const v = new RecordingSink(engine, "V");
    const h = new RecordingSink(engine, "H");
    wire(engine, a, 0, s1, 0);
    wire(engine, b, 0, s1, 1);
    wire(engine, s1, 2, s2, 0);
    wire(engine, s2, 1, v, 0);
    wire(engine, s2, 2, h, 0);
    const locals = [4, 5, 6].map((host) => {
      const c = new ScriptedSource(engine, `C${host - 3}`);
      wire(engine, c, 0, s2, host - 1);
      return c;
    });
    for (let seq = 0; seq < 600; seq++) {
      a.send(lanePacket(factory, 0, 2, victimVl, seq), 0);
      b.send(lanePacket(factory, 1, 3, hotVl, seq), 0);
      for (const [i, c] of locals.entries()) c.send(lanePacket(factory, 4 + i, 3, hotVl, seq), 0);
    }
    const window = (arrivals: readonly { tailAt: number }[]) =>
      (arrivals.filter((x) => x.tailAt > 200_000_000 && x.tailAt <= 1_000_000_000).length * DATA_BYTES) /
      (800_000_000 * GBPS * 1e-12);
    engine.run({ until: 1_000_000_000 });
    const fromB = h.arrivals.filter((x) => x.packet.source === 1);
    return { victim: window(v.arrivals), hot: window(fromB), s1, s2, a, b };
  }

  it("keeps VL 0's throughput when the hot spot is on VL 1, and collapses it on one shared VL", () => {
    const separate = run(0, 1);
    const shared = run(0, 0);
    // Separate VLs: the victim takes what B's flow leaves of the S1 -> S2 link and of S2's
    // input 0 (which sends one packet at a time, whatever its VL): together they fill it.
    // (B gets less than its quarter of H: its packets reach H's FIFO later than the locals'.)
    expect(separate.victim).toBeGreaterThan(0.8);
    expect(separate.victim + separate.hot).toBeGreaterThan(0.99);
    // One VL: S2's input buffer from S1 fills with packets for H, and the victim's packets
    // alternate with them in S1's FIFO for the link, crossing only as fast as they drain.
    expect(shared.victim).toBeLessThan(0.25);
    expect(shared.victim).toBeCloseTo(shared.hot, 3);
    expect(separate.victim / shared.victim).toBeGreaterThan(3.4);
  });

  it("fills VL 1's buffers and credits all the way back to the hot source while VL 0's stay free", () => {
    const { s1, s2, b, a } = run(0, 1);
    const full = 4 * DATA_BYTES;
    // The tree on VL 1: S2's input from S1, S1's input from B, and B itself have run out.
    expect(s2.inputOccupancy(0, 1)).toBeGreaterThanOrEqual(full - DATA_BYTES);
    expect(s1.inputOccupancy(1, 1)).toBeGreaterThanOrEqual(full - DATA_BYTES);
    expect(b.credits!.credits).toBeLessThan(2 * DATA_BLOCKS);
    // VL 0 is not part of it: S1's output credits for VL 0 toward S2 stay available.
    expect(s1.outputCredits(2, 0)).toBeGreaterThanOrEqual(2 * DATA_BLOCKS);
    expect(s2.inputOccupancy(0, 0)).toBeLessThanOrEqual(2 * DATA_BYTES);
    expect(a.backlog).toBeGreaterThan(0); // A is still sending at the end
  });
});

describe("VLs under random traffic (property)", () => {
  it.each(SWITCH_ORGANISATIONS)(
    "%s: delivers every packet once, in order per source and VL, and returns every credit to its VL",
    (organisation) => {
      // Three sources, each sending on random VLs of 3, into a switch with 1-packet VL buffers
      // and random VL weights; two destinations behind slow links.
      const send = fc.record({
        source: fc.integer({ min: 0, max: 2 }),
        destination: fc.integer({ min: 3, max: 4 }),
        vl: fc.integer({ min: 0, max: 2 }),
        at: fc.integer({ min: 0, max: 20_000_000 }),
      });
      const weights = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 3 });
      fc.assert(
        fc.property(fc.array(send, { minLength: 1, maxLength: 40 }), weights, (sends, vlWeights) => {
          const engine = new Engine();
          const factory = new PacketStore();
          const sw = createSwitch(engine, organisation, {
            name: "S",
            ports: 5,
            routes: [-1, -1, -1, 3, 4],
            inputBufferBytes: DATA_BLOCKS * 64,
            maxPacketBytes: DATA_BYTES,
            packets: factory,
            vls: 3,
            vlWeights,
            ...(organisation === "cioq" ? { outputBufferBytes: DATA_BLOCKS * 64 } : {}),
          });
          const sources = [0, 1, 2].map((host) => new LaneSource(engine, `Src${host}`, 3, factory));
          for (const [host, src] of sources.entries()) wire(engine, src, 0, sw, host);
          const sinks = [3, 4].map((port) => {
            const sink = new RecordingSink(engine, `Dst${port}`);
            wire(engine, sw, port, sink, 0, { bandwidth: GBPS / 2 });
            return sink;
          });
          const seqOf = new Map<string, number>();
          for (const x of [...sends].sort((a, b) => a.at - b.at)) {
            const key = `${x.source} ${x.destination} ${x.vl}`;
            const seq = seqOf.get(key) ?? 0;
            seqOf.set(key, seq + 1);
            sources[x.source]!.send(lanePacket(factory, x.source, x.destination, x.vl, seq), x.at);
          }
          engine.run(); // the switch throws LosslessViolation if a VL buffer would overflow
          const arrivals = sinks.flatMap((sink) => sink.arrivals);
          expect(arrivals).toHaveLength(sends.length);
          expect(new Set(arrivals.map((x) => x.packet.id)).size).toBe(sends.length);
          for (const sink of sinks) {
            for (const source of [0, 1, 2]) {
              for (const vl of [0, 1, 2]) {
                const seqs = sink.arrivals
                  .filter((x) => x.packet.source === source && x.packet.vl === vl)
                  .map((x) => x.packet.seq);
                expect(seqs).toEqual(seqs.map((_, i) => i));
              }
            }
          }
          for (const src of sources)
            expect(src.credits.map((c) => c.credits)).toEqual([DATA_BLOCKS, DATA_BLOCKS, DATA_BLOCKS]);
          for (let port = 0; port < 5; port++) {
            expect(sw.inputOccupancy(port)).toBe(0);
            expect(sw.outputOccupancy(port)).toBe(0);
          }
        }),
        { numRuns: 60 },
      );
    },
  );
});

describe("options", () => {
  const base = {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes: 4224,
    maxPacketBytes: DATA_BYTES,
    packets: new PacketStore(),
  };

  it("rejects vls outside 1..15 and vlWeights that are not one positive integer per VL", () => {
    const engine = new Engine();
    expect(() => createSwitch(engine, "input-buffered", { ...base, vls: 0 })).toThrow(
      /S\.vls must be an integer from 1 to 15, got 0/,
    );
    expect(() => createSwitch(engine, "input-buffered", { ...base, vls: 16 })).toThrow(
      /vls must be an integer from 1 to 15/,
    );
    expect(() => createSwitch(engine, "input-buffered", { ...base, vls: 2, vlWeights: [1] })).toThrow(
      /S: vlWeights must list one weight per VL \(2\); got 1/,
    );
    expect(() => createSwitch(engine, "input-buffered", { ...base, vls: 2, vlWeights: [1, 0.5] })).toThrow(
      /S\.vlWeights\[1\] must be an integer from 1 to 255, got 0.5/,
    );
  });

  it.each(SWITCH_ORGANISATIONS)(
    "%s: takes several VLs, checks their options, and at most 8 (PFC priorities) with PAUSE",
    (organisation) => {
      const engine = new Engine();
      const own = organisation === "cioq" ? { ...base, outputBufferBytes: 4224 } : base;
      expect(createSwitch(engine, organisation, { ...own, vls: 3 }).vls).toBe(3);
      expect(() => createSwitch(engine, organisation, { ...own, vls: 2, vlWeights: [1] })).toThrow(
        /S: vlWeights must list one weight per VL \(2\); got 1/,
      );
      expect(() =>
        createSwitch(engine, organisation, { ...own, vls: 2, vlScheduling: "strict", vlWeights: [1, 2] }),
      ).toThrow(/S: vlWeights apply to vlScheduling "wrr" only/);
      const pause = { kind: "pause", xoffBytes: 2000, xonBytes: 1000 } as const;
      expect(() =>
        createSwitch(engine, organisation, { ...own, vls: 9, flowControl: pause, packets: new PacketStore() }),
      ).toThrow(/S: vls must be at most 8 under flowControl "pause": PFC \(802.1Qbb\) has 8 priorities; got 9/);
    },
  );

  it("gives a CIOQ switch one output buffer of outputBufferBytes per VL", () => {
    const engine = new Engine();
    const sw = createSwitch(engine, "cioq", { ...base, outputBufferBytes: 4224, vls: 2 });
    expect([sw.outputCapacity(1), sw.outputCapacity(1, 1)]).toEqual([2 * 4224, 4224]);
    expect(() => sw.outputCapacity(1, 2)).toThrow(/VL 2 out of range 0..1/);
  });
});
