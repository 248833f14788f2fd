/**
 * Random switch histories (arrivals of data packets and ACKs, transmissions starting and
 * ending, buffers filling) against every policy, checking what santos-2002 sec. 5 and the
 * package's documented decisions promise whatever the order of events.
 */
import { CongestionBit, type Packet, PacketKind } from "@losslab/core";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { BUFFER_PACKETS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CountedMarkingFactory,
  type CounterMarkingPolicy,
  ibCca,
  inputOutputTriggered,
  inputTriggered,
  ipm,
  mvpm,
  naive,
  opm,
} from "../src/index.js";

const PORTS = 4;

type Step =
  | { op: "arrive"; input: number; output: number; ack: boolean }
  | { op: "start"; pick: number }
  | { op: "finish"; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("arrive" as const),
    input: fc.nat(PORTS - 1),
    output: fc.nat(PORTS - 1),
    ack: fc.boolean(),
  }),
  fc.record({ op: fc.constant("start" as const), pick: fc.nat(100) }),
  fc.record({ op: fc.constant("finish" as const), pick: fc.nat(100) }),
);

/** Histories long enough to fill buffers ("size" lets fast-check use the whole length range). */
const history = fc.array(step, { minLength: 10, maxLength: 150, size: "max" });

/**
 * Plays `steps` on a fake switch; calls `check` after each step. Impossible steps are skipped:
 * an arrival to a full buffer, and a start on an output whose link still carries a packet (a
 * link sends one packet at a time, which every switch model keeps and `StartedPackets` uses).
 */
function play(
  marking: CountedMarkingFactory,
  steps: Step[],
  check: (sw: FakeSwitch, waiting: Packet[], transmitting: Packet[]) => void,
): FakeSwitch {
  const sw = new FakeSwitch(marking, PORTS);
  const waiting: Packet[] = [];
  const transmitting: Packet[] = [];
  for (const s of steps) {
    if (s.op === "arrive") {
      const size = s.ack ? 20 : DATA_BYTES;
      if (sw.inputOccupancy(s.input) + size > BUFFER_PACKETS * DATA_BYTES) continue;
      waiting.push(sw.arrive(s.input, s.output, s.ack ? PacketKind.Ack : PacketKind.Data));
    } else if (s.op === "start") {
      const busy = new Set(transmitting.map((packet) => sw.outputOf(packet)));
      const startable = waiting.filter((packet) => !busy.has(sw.outputOf(packet)));
      if (startable.length === 0) continue;
      const packet = startable[s.pick % startable.length]!;
      waiting.splice(waiting.indexOf(packet), 1);
      sw.start(packet);
      transmitting.push(packet);
    } else {
      if (transmitting.length === 0) continue;
      const [packet] = transmitting.splice(s.pick % transmitting.length, 1);
      sw.finish(packet!);
    }
    check(sw, waiting, transmitting);
  }
  return sw;
}

/** Whether a packet of `sw` carries ECN. */
const markedIn = (sw: FakeSwitch) => (packet: Packet) => sw.packets.hasBit(packet, CongestionBit.Ecn);

describe("policies on random switch histories", () => {
  it("counter policies: cnt2 <= cnt1 (so cnt2 = cnt1 on re-trigger equals max), marks only at departure, only data", () => {
    let marks = 0;
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 6 }), (steps, threshold) => {
        for (const marking of [inputTriggered(), inputOutputTriggered({ outputThreshold: threshold })]) {
          const sw = play(marking, steps, (sw, waiting) => {
            const policy = sw.policy as CounterMarkingPolicy;
            for (let output = 0; output < PORTS; output++) {
              expect(policy.pendingMarks(output)).toBeLessThanOrEqual(sw.waitingFor(output));
            }
            expect(waiting.some(markedIn(sw))).toBe(false);
          });
          expect(sw.created.filter(markedIn(sw)).every((packet) => sw.packets.kind(packet) === PacketKind.Data)).toBe(
            true,
          );
          expect(sw.created.filter(markedIn(sw))).toHaveLength(marking.marked);
          marks += marking.marked;
        }
      }),
    );
    expect(marks).toBeGreaterThan(100); // the histories do fill buffers and cross thresholds
  });

  it("naive: never marks a packet once its transmission has started, marks only data, counts each once", () => {
    let marks = 0;
    fc.assert(
      fc.property(history, (steps) => {
        const marking = naive();
        const markedAtStart = new Map<Packet, boolean>();
        const sw = play(marking, steps, (played, _waiting, transmitting) => {
          for (const packet of transmitting) {
            if (!markedAtStart.has(packet)) markedAtStart.set(packet, markedIn(played)(packet));
            expect(markedIn(played)(packet)).toBe(markedAtStart.get(packet));
          }
        });
        expect(sw.created.filter(markedIn(sw)).every((packet) => sw.packets.kind(packet) === PacketKind.Data)).toBe(
          true,
        );
        expect(sw.created.filter(markedIn(sw))).toHaveLength(marking.marked);
        marks += marking.marked;
      }),
    );
    expect(marks).toBeGreaterThan(100);
  });

  it("threshold policies (ipm, opm, mvpm, ib-cca): only data, VB only with MB, counters equal the bits set", () => {
    let marks = 0;
    let validations = 0;
    const has = (sw: FakeSwitch, bit: CongestionBit) => sw.created.filter((packet) => sw.packets.hasBit(packet, bit));
    fc.assert(
      fc.property(history, fc.double({ min: 0, max: 0.98, noNaN: true }), fc.nat(15), (steps, fraction, setting) => {
        const validating = mvpm({ inputThreshold: fraction, outputThreshold: 0.98 - fraction });
        const mvpmSwitch = play(validating, steps, () => {});
        const withMb = has(mvpmSwitch, CongestionBit.Marked);
        const withVb = has(mvpmSwitch, CongestionBit.Validated);
        expect(withVb.every((packet) => mvpmSwitch.packets.hasBit(packet, CongestionBit.Marked))).toBe(true);
        expect([withMb.length, withVb.length]).toEqual([validating.marked, validating.validated]);
        expect(has(mvpmSwitch, CongestionBit.Ecn)).toEqual([]);
        for (const marking of [
          ipm({ threshold: fraction }),
          opm({ threshold: fraction }),
          ibCca({ threshold: setting }),
        ]) {
          const sw = play(marking, steps, () => {});
          const withEcn = has(sw, CongestionBit.Ecn);
          expect(withEcn.every((packet) => sw.packets.kind(packet) === PacketKind.Data)).toBe(true);
          expect(withEcn).toHaveLength(marking.marked); // each packet crosses this one switch once
          marks += marking.marked;
        }
        expect(withMb.every((packet) => mvpmSwitch.packets.kind(packet) === PacketKind.Data)).toBe(true);
        marks += validating.marked;
        validations += validating.validated;
      }),
    );
    expect(marks).toBeGreaterThan(100);
    expect(validations).toBeGreaterThan(10);
  });
});
