/**
 * The headroom rule of PAUSE (algorithms.md "PAUSE / PFC": the room above XOFF must absorb
 * what is in flight, about 2 x rate x propagation + two MTUs + the peer's response delay):
 * `pauseHeadroom` computes it exactly for the model, a switch checks it when both
 * directions of a port are connected, a sender that reacts within the assumed delay never
 * overflows a buffer that satisfies it, and one that reacts later does.
 */
import { LosslessViolation, PacketStore } from "@losslab/core";
import { Engine, ns, type Time, us } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { duplex, wire } from "@losslab/test-kit/wire";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSwitch, type PauseHeadroomOptions, pauseHeadroom, SWITCH_ORGANISATIONS } from "../src/index.js";

const MTU = 1522;

describe("pauseHeadroom", () => {
  it("is rate x (2 x propagation + reaction) + 2 MTU + PAUSE frame + 3 overheads on a symmetric link", () => {
    // 10 Gb/s (1.25e9 B/s), 1 us of propagation each way, 3.072 us reaction, 1522 B frames,
    // 20 B overhead: 1.25e9 x 5.072 us = 6340 B, + 2 x 1522 + 64 + 3 x 20 = 9508 B.
    const options: PauseHeadroomOptions = {
      bandwidth: 1.25e9,
      delay: us(1),
      reverseDelay: us(1),
      maxPacketBytes: MTU,
      overheadBytes: 20,
      reactionDelay: 3_072_000,
    };
    expect(pauseHeadroom(options)).toBe(9508);
    expect(pauseHeadroom({ ...options, overheadBytes: 0, pauseFrameBytes: 128 })).toBe(6340 + 2 * MTU + 128);
    // A slower reverse link delays the PAUSE: (1542 + 84) B at 0.625e9 B/s = 2.6016 us instead of 1.3008.
    expect(pauseHeadroom({ ...options, reverseBandwidth: 0.625e9 })).toBe(9508 + 1626);
  });
});

/**
 * H0 -> S input 0 -> D, with D giving no credits, so input 0 fills and S must pause H0; H2
 * sends maximum frames to H0 so a PAUSE may have to wait for one on S's output 0.
 */
function build(options: {
  organisation: (typeof SWITCH_ORGANISATIONS)[number];
  bandwidth: number;
  delay: Time;
  overheadBytes: number;
  switchReaction: Time;
  sourceReaction: Time;
  /** Bytes above XOFF; default the rule's. */
  headroom?: number;
}) {
  const engine = new Engine();
  const packets = new PacketStore();
  const needed = pauseHeadroom({
    bandwidth: options.bandwidth,
    delay: options.delay,
    reverseDelay: options.delay,
    maxPacketBytes: MTU,
    overheadBytes: options.overheadBytes,
    reactionDelay: options.switchReaction,
  });
  const xoffBytes = 4 * MTU;
  const inputBufferBytes = Math.ceil((xoffBytes + (options.headroom ?? needed)) / 64) * 64;
  let maxOccupancy = 0;
  const sw = createSwitch(engine, options.organisation, {
    name: "S",
    ports: 3,
    routes: [0, 1, 2],
    inputBufferBytes,
    maxPacketBytes: MTU,
    flowControl: { kind: "pause", xoffBytes, xonBytes: 2 * MTU, reactionDelay: options.switchReaction },
    packets,
    marking: (view) => ({
      packetArrived: (_packet, input) => {
        if (input === 0) maxOccupancy = Math.max(maxOccupancy, view.inputOccupancy(0));
      },
    }),
    ...(options.organisation === "cioq" ? { outputBufferBytes: 2 * MTU } : {}),
  });
  const link = { bandwidth: options.bandwidth, delay: options.delay, overheadBytes: options.overheadBytes };
  const h0 = new ScriptedSource(engine, "H0", options.sourceReaction);
  const h2 = new ScriptedSource(engine, "H2", options.sourceReaction);
  duplex(engine, h0, 0, sw, 0, link);
  duplex(engine, h2, 0, sw, 2, link);
  wire(engine, sw, 1, new RecordingSink(engine, "D", 0), 0, link);
  return { engine, packets, sw, h0, h2, needed, xoffBytes, inputBufferBytes, occupancy: () => maxOccupancy };
}

