/**
 * PAUSE flow control at switch inputs (802.3x PAUSE; chrysos sec. II-III, Fig. 1(c): "When
 * the input buffer occupancy reaches Qhigh, the input port sends a STOP to the CNA, which
 * does not forward new data until it receives a GO"): XOFF/XON hysteresis, PAUSE frames on
 * the wire of the same port's output, the reaction delay of a paused output, option checks.
 * 1000 B packets, 10 ns propagation; 1 GB/s unless said otherwise (1 B = 1 ns).
 */
import { createPauseFrame, LosslessViolation, PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import {
  createSwitch,
  type FlowControl,
  type PauseFlowControl,
  SWITCH_ORGANISATIONS,
  type SwitchModelOptions,
  type SwitchOrganisation,
} from "../src/index.js";

const SIZE = 1000;
/** 144 blocks of 64 B. */
const BUFFER = 9216;
const US = 1_000_000;

/** S: port 0 to and from H0 (host 0), port 1 to D (host 1), port 2 to and from H2 (host 2). */
function build(options: {
  flowControl: FlowControl;
  sourceReaction: number;
  organisation?: SwitchOrganisation;
  outBandwidth?: number;
  overheadBytes?: number;
  h2Bandwidth?: number;
  maxPacketBytes?: number;
  inputBufferBytes?: number;
  marking?: SwitchModelOptions["marking"];
}) {
  const engine = new Engine();
  const packets = new PacketStore();
  const organisation = options.organisation ?? "input-buffered";
  const sw = createSwitch(engine, organisation, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    inputBufferBytes: options.inputBufferBytes ?? BUFFER,
    maxPacketBytes: options.maxPacketBytes ?? SIZE,
    flowControl: options.flowControl,
    packets,
    ...(organisation === "cioq" ? { outputBufferBytes: BUFFER, inputQueues: "voq" as const } : {}),
    ...(options.marking === undefined ? {} : { marking: options.marking }),
  });
  const overheadBytes = options.overheadBytes ?? 0;
  const h0 = new ScriptedSource(engine, "H0", options.sourceReaction);
  const h2 = new ScriptedSource(engine, "H2", options.sourceReaction);
  const d = new RecordingSink(engine, "D");
  const port0 = duplex(engine, h0, 0, sw, 0, { overheadBytes });
  const port2 = duplex(engine, h2, 0, sw, 2, { overheadBytes, bandwidth: options.h2Bandwidth ?? GBPS });
  const out = wire(engine, sw, 1, d, 0, { overheadBytes, bandwidth: options.outBandwidth ?? GBPS });
  return { engine, packets, sw, h0, h2, d, port0, port2, out };
}

const pauseOf = (flowControl: Partial<PauseFlowControl> = {}): FlowControl => ({
  kind: "pause",
  xoffBytes: 4000,
  xonBytes: 2000,
  reactionDelay: 3 * US,
  ...flowControl,
});

