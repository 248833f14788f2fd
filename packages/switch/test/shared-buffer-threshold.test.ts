/**
 * The dynamic thresholds of the shared-buffer switch. Choudhury and Hahne (1998), sec. III: a
 * queue may grow while it is below alpha x (B - Q), Q the pool in use, so N queues that all
 * want more settle where q = alpha (B - N q): q = alpha B / (1 + N alpha) each, the pool
 * keeping B / (1 + N alpha) free. The same holds for the dynamic PFC threshold of the inputs
 * (ns-3 HPCC's switch-mmu.cc: the free buffer shifted right by pfc_a_shift).
 */
import { LosslessViolation, PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine, us } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { errorOf } from "@losslab/test-kit/errors";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { type PauseFlowControl, SharedBufferSwitch } from "../src/index.js";
import { SharedBufferMmu } from "../src/shared-buffer-mmu.js";
import type { SharedBufferOptions } from "../src/shared-buffer-options.js";

const SIZE = 1000;
const FACTORY = new PacketStore();

/** An MMU of `ports` ports under PAUSE whose inputs never reach their static XOFF by themselves. */
function mmu(ports: number, options: SharedBufferOptions, xoffBytes = 1_000_000) {
  const flowControl: PauseFlowControl = { kind: "pause", xoffBytes, xonBytes: xoffBytes / 2 };
  const accounting = new SharedBufferMmu(
    {
      packets: FACTORY,
      name: "S",
      ports,
      vls: 1,
      inputBufferBytes: xoffBytes + 10 * SIZE,
      maxPacketBytes: SIZE,
      creditBytes: 8, // the buffers in whole bytes of these sizes
      flowControl,
    },
    { sharedBufferBytes: xoffBytes, ...options },
  );
  const egress = new Float64Array(ports);
  accounting.watchEgress(egress);
  return { accounting, egress };
}

/**
 * Packets from input i to output i, round robin over `queues` pairs, each joining its egress
 * queue at once and none leaving, until a round admits nothing to the pool (each input's next
 * packet goes to its headroom). Returns the bytes each input drew from the pool.
 */
function fill(accounting: SharedBufferMmu, egress: Float64Array, queues: number): number[] {
  const pooled = new Array<number>(queues).fill(0);
  for (let round = 0; ; round++) {
    let admitted = 0;
    for (let q = 0; q < queues; q++) {
      const before = accounting.poolUsed;
      accounting.admit(dataPacket(FACTORY, q, q, round, SIZE), q, q);
      egress[q]! += SIZE;
      if (accounting.poolUsed > before) {
        pooled[q]! += SIZE;
        admitted++;
      }
    }
    if (admitted === 0) return pooled;
  }
}

describe("egress dynamic threshold (Choudhury and Hahne)", () => {
  // With packets of 1 KB and every queue at k KB, queue i admits its next packet while
  // k < alpha (B - (queues ahead at k + 1 and behind at k)): the rounds stop exactly at the fixed point.
  it.each([
    // [pool B, alpha, N queues, alpha B / (1 + N alpha)]
    [120_000, 1, 1, 60_000],
    [120_000, 1, 2, 40_000],
    [90_000, 2, 4, 20_000],
    [96_000, 0.25, 4, 12_000],
  ])(
    "pool %i B, alpha %f, %i congested queues: each settles at alpha B / (1 + N alpha) = %i B",
    (pool, alpha, n, share) => {
      const { accounting, egress } = mmu(n, { sharedBufferBytes: pool, alphas: [alpha] }, pool);
      expect(fill(accounting, egress, n)).toEqual(new Array(n).fill(share));
      expect(accounting.poolFree).toBe(pool - n * share);
    },
  );

  // A reserve R is a floor under the threshold: a queue alone grows while q < R + alpha (B - q),
  // to (R + alpha B) / (1 + alpha): with B 10 KB and alpha 1/4, 2 KB without a reserve, 4 KB with 2.5 KB.
  it.each([
    [0, 2_000],
    [2_500, 4_000],
  ])("with a reserve of %i B lets a lone queue grow to (R + alpha B) / (1 + alpha) = %i B", (reserve, share) => {
    const { accounting, egress } = mmu(1, { sharedBufferBytes: 10_000, alphas: [0.25], reserveBytes: reserve }, 10_000);
    expect(fill(accounting, egress, 1)).toEqual([share]);
  });

  it("sends a lossless packet the pool cannot take to its input's headroom, with XOFF: never a drop", () => {
    const { accounting, egress } = mmu(2, { sharedBufferBytes: 4 * SIZE, alphas: [4] }, 4 * SIZE);
    // Queue 0 fills the pool (q < 4 x free until it is full).
    expect(fill(accounting, egress, 1)).toEqual([4 * SIZE]);
    // Input 1 is far below its XOFF and queue 1 is empty, but the pool has no room.
    expect(accounting.admit(dataPacket(FACTORY, 1, 1, 0, SIZE), 1, 1)).toBe(true);
    expect(accounting.headroomUsed(1)).toBe(SIZE);
    expect(accounting.pause!.owed(1)).toBe(0); // an XOFF for priority 0
  });
});

