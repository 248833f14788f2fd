/**
 * The scheduling rule of santos-2002 sec. 3 and Table 1: each output serves its FIFO in
 * order, but the head may be bypassed by newer packets while the head's input buffer is
 * busy sending a packet to another output, at most 4 times; then the output waits.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { InputBufferedSwitch } from "../src/index.js";

const BUFFER_4 = 4 * DATA_BLOCKS * 64;
// Hosts: SrcA = 0, SrcB = 1, DstX = 2, DstY = 3. Switch ports: 0 from SrcA, 1 from SrcB,
// 2 to DstX, 3 to DstY.
const X = 2;
const Y = 3;

/**
 * SrcA sends p0 to X, then p1 to Y, from t = 0 at 1 GB/s. X is a slow link (1/16 GB/s), so
 * input 0 is busy sending p0 from 50,000 to 33,138,000 while p1 heads Y's FIFO.
 * SrcB sends q0..q5 to Y from 2,100,000 at 2 GB/s: each is newer than p1 and its input is free.
 */
function run(maxBypass: number | undefined) {
  const engine = new Engine();
  const factory = new PacketStore();
  const sw = new InputBufferedSwitch(engine, {
    name: "S",
    ports: 4,
    routes: [-1, -1, X, Y],
    inputBufferBytes: BUFFER_4,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    ...(maxBypass === undefined ? {} : { maxBypass }),
  });
  const srcA = new ScriptedSource(engine, "SrcA");
  const srcB = new ScriptedSource(engine, "SrcB");
  wire(engine, srcA, 0, sw, 0);
  wire(engine, srcB, 0, sw, 1, { bandwidth: 2 * GBPS });
  const x = wire(engine, sw, X, new RecordingSink(engine, "DstX"), 0, { bandwidth: GBPS / 16 });
  const y = wire(engine, sw, Y, new RecordingSink(engine, "DstY"), 0);
  const names = new Map<number, string>();
  const p0 = dataPacket(factory, 0, X, 0);
  const p1 = dataPacket(factory, 0, Y, 0);
  names.set(sw.packets.id(p0), "p0").set(sw.packets.id(p1), "p1");
  srcA.send(p0, 0);
  srcA.send(p1, 0);
  for (let i = 0; i < 6; i++) {
    const q = dataPacket(factory, 1, Y, i);
    names.set(sw.packets.id(q), `q${i}`);
    srcB.send(q, 2_100_000);
  }
  engine.run();
  const order = (sent: typeof y.sent) => sent.map((t) => [names.get(t.packet.id), t.start]);
  return { x: order(x.sent), y: order(y.sent) };
}

describe("bounded bypass of a busy head (santos-2002 Table 1: max bypass 4)", () => {
  // Timeline shared by the cases below (all ps):
  //   p0: header at S 10,000, on X from 50,000 to 50,000 + 33,088,000 = 33,138,000.
  //   p1: sent by SrcA 2,068,000..4,136,000, header 2,078,000, eligible for Y at 2,118,000;
  //       its input is busy with p0 until 33,138,000.
  //   q0..q3: SrcB sends one every 1,034,000 from 2,100,000 (4 x 33 blocks fill input 1);
  //       q0 eligible at 2,110,000 + 40,000 = 2,150,000, each later one before Y frees up.
  //   q4, q5 follow as credits for q0 and q1 come back (sent at 6,236,000 and 7,270,000).
  //   Y takes 2,068,000 per packet.

  it("lets newer packets pass the head 4 times, then waits for the head", () => {
    const { x, y } = run(4);
    expect(x).toEqual([["p0", 50_000]]);
    expect(y).toEqual([
      ["q0", 2_150_000], // bypass 1
      ["q1", 4_218_000], // bypass 2
      ["q2", 6_286_000], // bypass 3
      ["q3", 8_354_000], // bypass 4: Y then idles from 10,422,000 although q4 and q5 wait
      ["p1", 33_138_000], // the head goes as soon as input 0 is free
      ["q4", 35_206_000],
      ["q5", 37_274_000],
    ]);
  });

  it("defaults to 4 bypasses", () => {
    expect(run(undefined).y).toEqual(run(4).y);
  });

  it("with maxBypass 2, waits after 2", () => {
    expect(run(2).y).toEqual([
      ["q0", 2_150_000],
      ["q1", 4_218_000],
      ["p1", 33_138_000],
      ["q2", 35_206_000],
      ["q3", 37_274_000],
      ["q4", 39_342_000],
      ["q5", 41_410_000],
    ]);
  });

  it("with maxBypass 0, is a strict FIFO: nothing passes the head", () => {
    expect(run(0).y).toEqual([
      ["p1", 33_138_000],
      ["q0", 35_206_000],
      ["q1", 37_274_000],
      ["q2", 39_342_000],
      ["q3", 41_410_000],
      ["q4", 43_478_000],
      ["q5", 45_546_000],
    ]);
  });

  it("does not bypass a head whose input is free but which waits for credits", () => {
    // Y's receiver has 40 blocks. a0 (33 blocks) leaves at 50,000, leaving 7. a1 (33 blocks,
    // input 0 free once a0 has left at 2,118,000) heads the FIFO; b0 is 20 B (1 block) and
    // would fit, but it is not allowed past a head whose input is free. The receiver frees
    // 33 blocks at 3,000,000; they reach S at 3,010,000: a1 goes, then b0 when Y is free.
    const engine = new Engine();
    const factory = new PacketStore();
    const sw = new InputBufferedSwitch(engine, {
      name: "S",
      ports: 4,
      routes: [-1, -1, X, Y],
      inputBufferBytes: BUFFER_4,
      maxPacketBytes: DATA_BYTES,
      packets: factory,
    });
    const srcA = new ScriptedSource(engine, "SrcA");
    const srcB = new ScriptedSource(engine, "SrcB");
    const dstY = new RecordingSink(engine, "DstY", 40);
    wire(engine, srcA, 0, sw, 0);
    wire(engine, srcB, 0, sw, 1);
    const y = wire(engine, sw, Y, dstY, 0);
    srcA.send(dataPacket(factory, 0, Y, 0), 0);
    srcA.send(dataPacket(factory, 0, Y, 1), 0);
    srcB.send(dataPacket(factory, 1, Y, 0, 20), 2_200_000); // header 2,210,000, eligible 2,250,000
    engine.at(3_000_000, () => dstY.release(0, 33));
    engine.run();
    expect(y.sent.map((t) => [t.packet.source, t.packet.seq, t.start])).toEqual([
      [0, 0, 50_000],
      [0, 1, 3_010_000],
      [1, 0, 5_078_000], // 3,010,000 + 2,068,000
    ]);
  });
});