describe("XOFF/XON hysteresis at an input", () => {
  // H0 sends 10 packets back to back into input 0; output 1 drains at 0.5 GB/s (2 us each).
  // Headers reach S at 0.01 + k us; packet j's last byte leaves S at 2.05 + 2j us.
  function run() {
    const occupancy: number[] = [];
    const setup = build({
      flowControl: pauseOf(),
      sourceReaction: 3 * US,
      outBandwidth: GBPS / 2,
      marking: (view) => ({ packetArrived: (_packet, input) => occupancy.push(view.inputOccupancy(input)) }),
    });
    for (let seq = 0; seq < 10; seq++) setup.h0.send(dataPacket(setup.packets, 0, 1, seq, SIZE), 0);
    const pausedAt: boolean[] = [];
    for (const at of [4 * US, 5 * US, 14 * US, 15 * US])
      setup.engine.at(at, () => pausedAt.push(setup.sw.inputPaused(0)));
    setup.engine.run();
    return { ...setup, occupancy, pausedAt };
  }

  it("sends one XOFF on reaching XOFF and one XON on falling below XON, nothing in between", () => {
    const { port0, occupancy } = run();
    // Occupancy after each header: 4000 at 4.01 us reaches XOFF; 4000 again at 5.01 us (after a
    // departure at 4.05) and 5000 twice: no second XOFF. It falls to 1000 at 14.05 us (below
    // 2000; 2000 at 12.05 is not below): one XON. After the XON it rises to 2000 and falls to
    // 0 again without crossing either threshold: no frame.
    expect(occupancy).toEqual([1000, 2000, 3000, 3000, 4000, 4000, 5000, 5000, 1000, 2000]);
    expect(port0.backward.sent.map((t) => [t.packet.kind, t.packet.seq, t.packet.size, t.start, t.end])).toEqual([
      [PacketKind.Pause, XOFF_QUANTA, 64, 4_010_000, 4_074_000],
      [PacketKind.Pause, 0, 64, 14_050_000, 14_114_000],
    ]);
  });

  it("stops the sender for the time between the two frames' arrivals plus its reaction delay", () => {
    const { h0, port0, pausedAt, d } = run();
    // XOFF's last byte reaches H0 at 4.084 us, honoured at 7.084: packets 0-7 went at 0..7 us.
    // XON's last byte at 14.124 us, honoured at 17.124: packets 8 and 9 go then.
    expect(h0.pauses).toEqual([
      { at: 7_084_000, paused: true },
      { at: 17_124_000, paused: false },
    ]);
    expect(port0.forward.sent.map((t) => t.start)).toEqual([
      0,
      US,
      2 * US,
      3 * US,
      4 * US,
      5 * US,
      6 * US,
      7 * US,
      17_124_000,
      18_124_000,
    ]);
    // inputPaused: from the XOFF at 4.01 us to the XON at 14.05 us (sampled at 4, 5, 14, 15 us).
    expect(pausedAt).toEqual([false, true, true, false]);
    expect(d.arrivals).toHaveLength(10);
  });
});

describe("a PAUSE frame on the wire", () => {
  // 20 B of overhead per frame on every link: a 1000 B frame takes 1.02 us at 1 GB/s, a PAUSE 84 ns.
  // H0 -> S input 0 -> D at 0.5 GB/s fills input 0; H2 sends 4 packets to H0 at 2 GB/s from 3 us,
  // so output 0 is busy with H2's data, with more waiting, when input 0 reaches XOFF. Input 2's
  // 2 GB/s link needs 8164 B of headroom: 12,800 B buffers.
  function run() {
    const setup = build({
      inputBufferBytes: 12_800,
      flowControl: pauseOf(),
      sourceReaction: 3 * US,
      outBandwidth: GBPS / 2,
      overheadBytes: 20,
      h2Bandwidth: 2 * GBPS,
    });
    for (let seq = 0; seq < 12; seq++) setup.h0.send(dataPacket(setup.packets, 0, 1, seq, SIZE), 0);
    for (let seq = 0; seq < 4; seq++) setup.h2.send(dataPacket(setup.packets, 2, 0, seq, SIZE), 3 * US);
    setup.engine.run();
    return setup;
  }

  it("is 64 B + 20 B of overhead, waits for the frame on the link and goes before the data waiting", () => {
    const { port0 } = run();
    // Input 0 reaches 4000 B at 4.11 us (headers at 0.03 + 1.02k us, departures at 0.07 + 2.04(j+1)).
    // Output 0 carries H2's packet 1 from 4.08 to 5.10 us, packet 2 waits (eligible at 4.08): the
    // XOFF goes at 5.10 for 84 ns, then packets 2 and 3. Input 0 falls below 2000 B when its 8th
    // packet has left, at 16.39 us: the XON goes on the idle link at once.
    expect(port0.backward.sent.map((t) => [t.packet.kind, t.packet.seq, t.start, t.end])).toEqual([
      [PacketKind.Data, 0, 3_060_000, 4_080_000],
      [PacketKind.Data, 1, 4_080_000, 5_100_000],
      [PacketKind.Pause, XOFF_QUANTA, 5_100_000, 5_184_000],
      [PacketKind.Data, 2, 5_184_000, 6_204_000],
      [PacketKind.Data, 3, 6_204_000, 7_224_000],
      [PacketKind.Pause, 0, 16_390_000, 16_474_000],
    ]);
  });

  it("is honoured by the sender, not delivered to it as data, and counted as a frame on the link", () => {
    const { h0, port0, d } = run();
    // The XOFF's last byte reaches H0 at 5.10 + 0.084 + 0.01 = 5.194 us, honoured at 8.194: H0's
    // packet 8 (at 8.16 us) goes, packet 9 (9.18) waits. The XON is honoured at 16.484 + 3 us.
    expect(h0.pauses).toEqual([
      { at: 8_194_000, paused: true },
      { at: 19_484_000, paused: false },
    ]);
    expect(port0.forward.sent.map((t) => t.start).slice(8, 10)).toEqual([8_160_000, 19_484_000]);
    expect(h0.received.map((p) => p.kind)).toEqual([0, 0, 0, 0]);
    expect(port0.backward.link.packetsSent).toBe(6);
    expect(port0.backward.link.bytesSent).toBe(4 * SIZE + 2 * 64);
    expect(d.arrivals).toHaveLength(12);
  });
});

