/**
 * The feedback TIMELY and HPCC need, produced end to end on an idle path (issue 20): a
 * controller kind's `feedback` trait turns on the adapters' RTT samples ("rtt") or the
 * switches' INT records ("telemetry"), and each ACK carries them to the flow's controller.
 */
import { type AckEvent, defineController, everyFlow, type SendEvent } from "@losslab/response";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario, runScenario, withPlugins } from "../src/index.js";

/** What a recorder heard: every send and every ACK. */
const heard = { sent: [] as SendEvent[], acks: [] as AckEvent[] };

/** A controller that keeps one packet in flight (so every packet finds the path idle) and records its events. */
const recorder = (kind: string, feedback: "rtt" | "telemetry") =>
  defineController({
    kind,
    description: "one packet in flight; records what it hears",
    parameters: {},
    feedback,
    create: () =>
      everyFlow(() => ({
        rate: Number.POSITIVE_INFINITY,
        window: 1,
        wakeAt: undefined,
        onSend: (event) => heard.sent.push(event),
        onAck: (event) => heard.acks.push(event),
        onCnp: () => {},
        onTimer: () => {},
      })),
  });

const kinds = withPlugins(builtInKinds, [recorder("rtt-recorder", "rtt"), recorder("int-recorder", "telemetry")]);

/**
 * 10 Gb/s (1.25e9 B/s) links of 1 us; CIOQ switches (speedup 2, forwarding delay 40 ns);
 * 1048 B data packets, 64 B ACKs, 20 B of Ethernet overhead per frame. `switches` 1: H0 ->
 * S -> H1; 2: A1 -> A -> B -> BC.
 */
const idlePath = (switches: 1 | 2, kind: string) => ({
  durationMs: 0.2,
  topology:
    switches === 1
      ? { kind: "single-switch", hosts: 2, bandwidth: 1.25e9, delayNs: 1000 }
      : { kind: "two-switch", local: 0, remote: 1, victim: false, bandwidth: 1.25e9, delayNs: 1000 },
  switch: { kind: "cioq", inputBufferBytes: 20_000, outputBufferBytes: 20_000 },
  packets: { dataBytes: 1048, headerBytes: 48, ackBytes: 64, wireOverheadBytes: 20 },
  controller: { kind },
  flows: [switches === 1 ? { source: "H0", destination: "H1" } : { source: "A1", destination: "BC" }],
});

/** Picoseconds: a frame's overhead O/B, a link's delay d, half a data packet S/(2B) (the crossbar at speedup 2), an ACK A/B, the forwarding delay f. */
const O = 16_000;
const D = 1_000_000;
const HALF_DATA = 419_200;
const ACK = 51_200;
const F = 40_000;

function run(switches: 1 | 2, kind: string): typeof heard {
  heard.sent.length = 0;
  heard.acks.length = 0;
  runScenario(parseScenario(idlePath(switches, kind), kinds), { kinds });
  return heard;
}

describe("RTT samples (TIMELY's feedback)", () => {
  it.each([1, 2] as const)("equal the hand-computed base RTT on an idle path through %i switch(es)", (switches) => {
    const { acks } = run(switches, "rtt-recorder");
    // Per hop the data packet's header takes O/B + d; each switch starts it on the next link
    // after max(f, S/(2B)) = 419.2 ns (cut-through: the crossbar transfer may not end before the
    // tail arrives); its last byte reaches the destination S/B later. The ACK leaves at once
    // (port idle) and likewise takes (h + 1)(O/B + d) + h max(f, A/(2B) = 25.6 ns) + A/B. The
    // sample subtracts the data frame's wire time (O + S)/B:
    // rtt = 2(h + 1)(O/B + d) - O/B + h (419.2 + 40) ns + A/B.
    // h = 1: 4064 - 16 + 459.2 + 51.2 = 4558.4 ns; h = 2: 6096 - 16 + 918.4 + 51.2 = 7049.6 ns.
    const expected = 2 * (switches + 1) * (O + D) - O + switches * (HALF_DATA + F) + ACK;
    expect(expected).toBe(switches === 1 ? 4_558_400 : 7_049_600);
    expect(acks.length).toBeGreaterThan(20);
    for (const ack of acks) expect(ack.rtt).toBe(expected);
    for (const ack of acks) expect(ack.telemetry).toBeUndefined();
  });
});

describe("INT records (HPCC's feedback)", () => {
  it.each([1, 2] as const)("carry one record per switch on the path (%i), in path order", (switches) => {
    const { sent, acks } = run(switches, "int-recorder");
    expect(acks.length).toBeGreaterThan(20);
    for (const [k, ack] of acks.entries()) {
      expect(ack.rtt).toBeUndefined();
      const records = ack.telemetry!;
      expect(records).toHaveLength(switches);
      // One packet in flight: the ACK of packet k answers send k.
      const sentAt = sent[k]!.now!;
      expect(ack.seq).toBe(sent[k]!.seq);
      for (const [i, record] of records.entries()) {
        // The packet is alone in the switch; before it, each egress port sent the k earlier
        // data packets, 1048 + 20 wire bytes each (the ACKs go out of other ports).
        expect(record.queueLength).toBe(0);
        expect(record.txBytes).toBe(k * 1068);
        expect(record.bandwidth).toBe(1.25e9);
        // Stamped as it starts on hop i + 1's link: (i + 1)(O/B + d + max(f, S/(2B))) after its send.
        expect(record.timestamp - sentAt).toBe((i + 1) * (O + D + HALF_DATA));
      }
    }
  });

  it("are absent for a controller without the trait", () => {
    const { acks } = run(2, "rtt-recorder");
    for (const ack of acks) expect(ack.telemetry).toBeUndefined();
  });
});
