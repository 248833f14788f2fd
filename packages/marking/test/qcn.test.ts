import { type Packet, PacketKind, PacketStore, type SwitchView } from "@losslab/core";
import { RngStreams } from "@losslab/engine";
import { errorOf } from "@losslab/test-kit/errors";
import { FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import {
  createMarking,
  KindError,
  type QcnOptions,
  qcn,
  qcnFeedback,
  qcnSampleInterval,
  quantizeQcnFeedback,
} from "../src/index.js";

/**
 * A QCN factory whose CNMs, sent through the fake switch it is attached to, are recorded as
 * [packet id, flow, QntzFb, switch]; each goes to the culprit's source, 64 B.
 */
function recorded(options: QcnOptions, random?: () => number) {
  const cnms: [number, number, number, string][] = [];
  const marking = listening(
    qcn(options, random === undefined ? {} : { random }),
    (view, destination, about, bytes, feedback) => {
      expect([destination, bytes]).toEqual([view.packets.source(about), 64]);
      cnms.push([view.packets.id(about), view.packets.flow(about), feedback!, view.name]);
    },
  );
  return { marking, cnms };
}

/** `factory`, whose fake switches call `listener` with each frame their policy sends. */
function listening<F extends (view: SwitchView) => unknown>(
  factory: F,
  listener: (view: SwitchView, destination: number, about: Packet, bytes: number, feedback?: number) => void,
): F {
  return new Proxy(factory, {
    apply(target, thisArgument, [view]: [FakeSwitch | FakeCioqSwitch]) {
      view.noticeListener = (...frame) => listener(view, ...frame);
      return Reflect.apply(target, thisArgument, [view]);
    },
  });
}

/** A data packet of `flow` and `size` bytes for output 1 (packets of one flow share a source). */
function data(packets: PacketStore, flow: number, size: number, kind: PacketKind = PacketKind.Data): Packet {
  return packets.create({ kind, flow, source: 100 + flow, destination: 1, size, seq: 0, createdAt: 0 });
}

const BIG = { inputBufferBytes: 100_000, outputBufferBytes: 100_000 };

describe("QCN feedback (IEEE 802.1Qau)", () => {
  it("computes Fb = -((Q - Qeq) + w (Q - Qold)) and quantizes |Fb| on 6 bits, truncating", () => {
    expect(qcnFeedback(80_000, 70_000, 60_000, 2)).toBe(-40_000); // -(20 000 + 2 · 10 000)
    expect(qcnFeedback(50_000, 70_000, 60_000, 2)).toBe(50_000); // below Qeq and draining
    // 40 000 · 63 / (60 000 · 5) = 8.4
    expect(quantizeQcnFeedback(-40_000, 60_000, 2)).toBe(8);
    expect(quantizeQcnFeedback(-4_000, 60_000, 2)).toBe(0); // 0.84: congested, but QntzFb 0
    expect(quantizeQcnFeedback(-299_999, 60_000, 2)).toBe(62); // 62.9998
    expect(quantizeQcnFeedback(-300_000, 60_000, 2)).toBe(63); // Fb = -Qeq (2w + 1): saturated
    expect(quantizeQcnFeedback(-1e9, 60_000, 2)).toBe(63);
    expect(quantizeQcnFeedback(0, 60_000, 2)).toBe(0);
    expect(quantizeQcnFeedback(5_000, 60_000, 2)).toBe(0);
  });

  it("shortens the sampling interval with QntzFb by the pseudo-code's table (150 KB ... 18.5 KB)", () => {
    const intervals = [0, 7, 8, 15, 16, 24, 32, 40, 48, 56, 63].map((q) => qcnSampleInterval(q, 150_000));
    expect(intervals).toEqual([
      150_000, 150_000, 75_000, 75_000, 50_000, 37_500, 30_000, 25_000, 21_500, 18_500, 18_500,
    ]);
    expect(qcnSampleInterval(29, 1000)).toBe(250); // 1000 · 37.5 / 150
  });
});

describe("qcn congestion point", () => {
  it("samples an output buffer as frames join it and notifies the sampled frame's source", () => {
    const { marking, cnms } = recorded({ equilibrium: 1000, sampleInterval: 1000, sampleJitter: 0 });
    const sw = new FakeCioqSwitch(marking, BIG);
    const join = (input: number) => {
      const packet = sw.arrive(input, 1);
      sw.cross(packet);
      return packet;
    };
    const first = [0, 1, 2, 3].map(join); // 4 · 278 = 1112 B >= 1000: a sample at the 4th
    // Q = 1112, Qold = 0: Fb = -(112 + 2 · 1112) = -2336, QntzFb = floor(2336 · 63 / 5000) = 29
    expect(cnms).toEqual([[sw.packets.id(first[3]!), 3, 29, "cioq"]]);
    const fifth = join(0); // next interval 1000 · 37.5/150 = 250 B: sampled
    // Q = 1390, Qold = 1112: Fb = -(390 + 2 · 278) = -946, QntzFb = floor(11.92) = 11
    expect(cnms[1]).toEqual([sw.packets.id(fifth), 0, 11, "cioq"]);
    for (let i = 0; i < 3; i++) sw.send(1); // output 1 keeps 556 B
    join(1); // next interval 1000 · 75/150 = 500 B: 222 B to go
    sw.cross(sw.arrive(2, 1, PacketKind.Ack)); // ACKs are not counted
    join(2); // sampled: Q = 1112 + 22, Qold = 1390: Fb = -(134 - 2 · 256) = 378 >= 0: no CNM
    expect(cnms).toHaveLength(2);
    expect([marking.notified, marking.marked, marking.policies[0]?.notified]).toEqual([2, 0, 2]);
    expect(sw.inputPackets(0).every((packet) => sw.packets.bits(packet) === 0)).toBe(true);
    expect(first.concat(fifth).every((packet) => sw.packets.bits(packet) === 0)).toBe(true); // no congestion bits
  });

  it("keeps the base interval with sampling: fixed", () => {
    const { marking, cnms } = recorded({ equilibrium: 1000, sampleInterval: 1000, sampleJitter: 0, sampling: "fixed" });
    const sw = new FakeCioqSwitch(marking, BIG);
    for (let i = 0; i < 7; i++) sw.cross(sw.arrive(i % 4, 1));
    expect(cnms.map(([id]) => id)).toEqual([3]); // the 5th..7th are 834 B: no second sample
    sw.cross(sw.arrive(0, 1));
    expect(cnms.map(([id]) => id)).toEqual([3, 7]);
  });

  it("draws each interval after a sample from (1 ± sampleJitter) times its nominal length", () => {
    const low = recorded({ at: "input", equilibrium: 1, sampleInterval: 1000, sampling: "fixed" }, () => 0);
    const sw = new FakeCioqSwitch(low.marking, BIG);
    for (let i = 0; i < 8; i++) sw.arrive(0, 1);
    // First interval 1000 B (4 packets); then 850 B (random 0: 1 - 0.15): 4 more packets
    expect(low.cnms.map(([id]) => id)).toEqual([3, 7]);
    const high = recorded({ at: "input", equilibrium: 1, sampleInterval: 1000, sampling: "fixed" }, () => 0.99);
    const other = new FakeCioqSwitch(high.marking, BIG);
    for (let i = 0; i < 9; i++) other.arrive(0, 1);
    // 1000 · (0.85 + 0.3 · 0.99) = 1147 B: 5 packets (1390 B) after the first sample
    expect(high.cnms.map(([id]) => id)).toEqual([3, 8]);
  });

  it("without output buffers, samples the bytes waiting for the output as frames arrive", () => {
    const { marking, cnms } = recorded({ equilibrium: 2068, sampleInterval: 4136, sampleJitter: 0 });
    const sw = new FakeSwitch(marking);
    sw.arrive(0, 4);
    sw.arrive(1, 3); // another output: its own congestion point (2068 B to go)
    const second = sw.arrive(1, 4);
    // Q = 2 · 2068 waiting for output 4: Fb = -(2068 + 2 · 4136) = -10 340 = -Qeq (2w + 1): 63
    expect(cnms).toEqual([[sw.packets.id(second), 1, 63, "fake"]]);
    const third = sw.arrive(2, 4); // next interval 4136 · 18.5/150 = 510 B: sampled
    // Q = 6204, Qold = 4136: Fb = -(4136 + 2 · 2068) = -8272, QntzFb = floor(8272 · 63 / 10 340) = 50
    expect(cnms[1]).toEqual([sw.packets.id(third), 2, 50, "fake"]);
    expect(sw.markedIds()).toEqual([]);
  });

  it("at: input samples the input buffer as frames arrive, not when they cross to an output", () => {
    const { marking, cnms } = recorded({ at: "input", equilibrium: 500, sampleInterval: 556, sampleJitter: 0 });
    const sw = new FakeCioqSwitch(marking, BIG);
    const a = sw.arrive(0, 1); // input 0: 278 B to go
    sw.arrive(1, 1); // input 1 has its own congestion point
    sw.cross(a); // a leaves input 0 for output 1: no sample
    expect(cnms).toEqual([]);
    const b = sw.arrive(0, 2); // 556 B have arrived at input 0: a sample, Q = 278 (a has left)
    // Fb = -((278 - 500) + 2 (278 - 0)) = -334, QntzFb = floor(334 · 63 / 2500) = 8
    expect(cnms).toEqual([[sw.packets.id(b), 0, 8, "cioq"]]);
  });

  it("arrival sampling picks the arriving frame, deterministic occupancy the flow holding most bytes", () => {
    const fill = (culprit: QcnOptions["culprit"]) => {
      const { marking, cnms } = recorded({
        at: "input",
        culprit,
        equilibrium: 1,
        sampleInterval: 2312,
        sampleJitter: 0,
      });
      const packets = new PacketStore();
      const sw = new FakeCioqSwitch(marking, BIG, packets);
      const held = [
        data(packets, 7, 278),
        data(packets, 8, 600),
        data(packets, 9, 5000, PacketKind.Ack), // bytes in the buffer, but no data: never a culprit
        data(packets, 7, 278),
        data(packets, 8, 600),
        data(packets, 7, 278),
        data(packets, 9, 278), // 4 · 278 + 2 · 600 = 2312 data bytes: the sample
      ];
      for (const packet of held) sw.receive(packet, 0);
      return { cnms, held, packets };
    };
    const arrival = fill("arrival");
    expect(arrival.cnms).toEqual([[arrival.packets.id(arrival.held[6]!), 9, 63, "cioq"]]);
    // Backlogs: flow 7 834 B, flow 8 1200 B, flow 9 278 B (its 5000-B ACK does not count)
    const occupancy = fill("occupancy-deterministic");
    expect(occupancy.cnms).toEqual([[occupancy.packets.id(occupancy.held[1]!), 8, 63, "cioq"]]); // flow 8's oldest packet
  });

  it("deterministic occupancy breaks a tie for the flow listed first (oldest first)", () => {
    const { marking, cnms } = recorded({
      at: "input",
      culprit: "occupancy-deterministic",
      equilibrium: 1,
      sampleInterval: 2400,
      sampleJitter: 0,
    });
    const packets = new PacketStore();
    const sw = new FakeCioqSwitch(marking, BIG, packets);
    const held = [data(packets, 8, 600), data(packets, 7, 600), data(packets, 7, 600), data(packets, 8, 600)];
    for (const packet of held) sw.receive(packet, 0);
    expect(cnms).toEqual([[sw.packets.id(held[0]!), 8, 63, "cioq"]]); // 1200 B each: flow 8 holds the oldest packet
  });

  it("random occupancy picks a flow with probability its share of the buffer units (chi-square)", () => {
    const stream = new RngStreams(2024).stream("qcn");
    const { marking, cnms } = recorded(
      { at: "input", culprit: "occupancy-random", equilibrium: 1, sampleInterval: 1, sampleJitter: 0 },
      () => stream.next(),
    );
    const packets = new PacketStore();
    const sw = new FakeCioqSwitch(marking, BIG, packets);
    // 256-B units: flow 1 holds ceil(1000/256) = 4, flow 2 two packets of 256 B = 2, flow 3 ceil(600/256) = 3.
    const held = [
      data(packets, 1, 1000),
      data(packets, 2, 256),
      data(packets, 3, 600),
      data(packets, 3, 300, PacketKind.Ack),
      data(packets, 2, 256),
    ];
    for (const packet of held) sw.receive(packet, 0);
    cnms.length = 0;
    const draws = 9000;
    // The buffer stays as it is: the same frame "arrives" again and again, each arrival a sample.
    for (let i = 0; i < draws; i++) sw.policy.packetArrived?.(held[2]!, 0, 1);
    expect(cnms).toHaveLength(draws);
    const counts = new Map<number, number>();
    for (const [, flow] of cnms) counts.set(flow, (counts.get(flow) ?? 0) + 1);
    const expected = new Map([
      [1, (draws * 4) / 9],
      [2, (draws * 2) / 9],
      [3, (draws * 3) / 9],
    ]);
    expect([...counts.keys()].sort()).toEqual([1, 2, 3]);
    let chiSquare = 0;
    for (const [flow, expectation] of expected) chiSquare += (counts.get(flow)! - expectation) ** 2 / expectation;
    // 3 flows: 2 degrees of freedom; the 0.1 % critical value is 13.816.
    expect(chiSquare).toBeLessThan(13.816);
    // Within a flow the unit picks the packet: flow 2's two 256-B packets are equally likely.
    const flow2 = cnms.filter(([, flow]) => flow === 2).map(([id]) => id);
    const firstShare = flow2.filter((id) => id === sw.packets.id(held[1]!)).length / flow2.length;
    expect(firstShare).toBeGreaterThan(0.45);
    expect(firstShare).toBeLessThan(0.55);
  });

  it("needs the context's random when it draws", () => {
    expect(() => qcn()).toThrow(
      'marking "qcn" needs context.random() when sampleJitter > 0 or culprit is "occupancy-random"',
    );
    expect(() => qcn({ sampleJitter: 0, culprit: "occupancy-random" })).toThrow(/context.random/);
    expect(() => qcn({ sampleJitter: 0 })).not.toThrow();
  });

  it("names a bad option and its allowed values", () => {
    const context = { random: () => 0, notifications: { bytes: 64 } };
    const problem = (spec: object) => {
      const { field, message } = errorOf(KindError, () => createMarking({ kind: "qcn", ...spec } as never, context));
      return [field, message];
    };
    expect(problem({ at: "middle" })).toEqual([
      "marking.at",
      'marking.at must be one of "output", "input", got "middle"',
    ]);
    expect(problem({ culprit: "largest" })).toEqual([
      "marking.culprit",
      'marking.culprit must be one of "arrival", "occupancy-deterministic", "occupancy-random", got "largest"',
    ]);
    expect(problem({ equilibrium: 0 })).toEqual([
      "marking.equilibrium",
      "marking.equilibrium must be an integer from 1 to 1073741824, got 0",
    ]);
    expect(problem({ weight: -1 })).toEqual([
      "marking.weight",
      "marking.weight must be a number > 0 and <= 1000000, got -1",
    ]);
    expect(problem({ sampleJitter: 1 })).toEqual([
      "marking.sampleJitter",
      "marking.sampleJitter must be a number >= 0 and < 1, got 1",
    ]);
    expect(problem({ sampling: "table" })?.[1]).toBe(
      'marking.sampling must be one of "adaptive", "fixed", got "table"',
    );
    expect(problem({ unitBytes: 2.5 })?.[1]).toBe("marking.unitBytes must be an integer from 1 to 65536, got 2.5");
    expect(problem({ sampleInterval: -1 })?.[0]).toBe("marking.sampleInterval");
    expect(problem({ threshold: 1 })?.[1]).toBe(
      'marking.threshold: unknown field for kind "qcn"; allowed: kind, at, culprit, equilibrium, weight, sampleInterval, sampling, sampleJitter, unitBytes',
    );
  });

  it('is registered as "qcn" and takes its context through createMarking', () => {
    const cnms: Array<[number, number | undefined]> = [];
    const marking = createMarking(
      { kind: "qcn", at: "input", equilibrium: 1, sampleInterval: 278 },
      { random: () => 0.5, notifications: { bytes: 80 } },
    );
    expect(marking.kind).toBe("qcn");
    const sw = new FakeCioqSwitch(
      listening(marking, (_view, _destination, _about, bytes, feedback) => cnms.push([bytes, feedback])),
      BIG,
    );
    sw.arrive(0, 1); // Fb = -((278 - 1) + 2 · 278) = -833, QntzFb = floor(833 · 63 / 5) = 63
    expect(cnms).toEqual([[80, 63]]);
  });
});
