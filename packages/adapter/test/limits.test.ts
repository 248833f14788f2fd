/**
 * The hybrid window/rate limits of the source (santos-2002 sec. 4.2): a window of packets
 * outstanding (self-clocked by ACKs) and a rate limit that spaces packet starts.
 * Two host adapters back to back: 1 GB/s, 10 ns each way; a 2068 B packet takes
 * 2,068,000 ps, a 20 B ACK 20,000 ps.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import { type FlowOptions, HostAdapter } from "../src/index.js";

function pair() {
  const pair = adapterPair();
  const flow = (options: Partial<FlowOptions> = {}) =>
    pair.h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, ...options });
  return { ...pair, flow };
}

describe("window limit", () => {
  // With a window of 1 the next packet waits for the ACK of the previous one:
  // data 0 -> 2,068,000; its tail reaches H1 at 2,078,000; the ACK takes 20,000 and 10,000
  // of propagation: it is complete at H0 at 2,108,000, and the next packet starts then.
  const period = 2_068_000 + 10_000 + 20_000 + 10_000;

  it("with window 1 sends the next data packet only when the ACK is back", () => {
    const { engine, flow, ab } = pair();
    const state = flow({ window: 1 });
    engine.run({ until: 7_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, period, 2 * period, 3 * period]);
    expect([state.sent, state.acked, state.outstanding]).toEqual([4, 3, 1]);
  });

  it("takes the smaller of the flow's window and its controller's", () => {
    const { engine, flow, ab } = pair();
    const controller = new ScriptedController(engine, Number.POSITIVE_INFINITY, 1);
    flow({ window: 3, controller });
    engine.run({ until: 7_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, period, 2 * period, 3 * period]);
    expect(controller.acks.map((a) => a.at)).toEqual([period, 2 * period, 3 * period]);
  });

  it("without a window sends back to back", () => {
    const { engine, flow, ab } = pair();
    flow();
    engine.run({ until: 7_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 4_136_000, 6_204_000]);
  });
});

describe("rate limit", () => {
  it("at 0.5 of 1 GB/s starts a 2068 B packet every 4.136 us exactly", () => {
    // 2068 B / 5e8 B/s = 4,136,000 ps between starts.
    const { engine, flow, ab } = pair();
    flow({ rate: 0.5 * GBPS });
    engine.run({ until: 20_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000, 12_408_000, 16_544_000]);
  });

  it("combined with window 1, the slower of the two rules decides", () => {
    // The ACK is back at 2,108,000, but the rate allows the next start only at 4,136,000;
    // that packet's ACK is back at 4,136,000 + 2,108,000 = 6,244,000, the rate allows 8,272,000.
    const { engine, flow, ab } = pair();
    flow({ window: 1, rate: 0.5 * GBPS });
    engine.run({ until: 10_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000]);
  });

  it("judges the gap since the last start with the rate in force now: an increase applies at once", () => {
    // Controller at 0.25 GB/s: after the start at 0 the next would be at 8,272,000. The first
    // ACK (at 2,108,000) raises the rate to 1 GB/s: the gap needed is now 2,068,000, already
    // passed, so the packet goes at 2,108,000; then back to back.
    const { engine, flow, ab } = pair();
    const controller = new ScriptedController(engine, 0.25 * GBPS);
    controller.onAckHook = (c) => {
      c.rate = GBPS;
    };
    flow({ controller });
    engine.run({ until: 9_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_108_000, 4_176_000, 6_244_000, 8_312_000]);
  });

  it("a decrease applies to the packet not yet started", () => {
    // At 1 GB/s: 0 and 2,068,000. The ACK of the first (at 2,108,000) cuts the rate to
    // 0.25 GB/s: the third start waits until 2,068,000 + 8,272,000 = 10,340,000.
    const { engine, flow, ab } = pair();
    const controller = new ScriptedController(engine, GBPS);
    controller.onAckHook = (c) => {
      c.rate = 0.25 * GBPS;
    };
    flow({ controller });
    engine.run({ until: 12_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 2_068_000, 10_340_000]);
  });

  it("takes the smaller of the flow's rate and its controller's", () => {
    const { engine, flow, ab } = pair();
    flow({ rate: GBPS, controller: new ScriptedController(engine, 0.5 * GBPS) });
    engine.run({ until: 10_000_000 });
    expect(ab.data.map((s) => s.start)).toEqual([0, 4_136_000, 8_272_000]);
  });
});

describe("what held a packet back", () => {
  // The controller hears every send with what limited it most before it could go
  // (turner-2001 sec. 5.1's RWL): the window, the rate, or nothing ("other").
  function sends(options: Partial<FlowOptions>) {
    const { engine, flow } = pair();
    const controller = new ScriptedController(engine);
    flow({ packets: 2, controller, ...options });
    engine.run();
    return controller.sends.map((s) => [s.seq, s.at, s.limitedBy]);
  }

  it("is the window when the packet waited for an ACK", () => {
    expect(sends({ window: 1 })).toEqual([
      [0, 0, "other"],
      [1, 2_108_000, "window"],
    ]);
  });

  it("is the rate when the packet waited for its rate limit", () => {
    expect(sends({ rate: 0.5 * GBPS })).toEqual([
      [0, 0, "other"],
      [1, 4_136_000, "rate"],
    ]);
  });

  it("is other when only the port was busy", () => {
    expect(sends({})).toEqual([
      [0, 0, "other"],
      [1, 2_068_000, "other"],
    ]);
  });
});

describe("scheduled pacing", () => {
  // Two flows of one host at 0.3 and 0.7 of the link: together they fill it, so each often
  // finds the port busy with the other's packet when its time comes.
  function shares(pacing: "since-start" | "scheduled") {
    const { engine, h0, ab } = adapterPair({ acks: false, pacing }, { acks: false });
    h0.addFlow({ id: 0, destination: 1, packetBytes: DATA_BYTES, start: 0, rate: 0.3 * GBPS });
    h0.addFlow({ id: 1, destination: 1, packetBytes: DATA_BYTES, start: 0, rate: 0.7 * GBPS });
    const until = 1000 * 2_068_000;
    engine.run({ until });
    const bytes = (flow: number) => ab.data.filter((s) => s.packet.flow === flow).length * DATA_BYTES;
    return [bytes(0), bytes(1)].map((b) => (b * 1e12) / until / GBPS);
  }

  it("gives each flow its rate when the port delays it by less than one gap", () => {
    const [slow, fast] = shares("scheduled");
    expect(slow).toBeCloseTo(0.3, 2);
    expect(fast).toBeCloseTo(0.7, 2);
  });

  it("loses rate with since-start pacing, whose delays are never made up", () => {
    const [slow, fast] = shares("since-start");
    expect(slow! + fast!).toBeLessThan(0.95);
  });

  it("rejects an unknown pacing", () => {
    const engine = new Engine();
    expect(
      () => new HostAdapter(engine, { name: "H0", host: 0, packets: new PacketStore(), pacing: "eager" as never }),
    ).toThrow(/pacing must be "since-start" or "scheduled"; got "eager"/);
  });
});
