/**
 * A 2-to-1 fan-in through the shared-buffer switch under PFC, every frame and pause computed
 * by hand. 1 GB/s links (1000 B = 1 us), 1 us propagation both ways, 1 us reaction at hosts
 * and switch, 64 B PAUSE frames, no wire overhead; static PFC, XOFF at 10 packets of an
 * input, XON below 5, headroom inputBufferBytes - XOFF = 6000 B (the rule asks 1e9 x (1 + 0.064
 * + 1 + 1 + 1) us + 1000 = 5064 B). The pool (100 KB, alpha 1) never refuses here.
 */
import { PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine, us } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import type { Transmission } from "@losslab/test-kit/transmission";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { SharedBufferSwitch } from "../src/index.js";

const SIZE = 1000;
const PACKETS = 30;
const LINK = { bandwidth: 1e9, delay: us(1) };

/** H0 and H1 each send 30 packets back to back to D, H1 half a packet behind H0 (no ties). */
function fanIn() {
  const engine = new Engine();
  const packets = new PacketStore();
  const sw = new SharedBufferSwitch(engine, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    inputBufferBytes: 16_000,
    maxPacketBytes: SIZE,
    sharedBufferBytes: 100_000,
    flowControl: { kind: "pause", xoffBytes: 10_000, xonBytes: 5_000, reactionDelay: us(1) },
    packets,
  });
  const hosts = [0, 1].map((host) => new ScriptedSource(engine, `H${host}`, us(1)));
  const ports = hosts.map((host, port) => duplex(engine, host, 0, sw, port, LINK));
  const d = new RecordingSink(engine, "D");
  wire(engine, sw, 2, d, 0, LINK);
  const headroom = [0, 0];
  for (const [port, { forward }] of ports.entries()) {
    forward.link.onArrive(() =>
      engine.at(engine.now, () => (headroom[port] = Math.max(headroom[port]!, sw.headroomOccupancy(port)))),
    );
  }
  for (let seq = 0; seq < PACKETS; seq++) {
    hosts[0]!.send(dataPacket(packets, 0, 2, seq, SIZE), us(seq));
    hosts[1]!.send(dataPacket(packets, 1, 2, seq, SIZE), us(seq + 0.5));
  }
  engine.run();
  return { sw, hosts, ports, d, headroom };
}

const frames = (sent: readonly Transmission[]) =>
  sent.filter((t) => t.packet.kind === PacketKind.Pause).map((t) => [t.start, t.packet.seq === XOFF_QUANTA]);

describe("shared-buffer switch: 2-to-1 fan-in under PFC", () => {
  // Unpaused, H0's packet k has its header at S at k + 1 us and joins its egress queue 40 ns
  // later; H1's at k + 1.5 and k + 1.54. The queue alternates H0, H1 and the output link is
  // never idle from 1.04 us on, so departure j ends at 2.04 + j us: H0's packet k at
  // 2.04 + 2k, H1's at 3.04 + 2k. After the header of H0's packet k the input holds
  // k + 1 - floor((k + 0.96) / 2) packets (H1: k + 1 - floor((k + 0.46) / 2)): ten for the
  // first time at k = 17, when both inputs reach XOFF: H0 at 18 us, H1 at 18.5 us.
  it("sends each input one XOFF and one XON, at the instants computed by hand", () => {
    const { ports } = fanIn();
    // XOFF: on the idle reverse link at once. Each host honours it at 18 + 0.064 + 1 + 1 =
    // 20.064 us (H1: 20.564), during its packet 20; packets 18-20 still arrive, and the two
    // whose pool part would pass XOFF wait in headroom until the next departure of their input.
    // Then the inputs only drain, one departure each 2 us, headroom first: H0 holds 11
    // packets after its packet 20 (21 in, 10 out), 10 after 22.04 us (headroom empty), and 4,
    // below XON (5), once its packet 16 leaves at 2.04 + 32 = 34.04 us; H1 at 35.04 us.
    expect(frames(ports[0]!.backward.sent)).toEqual([
      [us(18), true],
      [us(34.04), false],
    ]);
    expect(frames(ports[1]!.backward.sent)).toEqual([
      [us(18.5), true],
      [us(35.04), false],
    ]);
  });

  it("pauses each host for the time computed by hand, using 1000 B of headroom", () => {
    const { hosts, headroom } = fanIn();
    // XON honoured at 34.04 + 0.064 + 1 + 1 = 36.104 us (H1: 37.104): paused 16.04 and 16.54 us.
    expect(hosts[0]!.pauses).toEqual([
      { at: us(20.064), paused: true },
      { at: us(36.104), paused: false },
    ]);
    expect(hosts[1]!.pauses).toEqual([
      { at: us(20.564), paused: true },
      { at: us(37.104), paused: false },
    ]);
    // The packet after the one that filled the pool part to XOFF waits in headroom for one departure.
    expect(headroom).toEqual([SIZE, SIZE]);
  });

  it("keeps the output busy: all 60 packets leave back to back, the last at 61.04 us", () => {
    // H0 resumes at 36.104 us; its packet 21 joins at 37.144 while H0's packet 18 is still queued.
    const { d, sw } = fanIn();
    expect(d.arrivals).toHaveLength(2 * PACKETS);
    expect(d.arrivals.at(-1)!.tailAt).toBe(us(62.04));
    for (const [j, arrival] of d.arrivals.entries()) expect(arrival.headerAt).toBe(us(2.04 + j));
    // Everything left: the pool and both inputs are empty.
    expect(sw.sharedOccupancy()).toBe(0);
    expect(sw.inputOccupancy(0) + sw.inputOccupancy(1)).toBe(0);
  });
});
