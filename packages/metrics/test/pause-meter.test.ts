/**
 * PauseMeter: XOFF frames and paused priority-time per paused link, from the PAUSE frames
 * seen on the opposite link (start of the XOFF to start of the XON, or the end of the run).
 */
import { createPauseFrame, PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { describe, expect, it } from "vitest";
import { PauseMeter } from "../src/index.js";

const US = 1_000_000;

describe("PauseMeter", () => {
  it("counts XOFF frames and the time from each XOFF to its priority's XON, per priority", () => {
    const packets = new PacketStore();
    const meter = new PauseMeter();
    const frame = (priority: number, quanta: number) => createPauseFrame(packets, priority, quanta, 64, 0);
    // Frames on S->H0, so H0->S is the paused link.
    const seen = meter.watch("H0->S");
    const quiet = meter.watch("H1->S");
    seen(packets, frame(1, XOFF_QUANTA), 2 * US, 2 * US + 64_000); // priority 1 held from 2 us
    seen(packets, frame(1, XOFF_QUANTA), 3 * US, 3 * US + 64_000); // a repeat: counted, starts nothing
    seen(packets, frame(0, XOFF_QUANTA), 4 * US, 4 * US + 64_000); // priority 0 held from 4 us
    seen(packets, frame(1, 0), 7 * US, 7 * US + 64_000); // priority 1 let go: 5 us
    seen(packets, frame(0, 0), 10 * US, 10 * US + 64_000); // priority 0 let go: 6 us
    seen(packets, frame(0, 0), 11 * US, 11 * US + 64_000); // an XON for a priority not held: nothing
    seen(packets, frame(0, XOFF_QUANTA), 18 * US, 18 * US + 64_000); // held from 18 us to the end (20 us): 2 us
    // Data frames are not counted.
    seen(
      packets,
      packets.create({ kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 100, seq: 1, createdAt: 0 }),
      19 * US,
      19 * US + 100_000,
    );
    quiet(packets, frame(0, 0), 1 * US, 1 * US + 64_000);
    // Frames: 4 XOFFs (the repeat went on the wire too). Time: 5 + 6 + 2 = 13 us of priority-time. H1->S was never paused: left out.
    expect(meter.summary(20 * US)).toEqual({
      frames: 4,
      pausedUs: 13,
      byLink: [{ link: "H0->S", frames: 4, pausedUs: 13 }],
    });
  });

  it("counts only the window [from, to): frames that start in it, pause time inside it", () => {
    const packets = new PacketStore();
    const meter = new PauseMeter(5 * US, 15 * US);
    const frame = (priority: number, quanta: number) => createPauseFrame(packets, priority, quanta, 64, 0);
    const seen = meter.watch("H0->S");
    seen(packets, frame(0, XOFF_QUANTA), 2 * US, 2 * US + 64_000); // before the window: not counted; held 2-8 us
    seen(packets, frame(0, 0), 8 * US, 8 * US + 64_000); // 5-8 us inside: 3 us
    seen(packets, frame(1, XOFF_QUANTA), 12 * US, 12 * US + 64_000); // counted; held 12 us to the end (20 us)
    seen(packets, frame(0, XOFF_QUANTA), 15 * US, 15 * US + 64_000); // starts at the window's end: not counted, adds nothing
    // 1 frame; 3 us + (15 - 12) us = 6 us.
    expect(meter.summary(20 * US)).toEqual({
      frames: 1,
      pausedUs: 6,
      byLink: [{ link: "H0->S", frames: 1, pausedUs: 6 }],
    });
  });

  it("numbers the links it watches (add) and counts by number (transmitted), past its first tables", () => {
    const packets = new PacketStore();
    const meter = new PauseMeter();
    const frame = (priority: number, quanta: number) => createPauseFrame(packets, priority, quanta, 64, 0);
    // 40 links, more than the 16 the tables start with: each number is its order of watching.
    const numbers = Array.from({ length: 40 }, (_, i) => meter.add(`H${i}->S`));
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i));
    meter.transmitted(3, packets, frame(2, XOFF_QUANTA), 1 * US); // link 3, priority 2 held from 1 us
    meter.transmitted(37, packets, frame(7, XOFF_QUANTA), 2 * US); // link 37, priority 7 held from 2 us
    meter.transmitted(3, packets, frame(2, 0), 4 * US); // let go after 3 us
    meter.transmitted(
      3,
      packets,
      packets.create({ kind: PacketKind.Data, flow: 0, source: 0, destination: 1, size: 100, seq: 1, createdAt: 0 }),
      5 * US,
    ); // data: nothing
    // At 10 us: link 3 was held 3 us (1 frame); link 37 is still held, 8 us (1 frame); no other link.
    expect(meter.summary(10 * US)).toEqual({
      frames: 2,
      pausedUs: 11,
      byLink: [
        { link: "H3->S", frames: 1, pausedUs: 3 },
        { link: "H37->S", frames: 1, pausedUs: 8 },
      ],
    });
  });

  it("reports nothing when no link was paused", () => {
    const meter = new PauseMeter();
    meter.watch("A->B");
    expect(meter.summary(US)).toEqual({ frames: 0, pausedUs: 0, byLink: [] });
  });
});
