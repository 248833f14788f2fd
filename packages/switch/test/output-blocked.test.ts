/**
 * The `outputBlocked` marking hook (turner-2001 sec. 4.b.ii, "the VL runs out of credits and
 * blocks"): every organisation calls it when a packet could start on a free output link but
 * the buffer downstream lacks the credits for all of it, and at no other time.
 */
import { type MarkingPolicyFactory, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, SWITCH_ORGANISATIONS, type SwitchOrganisation } from "../src/index.js";

const ONE_PACKET = DATA_BLOCKS * 64;

function run(organisation: SwitchOrganisation) {
  const engine = new Engine();
  const factory = new PacketStore();
  const blocked: string[] = [];
  const departing: number[] = [];
  const marking: MarkingPolicyFactory = () => ({
    outputBlocked: (output, vl) => blocked.push(`${output} ${vl} @${engine.now}`),
    packetDeparting: () => departing.push(engine.now),
  });
  const sw = createSwitch(engine, organisation, {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes: 4 * ONE_PACKET,
    maxPacketBytes: DATA_BYTES,
    packets: factory,
    marking,
    ...(organisation === "cioq" ? { outputBufferBytes: 4 * ONE_PACKET } : {}),
  });
  const src = new ScriptedSource(engine, "Src");
  const dst = new RecordingSink(engine, "Dst", DATA_BLOCKS + 10); // credits for one packet and 10 blocks
  wire(engine, src, 0, sw, 0);
  wire(engine, sw, 1, dst, 0, { bandwidth: GBPS / 4 });
  src.send(dataPacket(factory, 0, 1, 0), 0);
  src.send(dataPacket(factory, 0, 1, 1), 0);
  engine.at(9_000_000, () => dst.release(0, DATA_BLOCKS));
  engine.run();
  return { blocked, departing };
}

describe("outputBlocked", () => {
  it.each(SWITCH_ORGANISATIONS)(
    "%s: fires when a packet could start on the free link but lacks credits, only then",
    (organisation) => {
      // P0 starts at 50,000 with 43 credits (33 taken, 10 left) and holds the 0.25 GB/s link
      // until 50,000 + 8,272,000 = 8,322,000. P1 is ready from 2,118,000 and lacks credits all
      // along, but the link is busy: no call. At 8,322,000 the link is free and P1 needs 33 > 10:
      // one call, for output 1, VL 0. Dst frees 33 blocks at 9,000,000; they reach S 10 ns later
      // and P1 starts at 9,010,000: no further call.
      const { blocked, departing } = run(organisation);
      expect(blocked).toEqual(["1 0 @8322000"]);
      expect(departing).toEqual([50_000, 9_010_000]);
    },
  );
});