describe("a sender paused by a switch input", () => {
  it("never overflows a buffer with the rule's headroom (random rates, delays, sizes, timing)", () => {
    const scenario = fc.record({
      organisation: fc.constantFrom(...SWITCH_ORGANISATIONS),
      bandwidth: fc.constantFrom(0.5e9, 1e9, 1.25e9),
      delay: fc.integer({ min: 0, max: 2000 }).map(ns),
      overheadBytes: fc.constantFrom(0, 20),
      reaction: fc.integer({ min: 0, max: 5000 }).map(ns),
      sizes: fc.array(fc.integer({ min: 64, max: MTU }), { minLength: 1, maxLength: 60 }),
      reverseStart: fc.integer({ min: 0, max: 20_000 }).map(ns),
    });
    fc.assert(
      fc.property(scenario, (s) => {
        const setup = build({ ...s, switchReaction: s.reaction, sourceReaction: s.reaction });
        s.sizes.forEach((size, seq) => {
          setup.h0.send(dataPacket(setup.packets, 0, 1, seq, size), 0);
        });
        for (let seq = 0; seq < 3; seq++) setup.h2.send(dataPacket(setup.packets, 2, 0, seq, MTU), s.reverseStart);
        setup.engine.run(); // an arrival without room throws LosslessViolation
        expect(setup.occupancy()).toBeLessThanOrEqual(setup.inputBufferBytes);
        // Enough to reach XOFF at input 0 (a CIOQ output buffer takes up to 2 MTU of it first): H0 was paused.
        const total = s.sizes.reduce((sum, size) => sum + size, 0);
        const absorbed = s.organisation === "cioq" ? 2 * MTU : 0;
        if (total >= setup.xoffBytes + MTU + absorbed) expect(setup.h0.pauses[0]?.paused).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("fills most of that headroom in a worst case: maximum frames, the PAUSE behind a frame", () => {
    // 1 GB/s, 1 us propagation, 3 us reaction, 20 B overhead: the rule asks for 1000 + 20 + 1542 +
    // 84 + 1000 + 3000 = 6646 ns of line rate + 1522 = 8168 B; buffer 6088 + 8168 -> 14,272 B.
    const setup = build({
      organisation: "cioq",
      bandwidth: 1e9,
      delay: us(1),
      overheadBytes: 20,
      switchReaction: us(3),
      sourceReaction: us(3),
    });
    for (let seq = 0; seq < 30; seq++) setup.h0.send(dataPacket(setup.packets, 0, 1, seq, MTU), 0);
    for (let seq = 0; seq < 3; seq++) setup.h2.send(dataPacket(setup.packets, 2, 0, seq, MTU), us(5));
    setup.engine.run();
    expect([setup.needed, setup.inputBufferBytes]).toEqual([8168, 14_272]);
    // H0's frames start every 1.542 us; their headers reach S 1.02 us later. Packet 0 sits in the
    // output buffer (room for one), packets 1-4 reach XOFF at 7.188 us, while H2's first frame is on
    // output 0 (6.781 to 8.323 us). The XOFF follows it: its last byte reaches H0 at 9.407 us, honoured
    // at 12.407, after H0 started packet 8 at 12.336. Peak: packets 1-8, 12,176 B, 6088 B above XOFF
    // (75 % of the rule's headroom: the rule also covers a frame crossing XOFF by up to an MTU).
    expect(setup.h0.pauses).toEqual([{ at: 12_407_000, paused: true }]);
    expect(setup.occupancy()).toBe(8 * MTU);
  });

  it("overflows, throwing LosslessViolation, when it reacts later than the switch assumes", () => {
    // The switch assumes an immediate reaction (headroom 3188 B); H0 takes 6 us.
    const setup = build({
      organisation: "voq",
      bandwidth: 1e9,
      delay: ns(10),
      overheadBytes: 20,
      switchReaction: 0,
      sourceReaction: us(6),
    });
    for (let seq = 0; seq < 30; seq++) setup.h0.send(dataPacket(setup.packets, 0, 1, seq, MTU), 0);
    expect(() => setup.engine.run()).toThrow(LosslessViolation);
    expect(() => setup.engine.run()).not.toThrow(); // the simulation stopped at the violation
  });

  it("is refused at connection when the buffer leaves less than the rule above XOFF", () => {
    expect(() =>
      build({
        organisation: "cioq",
        bandwidth: 1e9,
        delay: us(1),
        overheadBytes: 20,
        switchReaction: us(3),
        sourceReaction: us(3),
        headroom: 8168 - 64,
      }),
    ).toThrow(
      /S input 0: flowControl.xoffBytes leaves 8120 B of the 14208 B input buffer above XOFF, but 8168 B can still arrive after XOFF.*; got 6088$/,
    );
  });
});
