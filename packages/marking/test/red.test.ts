/**
 * RED-style ECN marking at egress, DCQCN's congestion point (spec/algorithms.md): the
 * probability Pmax (q - Kmin) / (Kmax - Kmin) between the thresholds, 0 below, 1 above, with
 * q the bytes queued behind the departing packet.
 */
import { CongestionBit, PacketKind } from "@losslab/core";
import { errorOf } from "@losslab/test-kit/errors";
import { CIOQ_DATA_BYTES, FakeCioqSwitch } from "@losslab/test-kit/fake-cioq-switch";
import { describe, expect, it } from "vitest";
import { createMarking, KindError, markProbability, red } from "../src/index.js";

const ECN = CongestionBit.Ecn;

/** A draw that returns `values` in turn and counts how often it was asked. */
function scripted(values: number[]) {
  const draws = { count: 0 };
  const random = () => values[draws.count++ % values.length]!;
  return { random, draws };
}

describe("red", () => {
  it("marks with 0 up to Kmin, Pmax (q - Kmin) / (Kmax - Kmin) up to Kmax, 1 above", () => {
    const options = { kmin: 1000, kmax: 5000, pmax: 0.2 };
    expect([0, 1000, 1001, 3000, 5000, 5001, 1e9].map((q) => markProbability(q, options))).toEqual([
      0,
      0,
      0.2 * (1 / 4000),
      0.1, // 0.2 x 2000 / 4000
      0.2,
      1,
      1,
    ]);
  });

  it("judges the queue behind the departing packet, draws only between the thresholds", () => {
    // Kmin 278 B (one packet), Kmax 834 B (three): 3 packets behind marks always, 2 with
    // probability 0.5 x (556 - 278) / 556 = 0.25, 1 never.
    const { random, draws } = scripted([0.24, 0.26]);
    const sw = new FakeCioqSwitch(red({ kmin: CIOQ_DATA_BYTES, kmax: 3 * CIOQ_DATA_BYTES, pmax: 0.5 }, { random }), {
      outputBufferBytes: 5 * CIOQ_DATA_BYTES,
    });
    sw.fill(1, 5);
    const bits = Array.from({ length: 5 }, () => sw.packets.bits(sw.send(1)) & ECN);
    // behind: 4 packets (1112 B > Kmax: marked, no draw), 3 (834 = Kmax: draw 0.24 < 0.5, marked),
    // 2 (draw 0.26 >= 0.25: not), 1 and 0 (<= Kmin: not, no draw).
    expect(bits).toEqual([ECN, ECN, 0, 0, 0]);
    expect(draws.count).toBe(2);
    expect(sw.policy).toMatchObject({ marked: 2 });
  });

  it("never marks ACKs, though their bytes count in the queue behind a data packet", () => {
    const { random } = scripted([0]);
    const sw = new FakeCioqSwitch(red({ kmin: 0, kmax: 1, pmax: 1 }, { random }), { outputBufferBytes: 10_000 });
    sw.fill(1, 2);
    const ack = sw.arrive(0, 1, PacketKind.Ack);
    sw.cross(ack);
    // Behind the first data packet: 278 + 22 B; behind the second: the 22 B ACK (> Kmax 1).
    expect([sw.packets.bits(sw.send(1)), sw.packets.bits(sw.send(1)), sw.packets.bits(sw.send(1))]).toEqual([
      ECN,
      ECN,
      0,
    ]);
  });

  it("with hostPorts false, ports the fabric says lead to a host mark nothing; the others as before", () => {
    const { random } = scripted([0]);
    const asked: Array<[string, number]> = [];
    const fabric = {
      nextIsNonCompliant: () => false,
      leadsToHost: (name: string, output: number) => {
        asked.push([name, output]);
        return output === 1;
      },
      outputRatio: () => 1,
    };
    const sw = new FakeCioqSwitch(red({ kmin: 0, kmax: 1, pmax: 1, hostPorts: false }, { random, fabric }), {
      outputBufferBytes: 10_000,
    });
    sw.fill(1, 2);
    sw.fill(2, 2);
    expect(sw.packets.bits(sw.send(1)) & ECN).toBe(0); // toward a host: not marked, whatever the queue
    expect(sw.packets.bits(sw.send(2)) & ECN).toBe(ECN);
    expect(asked).toContainEqual(["cioq", 1]);
    expect(() => red({ kmin: 0, kmax: 1, pmax: 1, hostPorts: false }, { random })).toThrow(
      /hostPorts false needs context.fabric/,
    );
  });

  it("on an output the fabric says is degraded, scales Kmin and Kmax by its share (uet-htsim's -failed)", () => {
    // Kmin 556 B, Kmax 1112 B (2 and 4 packets behind); output 1 runs at 0.5: 278 and 556 B.
    const { random, draws } = scripted([0.99]);
    const fabric = {
      nextIsNonCompliant: () => false,
      leadsToHost: () => false,
      outputRatio: (_: string, o: number) => (o === 1 ? 0.5 : 1),
    };
    const sw = new FakeCioqSwitch(red({ kmin: 556, kmax: 1112, pmax: 1 }, { random, fabric }), {
      outputBufferBytes: 10 * CIOQ_DATA_BYTES,
    });
    sw.fill(1, 5);
    sw.fill(2, 5);
    // Behind: 4, 3, 2, 1, 0 packets. Output 1: above 556 B or at it (probability 1) marked, no draw.
    expect(Array.from({ length: 5 }, () => sw.packets.bits(sw.send(1)) & ECN)).toEqual([ECN, ECN, ECN, 0, 0]);
    expect(draws.count).toBe(0);
    // Output 2 as configured: 1112 B (Kmax) marked; 834 B draws 0.99 against 0.5, not marked.
    expect(Array.from({ length: 5 }, () => sw.packets.bits(sw.send(2)) & ECN)).toEqual([ECN, 0, 0, 0, 0]);
    expect(draws.count).toBe(1);
  });

  it("names a missing or bad threshold, and needs a random stream", () => {
    const random = () => 0;
    const problem = (spec: object) => {
      const { field, message } = errorOf(KindError, () => createMarking({ kind: "red", ...spec } as never, { random }));
      return [field, message];
    };
    expect(problem({ kmax: 10, pmax: 0.1 })).toEqual([
      "marking.kmin",
      "marking.kmin is missing: give an integer from 0 to 1073741824 (Kmin, bytes queued behind a departing packet: at or below it, no mark)",
    ]);
    expect(problem({ kmin: 10, kmax: 10, pmax: 0.1 })).toEqual([
      "marking.kmax",
      "marking.kmax must be above marking.kmin (10), got 10",
    ]);
    expect(problem({ kmin: 0, kmax: 10, pmax: 0 })?.[1]).toBe("marking.pmax must be a number > 0 and <= 1, got 0");
    expect(problem({ kmin: 0, kmax: 10, pmax: 0.1, k: 1 })?.[0]).toBe("marking.k");
    expect(() => red({ kmin: 0, kmax: 10, pmax: 0.1 })).toThrow('marking "red" needs context.random()');
  });
});
