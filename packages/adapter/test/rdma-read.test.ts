/**
 * RDMA READ responses (turner-2001 sec. 3 case 3, sec. 5.2): the requester's read request
 * starts the responder's flow; responses are not acknowledged, and the requester answers a
 * marked one with a CN packet. H0 is the responder, H1 the requester, back to back at
 * 1 GB/s, 10 ns each way: a 20 B request sent at 1 us is complete at H0 at 1,030,000.
 */
import { PacketKind, TransportFlag } from "@losslab/core";
import { markingPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import type { FlowOptions } from "../src/index.js";

function pair(marked: number[]) {
  const fabric = markingPair(marked);
  const flow = (options: Partial<FlowOptions> = {}) =>
    fabric.h0.addFlow({ id: 5, destination: 1, packetBytes: DATA_BYTES, start: 0, readResponse: true, ...options });
  return { ...fabric, flow };
}

describe("RDMA READ responses", () => {
  it("start when the read request arrives, carry the ReadResponse flag, get no ACK and a CN per marked one", () => {
    const { engine, h1, flow, ab, ba } = pair([1]);
    const controller = new ScriptedController(engine);
    const state = flow({ packets: 4, controller });
    engine.at(1_000_000, () => h1.requestRead(5, 0));
    engine.run();
    expect(ba.sent.map(({ packet, start }) => [packet.kind, packet.flow, packet.size, start])).toEqual([
      [PacketKind.ReadRequest, 5, 20, 1_000_000],
      // Response 1 starts at 3,098,000; its last byte reaches H1 at 5,176,000.
      [PacketKind.Cnp, 5, 20, 5_176_000],
    ]);
    expect(ab.data.map(({ packet, start }) => [packet.seq, packet.transport, start])).toEqual([
      [0, TransportFlag.ReadResponse, 1_030_000],
      [1, TransportFlag.ReadResponse, 3_098_000],
      [2, TransportFlag.ReadResponse, 5_166_000],
      [3, TransportFlag.ReadResponse, 7_234_000],
    ]);
    expect(ba.acks).toEqual([]);
    expect(controller.cnps).toEqual([{ at: 5_206_000, feedback: 0, seq: 1 }]);
    expect([state.sent, state.outstanding, state.reliable]).toEqual([4, 0, false]);
  });

  it("send nothing without a request", () => {
    const { engine, flow, ab } = pair([]);
    flow({ packets: 3 });
    engine.run();
    expect(ab.sent).toEqual([]);
  });

  it("name the mistakes: a reliable read response, a request for no such flow or from another host", () => {
    const { engine, h0, h1, flow } = pair([]);
    expect(() => flow({ reliable: true })).toThrow(
      /H0: flow 5 carries RDMA READ responses, which are never acknowledged: leave out reliable/,
    );
    h0.addFlow({ id: 6, destination: 1, packetBytes: DATA_BYTES, start: 0, packets: 1 });
    h1.requestRead(6, 0);
    expect(() => engine.run()).toThrow(
      /H0: read request \d+ for flow 6, which is not a read response flow of this host/,
    );
    expect(() => h1.requestRead(7, 0, 1)).toThrow(/H1: read request for flow 7 vl must be an integer 0..0, got 1/);
  });
});
