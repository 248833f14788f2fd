/**
 * How an output picks among its VLs (`vlScheduling`): weighted round robin in packets
 * ("wrr", the default), strict priority with the highest VL first ("strict", as 802.1Q
 * orders priorities) and deficit round robin in bytes ("dwrr", Shreedhar and Varghese,
 * SIGCOMM 1995). Two saturating classes share one output: VL 0 of 500 B packets from H0,
 * VL 1 of 1000 B packets from H1, into an output of 0.5 GB/s (input links 1 GB/s, credits).
 * Every organisation: the output's VL scheduler sees both VLs' packets whatever input holds
 * them (fifo and voq at the crossbar's grant, cioq at the output link, and at the crossbar).
 */
import { type ClassScheduling, PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { lanePacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, InputBufferedSwitch, SWITCH_ORGANISATIONS, type SwitchOrganisation } from "../src/index.js";

const US = 1_000_000;
/** The window measured: frames that start on the output in [0, 400 us): 200,000 B at 0.5 GB/s. */
const WINDOW = 400 * US;

function run(organisation: SwitchOrganisation, vlScheduling: ClassScheduling | undefined, vlQuantaBytes?: number[]) {
  const engine = new Engine();
  const packets = new PacketStore();
  const sw = createSwitch(engine, organisation, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    inputBufferBytes: 8192,
    maxPacketBytes: 1000,
    packets: packets,
    vls: 2,
    ...(organisation === "cioq" ? { outputBufferBytes: 8192 } : {}),
    ...(vlScheduling === undefined ? {} : { vlScheduling }),
    ...(vlQuantaBytes === undefined ? {} : { vlQuantaBytes }),
  });
  const h0 = new ScriptedSource(engine, "H0");
  const h1 = new ScriptedSource(engine, "H1");
  wire(engine, h0, 0, sw, 0);
  wire(engine, h1, 0, sw, 1);
  const out = wire(engine, sw, 2, new RecordingSink(engine, "D"), 0, { bandwidth: GBPS / 2 });
  // More than the window can carry of either class: both stay backlogged throughout.
  for (let k = 0; k < 600; k++) h0.send(lanePacket(packets, 0, 2, 0, k, 500), 0);
  for (let k = 0; k < 300; k++) h1.send(lanePacket(packets, 1, 2, 1, k, 1000), 0);
  engine.run({ until: WINDOW + 10 * US });
  const frames = out.sent.filter((t) => t.packet.kind === PacketKind.Data && t.start < WINDOW);
  const bytes = [0, 0];
  for (const t of frames) bytes[t.packet.vl]! += t.packet.size;
  const total = bytes[0]! + bytes[1]!;
  return { order: frames.map((t) => t.packet.vl), share0: bytes[0]! / total, total };
}

describe.each(SWITCH_ORGANISATIONS)("VL scheduling at a switch output: %s", (organisation) => {
  it("dwrr with quanta 2000:1000 B gives byte shares 2/3 and 1/3 whatever the packet sizes", () => {
    const { order, share0, total } = run(organisation, "dwrr", [2000, 1000]);
    // DRR rounds: VL 0's 2000 B deficit sends four 500 B packets, VL 1's 1000 B one packet.
    expect(order.slice(0, 10)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    // The window holds ~200,000 B. Cut anywhere in a round, a class is off its share by less
    // than one round of both quanta plus a packet: tolerance (2000 + 1000 + 1000) / total.
    expect(total).toBeGreaterThan(199_000);
    expect(Math.abs(share0 - 2 / 3)).toBeLessThanOrEqual(4000 / total);
  });

  it("dwrr with equal quanta shares bytes equally where wrr shares packets", () => {
    const deficit = run(organisation, "dwrr", [1000, 1000]);
    expect(Math.abs(deficit.share0 - 1 / 2)).toBeLessThanOrEqual(3000 / deficit.total);
    // wrr 1:1 alternates packets: 500 B of VL 0 per 1500 B, a third (one packet of slack).
    const roundRobin = run(organisation, undefined);
    expect(roundRobin.order.slice(0, 6)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(Math.abs(roundRobin.share0 - 1 / 3)).toBeLessThanOrEqual(1500 / roundRobin.total);
  });

  it("strict serves the highest VL whenever it has a packet: VL 0 gets nothing while VL 1 is backlogged", () => {
    const { order, share0 } = run(organisation, "strict");
    expect(share0).toBe(0);
    expect(new Set(order)).toEqual(new Set([1]));
  });
});

describe("VL scheduling options", () => {
  it("names the field of a bad option", () => {
    const engine = new Engine();
    const base = {
      name: "S",
      ports: 2,
      routes: [0, 1],
      inputBufferBytes: 8192,
      maxPacketBytes: 1000,
      vls: 2,
      packets: new PacketStore(),
    };
    expect(() => new InputBufferedSwitch(engine, { ...base, vlScheduling: "dwrr", vlQuantaBytes: [1000] })).toThrow(
      /S: vlQuantaBytes must list one quantum per VL \(2\); got 1/,
    );
    expect(() => new InputBufferedSwitch(engine, { ...base, vlScheduling: "strict", vlWeights: [1, 2] })).toThrow(
      /S: vlWeights apply to vlScheduling "wrr" only; got vlScheduling "strict"/,
    );
    expect(() => new InputBufferedSwitch(engine, { ...base, vlScheduling: "fair" as ClassScheduling })).toThrow(
      /S: vlScheduling must be "wrr", "strict", "dwrr"; got "fair"/,
    );
  });
});