describe("dynamic PFC threshold (ns-3 HPCC switch-mmu)", () => {
  it.each([
    [120_000, 1, 2, 40_000],
    [90_000, 0.5, 2, 22_500],
    [160_000, 1 / 8, 4, 13_333],
  ])(
    "pool %i B, pfcAlpha %f, %i congested inputs: each holds about pfcAlpha B / (1 + N pfcAlpha) = %i B at XOFF",
    (pool, alpha, n, share) => {
      // Egress alpha 64 never refuses: the inputs' thresholds decide. Input i takes its next
      // packet into the pool while its part + 1 KB <= alpha (B - used): whole packets.
      const { accounting, egress } = mmu(
        n,
        { sharedBufferBytes: pool, alphas: [64], pfcThreshold: "dynamic", pfcAlpha: alpha },
        pool,
      );
      const pooled = fill(accounting, egress, n);
      for (const bytes of pooled) expect(Math.abs(bytes - share)).toBeLessThan(SIZE);
      // Every input owes its upstream an XOFF for priority 0.
      for (let input = 0; input < n; input++) expect(accounting.pause!.owed(input)).toBe(0);
    },
  );
});

describe("the shared-buffer switch under a dynamic threshold", () => {
  // Four sources into two outputs (two per output, at line rate: each egress queue grows 1 KB
  // per us) through a 30 KB pool, alpha 1, static XOFF out of reach (30 KB of 40 KB): only the
  // egress threshold stops the queues, at 1 x 30 / (1 + 2) = 10 KB each, give or take a packet
  // admitted but not yet in its queue (40 ns) and the packet that reaches it.
  function run(alpha: number) {
    const engine = new Engine();
    const packets = new PacketStore();
    const sw = new SharedBufferSwitch(engine, {
      name: "S",
      ports: 6,
      routes: [0, 1, 2, 3, 4, 5],
      inputBufferBytes: 40_000,
      maxPacketBytes: SIZE,
      sharedBufferBytes: 30_000,
      alphas: [alpha],
      flowControl: { kind: "pause", xoffBytes: 30_000, xonBytes: 29_000, reactionDelay: us(1) },
      packets,
    });
    const link = { bandwidth: 1e9, delay: us(1) };
    const sources = [0, 1, 2, 3].map((host) => new ScriptedSource(engine, `H${host}`, us(1)));
    const ports = sources.map((source, port) => duplex(engine, source, 0, sw, port, link));
    const sinks = [4, 5].map((port) => {
      const sink = new RecordingSink(engine, `D${port}`);
      wire(engine, sw, port, sink, 0, link);
      return sink;
    });
    const atFirstXoff: number[] = [];
    for (const { backward } of ports) {
      backward.link.onTransmit((reader, frame) => {
        const xoff = reader.kind(frame) === PacketKind.Pause && reader.seq(frame) === XOFF_QUANTA;
        if (xoff && atFirstXoff.length === 0) {
          atFirstXoff.push(sw.outputOccupancy(4), sw.outputOccupancy(5));
        }
      });
    }
    sources.forEach((source, host) => {
      for (let seq = 0; seq < 60; seq++) source.send(dataPacket(packets, host, 4 + (host % 2), seq, SIZE), us(seq));
    });
    engine.run();
    return { sw, sinks, atFirstXoff };
  }

  it("stops each congested egress queue at alpha B / (1 + N alpha) by pausing its inputs, losing nothing", () => {
    const { sinks, atFirstXoff, sw } = run(1);
    for (const bytes of atFirstXoff) expect(Math.abs(bytes - 10_000)).toBeLessThanOrEqual(2 * SIZE);
    expect(sinks.map((sink) => sink.arrivals.length)).toEqual([120, 120]);
    expect(sw.sharedOccupancy()).toBe(0);
  });
});

describe("shared-buffer options", () => {
  const inputs = {
    packets: FACTORY,
    name: "S",
    ports: 2,
    vls: 1,
    inputBufferBytes: 20_000,
    maxPacketBytes: SIZE,
    creditBytes: 64,
  };
  const pause: PauseFlowControl = { kind: "pause", xoffBytes: 15_000, xonBytes: 10_000 };
  it.each([
    [{ sharedBufferBytes: 10_000 }, pause, "flowControl.xoffBytes", /must be at most sharedBufferBytes \(10000\)/],
    [{ sharedBufferBytes: 500 }, undefined, "sharedBufferBytes", /cannot hold one 1000 B packet/],
    [{ alphas: [1, 1] as number[] }, undefined, "alphas", /one alpha > 0 per VL \(vls 1\)/],
    [{ sharedBufferBytes: 50_000, reserveBytes: 50_000 }, undefined, "reserveBytes", /below sharedBufferBytes/],
    [{ pfcAlpha: 0 }, undefined, "pfcAlpha", /> 0/],
  ] as const)("refuses %j naming the option", (options, flowControl, option, message) => {
    const error = errorOf(OptionError, () => new SharedBufferMmu({ ...inputs, flowControl }, options));
    expect(error.option).toBe(option);
    expect(error.message).toMatch(message);
  });

  it("throws LosslessViolation for a packet its input's headroom cannot hold", () => {
    const { accounting } = mmu(1, { sharedBufferBytes: SIZE, alphas: [1] }, SIZE);
    for (let seq = 0; seq < 11; seq++) accounting.admit(dataPacket(FACTORY, 0, 0, seq, SIZE), 0, 0);
    expect(() => accounting.admit(dataPacket(FACTORY, 0, 0, 11, SIZE), 0, 0)).toThrow(LosslessViolation);
    expect(() => accounting.admit(dataPacket(FACTORY, 0, 0, 11, SIZE), 0, 0)).toThrow(
      /0 B free in its 10000 B headroom/,
    );
  });
});
