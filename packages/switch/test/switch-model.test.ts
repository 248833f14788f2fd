/**
 * `createSwitch` and what every organisation shares: the SwitchModel contract, the marking
 * hooks with one meaning everywhere, the lossless invariants, option checking, determinism.
 */
import { LosslessViolation, type MarkingPolicyFactory, PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { DATA_BLOCKS, DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import { wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import {
  createSwitch,
  InputBufferedSwitch,
  SWITCH_ORGANISATIONS,
  type SwitchModelOptions,
  type SwitchOrganisation,
} from "../src/index.js";
import { runLoad } from "./uniform-load.js";

const ONE_PACKET = DATA_BLOCKS * 64;

function options(organisation: SwitchOrganisation, extra: Partial<SwitchModelOptions> = {}): SwitchModelOptions {
  return {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes: 4 * ONE_PACKET,
    maxPacketBytes: DATA_BYTES,
    packets: new PacketStore(),
    ...(organisation === "cioq" ? { outputBufferBytes: 4 * ONE_PACKET } : {}),
    ...extra,
  };
}

describe("createSwitch", () => {
  it("builds each organisation", () => {
    const engine = new Engine();
    const kinds = SWITCH_ORGANISATIONS.map((organisation) => {
      const sw = createSwitch(engine, organisation, options(organisation));
      return [organisation, sw.constructor.name, sw.portCount, sw.inputCapacity(0), sw.outputCapacity(1)];
    });
    expect(kinds).toEqual([
      ["input-buffered", "InputBufferedSwitch", 2, 4 * ONE_PACKET, 0],
      ["fifo", "InputQueuedSwitch", 2, 4 * ONE_PACKET, 0],
      ["voq", "InputQueuedSwitch", 2, 4 * ONE_PACKET, 0],
      ["cioq", "CioqSwitch", 2, 4 * ONE_PACKET, 4 * ONE_PACKET],
      // Its egress queues share the pool (default 12 MiB, DEFAULT_SHARED_BUFFER_BYTES).
      ["shared-buffer", "SharedBufferSwitch", 2, 4 * ONE_PACKET, 12 * 2 ** 20],
    ]);
    expect(createSwitch(engine, "input-buffered", options("input-buffered"))).toBeInstanceOf(InputBufferedSwitch);
  });

  it("rejects an unknown organisation, naming the allowed ones", () => {
    expect(() => createSwitch(new Engine(), "oq" as SwitchOrganisation, options("fifo"))).toThrow(
      /S: unknown switch organisation "oq"; allowed: "input-buffered", "fifo", "voq", "cioq"/,
    );
  });

  it("rejects options the organisation does not take, naming those that do", () => {
    const engine = new Engine();
    const cases: Array<[SwitchOrganisation, Partial<SwitchModelOptions>, RegExp]> = [
      [
        "fifo",
        { maxBypass: 2 },
        /option maxBypass does not apply to organisation "fifo"; it applies to "input-buffered"/,
      ],
      ["input-buffered", { speedup: 2 }, /option speedup does not apply .* "input-buffered"; it applies to "cioq"/],
      ["fifo", { islipIterations: 2 }, /option islipIterations does not apply .* "fifo"; it applies to "voq", "cioq"/],
      [
        "voq",
        { outputBufferBytes: ONE_PACKET },
        /option outputBufferBytes does not apply .* "voq"; it applies to "cioq"/,
      ],
      ["voq", { inputQueues: "voq" }, /option inputQueues does not apply .* "voq"; it applies to "cioq"/],
    ];
    for (const [organisation, extra, message] of cases) {
      expect(() => createSwitch(engine, organisation, options(organisation, extra))).toThrow(message);
      expect(() => createSwitch(engine, organisation, options(organisation, extra))).toThrow(RangeError);
    }
  });

  it("rejects bad values, naming the option", () => {
    const engine = new Engine();
    // Output buffers default to the input buffer's size.
    const { outputBufferBytes: _, ...noOutputBuffer } = options("cioq");
    const cioq = createSwitch(engine, "cioq", noOutputBuffer);
    expect(cioq.outputCapacity(0)).toBe(cioq.inputCapacity(0));
    expect(() => createSwitch(engine, "fifo", options("fifo", { ports: 2.5 }))).toThrow(
      /ports must be a positive integer; got 2.5/,
    );
    expect(() => createSwitch(engine, "voq", options("voq", { islipIterations: 0 }))).toThrow(
      /S\.islipIterations must be an integer from 1 to 64, got 0/,
    );
    expect(() => createSwitch(engine, "cioq", options("cioq", { inputQueues: "random" as "fifo" }))).toThrow(
      /S\.inputQueues must be one of "fifo", "voq", got "random"/,
    );
    expect(() => createSwitch(engine, "cioq", options("cioq", { speedup: Number.NaN }))).toThrow(/speedup/);
    expect(() => createSwitch(engine, "input-buffered", options("input-buffered", { maxBypass: -1 }))).toThrow(
      /S\.maxBypass must be an integer from 0 to 1000000, got -1/,
    );
    expect(() => createSwitch(engine, "fifo", options("fifo", { creditBytes: 0 }))).toThrow(/creditBytes/);
    expect(() => createSwitch(engine, "fifo", options("fifo", { forwardingDelay: -1 }))).toThrow(/forwardingDelay/);
    expect(() => createSwitch(engine, "voq", options("voq", { inputBufferBytes: ONE_PACKET - 1 }))).toThrow(
      /S: inputBufferBytes cannot hold one 2068 B packet: .*; got 2111/,
    );
  });
});

for (const organisation of SWITCH_ORGANISATIONS) {
  describe(`"${organisation}": the shared contract`, () => {
    it("calls packetArrived at the header, bufferFull when a tail leaves less than a packet of room, packetDeparting as the link starts", () => {
      // 5000 B -> 78 blocks; the sink has room for one packet and never frees it. The CIOQ's
      // output buffer holds one packet.
      const engine = new Engine();
      const factory = new PacketStore();
      const log: string[] = [];
      const marking: MarkingPolicyFactory = (view) => ({
        packetArrived: (packet, input, output) =>
          log.push(`${engine.now} arrived ${factory.seq(packet)} ${input}->${output} ${view.inputOccupancy(input)}`),
        bufferFull: (input) => log.push(`${engine.now} full ${input}`),
        packetDeparting: (packet, input, output) =>
          log.push(`${engine.now} departing ${factory.seq(packet)} ${input}->${output}`),
      });
      const extra = organisation === "cioq" ? { outputBufferBytes: ONE_PACKET } : {};
      const sw = createSwitch(
        engine,
        organisation,
        options(organisation, { inputBufferBytes: 5000, marking, packets: factory, ...extra }),
      );
      const src = new ScriptedSource(engine, "Src");
      wire(engine, src, 0, sw, 0);
      wire(engine, sw, 1, new RecordingSink(engine, "Dst", DATA_BLOCKS), 0);
      for (let seq = 0; seq < 4; seq++) src.send(dataPacket(factory, 0, 1, seq), 0);
      engine.run();
      if (organisation === "cioq") {
        // P0 crosses at 1,044,000 (speedup 2) and leaves the input at 2,078,000. P1 enters the
        // output buffer at 3,112,000 and stays there (no credits); P2 stays at the input (the
        // output buffer is full), and with P3's tail at 8,282,000 only 12 blocks are left.
        expect(log).toEqual([
          `10000 arrived 0 0->1 ${DATA_BYTES}`,
          "1044000 departing 0 0->1",
          `2078000 arrived 1 0->1 ${DATA_BYTES}`,
          `4146000 arrived 2 0->1 ${DATA_BYTES}`,
          `6214000 arrived 3 0->1 ${2 * DATA_BYTES}`,
          "8282000 full 0",
        ]);
        expect(sw.waitingFor(1)).toBe(3);
      } else {
        // P0 leaves at 50,000 and is in the buffer until 2,118,000. P1 and P2 stay; P2's tail at
        // 6,214,000 leaves 78 - 66 = 12 blocks. P3 never gets the source's credits.
        expect(log).toEqual([
          `10000 arrived 0 0->1 ${DATA_BYTES}`,
          "50000 departing 0 0->1",
          `2078000 arrived 1 0->1 ${2 * DATA_BYTES}`,
          `4146000 arrived 2 0->1 ${2 * DATA_BYTES}`,
          "6214000 full 0",
        ]);
        expect(sw.waitingFor(1)).toBe(2);
      }
    });

    it("throws LosslessViolation for an arrival with no room and for credits above the buffer downstream", () => {
      const engine = new Engine();
      const factory = new PacketStore();
      const sw = createSwitch(
        engine,
        organisation,
        options(organisation, { inputBufferBytes: ONE_PACKET, packets: factory }),
      );
      wire(engine, sw, 1, new RecordingSink(engine, "Dst", 10), 0);
      sw.receive(dataPacket(factory, 0, 1, 0), 0, 2_068_000);
      expect(() => sw.receive(dataPacket(factory, 0, 1, 1), 0, 2_068_000)).toThrow(LosslessViolation);
      expect(() => sw.receive(dataPacket(factory, 0, 1, 1), 0, 2_068_000)).toThrow(/would be dropped/);
      expect(() => sw.receive(dataPacket(factory, 1, 0, 2), 1, 2_068_000)).toThrow(/no route to host 0/);
      expect(() => sw.creditsReturned(1, 1)).toThrow(/11 credits after a return of 1, above the buffer's 10/);
    });

    it("is deterministic: the same seed gives the same run, another seed another", () => {
      const extra: Partial<SwitchModelOptions> = organisation === "cioq" ? { outputBufferBytes: 4 * ONE_PACKET } : {};
      const run = (seed: number) =>
        runLoad({ organisation, ports: 4, load: 0.7, slots: 500, warmupSlots: 0, seed, switchOptions: extra });
      const [a, b, c] = [run(7), run(7), run(8)];
      expect(a.latencies).toEqual(b.latencies);
      expect(a.throughput).toEqual(b.throughput);
      expect(a.latencies).not.toEqual(c.latencies);
    });
  });
}