describe("a switch output receiving PAUSE from downstream", () => {
  // H0 sends three 2068 B packets into S; D (downstream of output 1) sends XOFF whose last byte
  // arrives at 1 us and XON at 10 us. The output honours each 500 ns later: packet 0, already
  // on the link, finishes; packet 1 waits until 10.5 us, whatever the organisation.
  it.each(SWITCH_ORGANISATIONS)(
    "%s: stops starting frames after the reaction delay and resumes after XON",
    (organisation) => {
      const { engine, packets, sw, h0, out } = build({
        flowControl: pauseOf({ xoffBytes: 8000, xonBytes: 4000, reactionDelay: 500_000 }),
        sourceReaction: 0,
        organisation,
        maxPacketBytes: DATA_BYTES,
        inputBufferBytes: 12_800,
      });
      for (let seq = 0; seq < 3; seq++) h0.send(dataPacket(packets, 0, 1, seq), 0);
      const frame = (quanta: number) => createPauseFrame(packets, 0, quanta, 64, 0);
      engine.at(936_000, () => sw.receive(frame(XOFF_QUANTA), 1, 1_000_000));
      engine.at(9_936_000, () => sw.receive(frame(0), 1, 10_000_000));
      engine.run();
      const starts = out.sent.map((t) => t.start);
      expect(starts[0]).toBeLessThan(1_500_000);
      expect(starts.slice(1)).toEqual([10_500_000, 12_568_000]);
    },
  );

  it("with credits on its own inputs, honours PAUSE after the default 3.072 us", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    const sw = createSwitch(engine, "input-buffered", {
      name: "S",
      ports: 2,
      routes: [-1, 1],
      inputBufferBytes: BUFFER,
      maxPacketBytes: DATA_BYTES,
      packets,
    });
    const h0 = new ScriptedSource(engine, "H0");
    wire(engine, h0, 0, sw, 0);
    const out = wire(engine, sw, 1, new RecordingSink(engine, "D"), 0);
    for (let seq = 0; seq < 3; seq++) h0.send(dataPacket(packets, 0, 1, seq), 0);
    const frame = (quanta: number) => createPauseFrame(packets, 0, quanta, 64, 0);
    engine.at(936_000, () => sw.receive(frame(XOFF_QUANTA), 1, 1_000_000));
    engine.at(9_936_000, () => sw.receive(frame(0), 1, 10_000_000));
    engine.run();
    // Packets leave at 50 ns and 2.118 us (before 4.072 us); packet 2 (due at 4.186) waits for 13.072.
    expect(out.sent.map((t) => t.start)).toEqual([50_000, 2_118_000, 13_072_000]);
    expect(sw.inputCredits(0)).toBe(4 * 33 + 12); // floor(9216 / 64) = 144 blocks: credits as before
  });
});

