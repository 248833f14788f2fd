/**
 * CBFC at switch inputs (docs/spec/cbfc.md): freed credits wait for the next boundary of the
 * update period, go upstream in a credit-update frame on the same port's output carrying the
 * cumulative count, and count at the upstream output once that frame's last byte is in.
 * 1 GB/s (1 B = 1 ns), 10 ns links, 1000 B packets (16 blocks of 64 B), 9216 B buffers.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch } from "../src/index.js";

const US = 1_000_000;
const NS = 1000;

/** H0 -> S1 -> S2 -> D, every switch under CBFC with a 5 us period; H0 sends three packets at 0. */
function chain() {
  const engine = new Engine();
  const packets = new PacketStore();
  const options = (name: string) => ({
    name,
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes: 9216,
    maxPacketBytes: 1000,
    flowControl: { kind: "cbfc" as const, updatePeriod: 5 * US, updateFrameBytes: 64 },
    packets,
  });
  const s1 = createSwitch(engine, "shared-buffer", options("S1"));
  const s2 = createSwitch(engine, "shared-buffer", options("S2"));
  const h0 = new ScriptedSource(engine, "H0");
  const d = new RecordingSink(engine, "D");
  const hostPort = duplex(engine, h0, 0, s1, 0);
  const isl = duplex(engine, s1, 1, s2, 0);
  wire(engine, s2, 1, d, 0);
  for (let seq = 0; seq < 3; seq++) h0.send(dataPacket(packets, 0, 1, seq, 1000));
  return { engine, s1, s2, d, hostPort, isl };
}

describe("CBFC credit updates", () => {
  // Packet k leaves S1 by k + 1.05 us (10 ns link + 40 ns forwarding + 1 us), S2 by k + 1.1 us:
  // 3 x 16 = 48 blocks freed at each input by 3.1 us, none of them returned before the 5 us boundary.
  it("sends one update per input at the period's boundary, carrying the cumulative blocks freed", () => {
    const { engine, hostPort, isl } = chain();
    engine.run();
    const updates = (sent: typeof hostPort.forward.sent) =>
      sent.filter((t) => t.packet.kind === PacketKind.CreditUpdate).map((t) => [t.start, t.end, t.packet.seq]);
    // S1 -> H0 and S2 -> S1: a 64 B frame [5 us, 5.064 us], count 48.
    expect(updates(hostPort.backward.sent)).toEqual([[5 * US, 5 * US + 64 * NS, 48]]);
    expect(updates(isl.backward.sent)).toEqual([[5 * US, 5 * US + 64 * NS, 48]]);
  });

  it("restores the upstream output's credits when the update's last byte has arrived, not before", () => {
    const { engine, s1, d } = chain();
    const seen: number[] = [];
    for (const at of [4 * US, 5 * US + 74 * NS - 1, 5 * US + 74 * NS + 1])
      engine.at(at, () => seen.push(s1.outputCredits(1)));
    engine.run();
    // 144 blocks, 48 taken by the three packets, back at 5.064 us + 10 ns (sampled 1 ps either side).
    expect(seen).toEqual([96, 96, 144]);
    expect(d.arrivals).toHaveLength(3);
  });
});
