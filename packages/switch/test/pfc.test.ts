/**
 * PFC (IEEE 802.1Qbb): PAUSE per priority. With `vls` > 1 under PAUSE every (input,
 * priority) buffer has its own XOFF/XON hysteresis and sends PAUSE frames naming its
 * priority; an output held on one priority keeps sending the others.
 * 1000 B packets, 1 GB/s (1 B = 1 ns), 10 ns propagation, XOFF 4000 B, XON 2000 B,
 * reaction 3 us, 9216 B per priority buffer: the headroom rule needs
 * 1 x (10 + 1000 + 64 + 10 + 3000) + 1000 = 5084 B <= 9216 - 4000.
 * Every organisation; CIOQ's output buffers (speedup 2) hold 9216 B per priority.
 */
import { LosslessViolation, PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { lanePacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import type { Transmission } from "@losslab/test-kit/transmission";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, type FlowControl, SWITCH_ORGANISATIONS, type SwitchOrganisation } from "../src/index.js";

const SIZE = 1000;
const BUFFER = 9216;
const US = 1_000_000;
const PAUSE: FlowControl = { kind: "pause", xoffBytes: 4000, xonBytes: 2000, reactionDelay: 3 * US };

/**
 * H0 (priority 0) and H1 (priority 1) -> S1 -> trunk -> S2 -> D0 (priority 0) and D1
 * (priority 1); H2 also sends priority 1 to D1 through S2, so S2's output to D1 is shared
 * and the trunk's priority 1 backs up at S2. All links 1 GB/s. Hosts: H0 0, H1 1, H2 2,
 * D0 3, D1 4.
 */
function fabric(organisation: SwitchOrganisation, hostReaction = 3 * US) {
  const engine = new Engine();
  const packets = new PacketStore();
  const common = {
    inputBufferBytes: BUFFER,
    maxPacketBytes: SIZE,
    flowControl: PAUSE,
    packets,
    vls: 2,
    ...(organisation === "cioq" ? { outputBufferBytes: BUFFER } : {}),
  };
  const s1 = createSwitch(engine, organisation, { ...common, name: "S1", ports: 3, routes: [0, 1, 2, 2, 2] });
  const s2 = createSwitch(engine, organisation, { ...common, name: "S2", ports: 4, routes: [0, 0, 1, 2, 3] });
  const h0 = new ScriptedSource(engine, "H0", hostReaction);
  const h1 = new ScriptedSource(engine, "H1", hostReaction);
  const h2 = new ScriptedSource(engine, "H2", hostReaction);
  const d0 = new RecordingSink(engine, "D0");
  const d1 = new RecordingSink(engine, "D1");
  const port0 = duplex(engine, h0, 0, s1, 0);
  const port1 = duplex(engine, h1, 0, s1, 1);
  const trunk = duplex(engine, s1, 2, s2, 0);
  duplex(engine, h2, 0, s2, 1);
  wire(engine, s2, 2, d0, 0);
  wire(engine, s2, 3, d1, 0);
  return { engine, packets, s1, s2, h0, h1, h2, d0, d1, port0, port1, trunk };
}

/** H0: 40 priority-0 packets, one every 4 us (0.25 GB/s); H1 and H2: 60 priority-1 packets each, back to back from 0. */
function load(setup: ReturnType<typeof fabric>) {
  for (let k = 0; k < 40; k++) setup.h0.send(lanePacket(setup.packets, 0, 3, 0, k, SIZE), 4 * k * US);
  for (let k = 0; k < 60; k++) setup.h1.send(lanePacket(setup.packets, 1, 4, 1, k, SIZE), 0);
  for (let k = 0; k < 60; k++) setup.h2.send(lanePacket(setup.packets, 2, 4, 1, k, SIZE), 0);
}

const pauses = (sent: readonly Transmission[]) => sent.filter((t) => t.packet.kind === PacketKind.Pause);

/**
 * When priority 0's packet k (sent at 4k us, header at S1 at 4k + 0.01 us) may start on the
 * trunk at the earliest, and how much later at most. Unloaded, S1 forwards 40 ns after the
 * header, CIOQ at speedup 2 once the transfer cannot overtake the arrival: 1 us / 2 after
 * it. Priority 0 never queues behind itself (4 us apart, 1 us frames), and the trunk's WRR
 * 1:1 puts at most one priority-1 frame (1 us) ahead of it; at a CIOQ switch the crossbar
 * may also be moving one priority-1 packet (0.5 us) into its output buffer when priority 0
 * becomes eligible, during which a priority-1 frame may start on the trunk.
 */
const TRUNK_TIMING: Record<SwitchOrganisation, { earliest: number; latest: number }> = {
  "input-buffered": { earliest: 50_000, latest: 1_050_000 },
  fifo: { earliest: 50_000, latest: 1_050_000 },
  voq: { earliest: 50_000, latest: 1_050_000 },
  cioq: { earliest: 510_000, latest: 2_010_000 },
  "shared-buffer": { earliest: 50_000, latest: 1_050_000 },
};

describe.each(SWITCH_ORGANISATIONS)(
  "PFC: one priority paused, the other flowing through the same port: %s",
  (organisation) => {
    // The trunk carries priority 1 at up to 0.75 GB/s (priority 0 takes 0.25) but S2's output
    // to D1 gives it half of 1 GB/s (H2's input has the other half): S2's priority-1 buffer at
    // input 0 reaches XOFF and S2 holds S1's output 2 on priority 1 only.
    function run() {
      const setup = fabric(organisation);
      load(setup);
      setup.engine.run();
      return setup;
    }

    it("sends PAUSE frames for priority 1 only, and priority 1 alone spreads back to its source", () => {
      const { trunk, port0, port1, h0, h1, d0, d1 } = run();
      // S2 -> S1 carries PAUSE frames, all naming priority 1, the first an XOFF.
      const frames = pauses(trunk.backward.sent);
      expect(frames.length).toBeGreaterThan(0);
      expect(new Set(frames.map((t) => t.packet.vl))).toEqual(new Set([1]));
      expect(frames[0]!.packet.seq).toBe(XOFF_QUANTA);
      // S1's priority-1 buffer at input 1 fills once its output is held: H1 is paused; H0 never.
      expect(pauses(port1.backward.sent).length).toBeGreaterThan(0);
      expect(new Set(pauses(port1.backward.sent).map((t) => t.packet.vl))).toEqual(new Set([1]));
      expect(h1.pauses[0]).toMatchObject({ paused: true });
      expect(pauses(port0.backward.sent)).toEqual([]);
      expect(h0.pauses).toEqual([]);
      // Lossless: everything arrives.
      expect(d0.arrivals).toHaveLength(40);
      expect(d1.arrivals).toHaveLength(120);
    });

    it("keeps priority 0 on the trunk while priority 1 is held, never delayed by more than one frame", () => {
      const { trunk } = run();
      const frames = pauses(trunk.backward.sent);
      // Each XOFF holds S1's output 2 on priority 1 from its last byte + 10 ns + the 3 us
      // reaction to the next XON's last byte + 10 ns + 3 us.
      const holds: Array<[number, number]> = [];
      for (let i = 0; i < frames.length; i++) {
        if (frames[i]!.packet.seq === 0) continue;
        const xon = frames.slice(i + 1).find((t) => t.packet.seq === 0);
        holds.push([frames[i]!.end + 3_010_000, xon === undefined ? Number.POSITIVE_INFINITY : xon.end + 3_010_000]);
      }
      expect(holds.length).toBeGreaterThan(0);
      const data = trunk.forward.sent.filter((t) => t.packet.kind === PacketKind.Data);
      // Priority 0's packet k starts in [4k us + earliest, 4k us + latest] (TRUNK_TIMING).
      const { earliest, latest } = TRUNK_TIMING[organisation];
      const priority0 = data.filter((t) => t.packet.vl === 0);
      expect(priority0).toHaveLength(40);
      for (const t of priority0) {
        expect(t.start - 4 * t.packet.seq * US).toBeGreaterThanOrEqual(earliest);
        expect(t.start - 4 * t.packet.seq * US).toBeLessThanOrEqual(latest);
      }
      let heldUs = 0;
      let sentWhileHeld = 0;
      for (const [from, to] of holds) {
        const during = data.filter((t) => t.start >= from && t.start < to);
        // No priority-1 frame starts while held...
        expect(during.filter((t) => t.packet.vl === 1)).toEqual([]);
        // ...and every priority-0 packet with 4k in [from - earliest, to - latest) us starts inside.
        const end = Math.min(to, 160 * US);
        const due = Math.max(0, Math.ceil((end - latest) / (4 * US)) - Math.ceil((from - earliest) / (4 * US)));
        expect(during.filter((t) => t.packet.vl === 0).length).toBeGreaterThanOrEqual(due);
        heldUs += (end - from) / US;
        sentWhileHeld += during.length;
      }
      // The holds are long enough to matter, and priority 0 crossed the port during them.
      expect(heldUs).toBeGreaterThan(10);
      expect(sentWhileHeld).toBeGreaterThan(0);
    });

    it("reports the paused priority per input (inputPaused)", () => {
      const setup = fabric(organisation);
      load(setup);
      const seen: boolean[][] = [];
      // Sampled just after S2 sends its first XOFF, whenever that is.
      setup.trunk.backward.link.onTransmit((packets, packet) => {
        if (packets.kind(packet) === PacketKind.Pause && seen.length === 0) {
          seen.push([setup.s2.inputPaused(0, 0), setup.s2.inputPaused(0, 1), setup.s2.inputPaused(0)]);
        }
      });
      setup.engine.run();
      expect(seen).toEqual([[false, true, true]]);
    });
  },
);

describe.each(SWITCH_ORGANISATIONS)("PFC headroom: %s", (organisation) => {
  it("checks each priority's buffer when a port is wired", () => {
    const engine = new Engine();
    const packets = new PacketStore();
    // XOFF at 5000 leaves 4216 B above it; 5084 B can still arrive.
    const sw = createSwitch(engine, organisation, {
      name: "S",
      ports: 2,
      routes: [0, 1],
      inputBufferBytes: BUFFER,
      maxPacketBytes: SIZE,
      flowControl: { ...PAUSE, xoffBytes: 5000 },
      packets,
      vls: 2,
      ...(organisation === "cioq" ? { outputBufferBytes: BUFFER } : {}),
    });
    const h = new ScriptedSource(engine, "H", 3 * US);
    expect(() => duplex(engine, h, 0, sw, 0)).toThrow(/S input 0: flowControl.xoffBytes leaves 4216 B.*; got 5000$/);
  });

  it("throws LosslessViolation when a sender reacts later than the headroom allows, naming the priority", () => {
    // The hosts honour PAUSE 30 us after the frame, not the 3 us the switches assume: the
    // priority-1 buffer at a host's input overflows, S1's from H1 (held by S2) or S2's from H2
    // (which shares S2's output to D1 with the trunk), whichever pauses its host first; the
    // switches themselves react in time, so never the trunk's input at S2 (input 0).
    const setup = fabric(organisation, 30 * US);
    load(setup);
    expect(() => setup.engine.run()).toThrow(LosslessViolation);
    const again = fabric(organisation, 30 * US);
    load(again);
    expect(() => again.engine.run()).toThrow(/S[12] input 1 priority 1: packet \d+ \(1000 B\) arrived with \d+ B free/);
  });
});