describe("PAUSE options", () => {
  const base = (flowControl: unknown, extra: Partial<SwitchModelOptions> = {}): SwitchModelOptions => ({
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes: BUFFER,
    maxPacketBytes: SIZE,
    flowControl: flowControl as FlowControl,
    packets: new PacketStore(),
    ...extra,
  });

  it("advertises Infinity credits under PAUSE and the buffer's blocks under credits", () => {
    const engine = new Engine();
    expect(createSwitch(engine, "voq", base(pauseOf())).inputCredits(0)).toBe(Number.POSITIVE_INFINITY);
    expect(createSwitch(engine, "voq", base({ kind: "credits" })).inputCredits(0)).toBe(144);
    expect(createSwitch(engine, "voq", base(undefined)).inputPaused(0)).toBe(false);
  });

  it("rejects bad values, naming the field and what is allowed", () => {
    const engine = new Engine();
    const cases: Array<[unknown, RegExp]> = [
      [{ kind: "pfc" }, /S: flowControl.kind must be "credits" or "pause" or "cbfc"; got "pfc"/],
      [
        { kind: "credits", xoffBytes: 10 },
        /flowControl.xoffBytes does not apply to kind "credits"; it applies to kind "pause" only/,
      ],
      [{ ...pauseOf(), xonbytes: 10 }, /flowControl.xonbytes does not apply to kind "pause"; it applies to no kind/],
      [pauseOf({ xoffBytes: 9216 }), /flowControl.xoffBytes must be below the input buffer's 9216 B; got 9216/],
      [pauseOf({ xoffBytes: 0 }), /flowControl.xoffBytes must be > 0; got 0/],
      [pauseOf({ xonBytes: 4001 }), /flowControl.xonBytes must be at most xoffBytes \(4000\); got 4001/],
      [pauseOf({ xonBytes: 0 }), /flowControl.xonBytes must be > 0/],
      [pauseOf({ reactionDelay: -1 }), /flowControl.reactionDelay must be a whole number of picoseconds >= 0; got -1/],
      [pauseOf({ pauseFrameBytes: 0 }), /flowControl.pauseFrameBytes must be a positive integer; got 0/],
    ];
    for (const [flowControl, message] of cases) {
      expect(() => createSwitch(engine, "cioq", base(flowControl, { outputBufferBytes: BUFFER }))).toThrow(message);
    }
  });

  it("rejects a packet of a priority the port has no buffer for (one priority: 0 only)", () => {
    const { engine, packets, h0 } = build({ flowControl: pauseOf(), sourceReaction: 0 });
    h0.send(
      packets.create({
        kind: PacketKind.Data,
        flow: 0,
        source: 0,
        destination: 1,
        size: SIZE,
        seq: 0,
        vl: 1,
        createdAt: 0,
      }),
      0,
    );
    expect(() => engine.run()).toThrow(/packet 0 has priority 1 but the port has priorities 0..0: it would be dropped/);
  });

  it("throws LosslessViolation for a PAUSE to send on a port without an output link", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    const sw = createSwitch(engine, "fifo", base(pauseOf({ xoffBytes: 1000, xonBytes: 500 }), { packets }));
    const h0 = new ScriptedSource(engine, "H0");
    wire(engine, h0, 0, sw, 0);
    wire(engine, sw, 1, new RecordingSink(engine, "D", 0), 0);
    h0.send(dataPacket(packets, 0, 1, 0, SIZE), 0);
    expect(() => engine.run()).toThrow(LosslessViolation);
  });
});
