/**
 * Queues forgotten while idle (`FlowOptions.forgetWhenIdle`): a host keeps no state for the
 * (source, destination) pairs it is not using, and reopening one changes nothing on the wire.
 */
import { CongestionBit, PacketKind, PacketStore } from "@losslab/core";
import { Engine, type Time } from "@losslab/engine";
import { type Controller, mvcm } from "@losslab/response";
import { adapterPair } from "@losslab/test-kit/adapter-pair";
import { DATA_BYTES, GBPS } from "@losslab/test-kit/santos-link";
import { ScriptedController } from "@losslab/test-kit/scripted-controller";
import { describe, expect, it } from "vitest";
import { type FlowOptions, HostAdapter } from "../src/index.js";

/** Refills of queue 7: at time, packets. Some come while packets are outstanding, some after long idle. */
const REFILLS: ReadonlyArray<readonly [Time, number]> = [
  [0, 3],
  [3_000_000, 1],
  [40_000_000, 2],
  [40_500_000, 1],
  [90_000_000, 4],
  [200_000_000, 1],
  [200_001_000, 2],
  [400_000_000, 3],
];

/**
 * Runs the refills on H0 -> H1, marking (MB and VB) the data packets whose rank on the wire
 * is in `marked`. With `forget`, the driver reopens the queue whenever the adapter forgot
 * it, as a traffic sink does. Returns what went on the wire and how often it reopened.
 */
function run(forget: boolean, controllers: (() => Controller) | undefined, marked: readonly number[], rate?: number) {
  const { engine, h0, ab } = adapterPair();
  let rank = 0;
  ab.tamper = (packet, packets) => {
    if (packets.kind(packet) === PacketKind.Data && marked.includes(rank++)) {
      packets.mark(packet, CongestionBit.Marked | CongestionBit.Validated);
    }
  };
  const options = (count: number): FlowOptions => ({
    id: 7,
    destination: 1,
    packetBytes: DATA_BYTES,
    start: engine.now,
    queue: true,
    packets: count,
    ...(forget ? { forgetWhenIdle: true } : {}),
    ...(rate === undefined ? {} : { rate }),
    ...(controllers === undefined ? {} : { controller: controllers() }),
  });
  let reopened = 0;
  for (const [at, count] of REFILLS) {
    engine.at(at, () => {
      if (at === 0) h0.addFlow(options(count));
      else if (h0.hasFlow(7)) h0.enqueue(7, count);
      else {
        reopened++;
        h0.reopenQueue(options(count));
      }
    });
  }
  engine.run({ until: 1_000_000_000 });
  const wire = ab.data.map((s) => [s.packet.createdAt, s.start, s.packet.bits]);
  return { wire, reopened, open: h0.hasFlow(7) };
}

describe("queues forgotten while idle", () => {
  it("without a controller: forgotten after each idle spell, reopened with the same packets on the wire", () => {
    const kept = run(false, undefined, []);
    const forgotten = run(true, undefined, []);
    expect(forgotten.wire).toEqual(kept.wire);
    expect(kept.wire).toHaveLength(17);
    // Refills at 40, 90, 200 and 400 us find the queue idle; the one at 3 us does not.
    expect(forgotten.reopened).toBe(4);
    expect(forgotten.open).toBe(false);
    expect(kept.open).toBe(true);
  });

  it("with MVCM: kept while marks leave it off its initial state, forgotten at rest; the wire is the same", () => {
    const controllers = () => mvcm({ radix: 2, stages: 2 })({ lineRate: GBPS, packetSize: DATA_BYTES });
    // Hot marks on the 3rd burst's packets and on the last packet before the 200 us refill.
    const marked = [5, 6, 7, 11];
    const kept = run(false, controllers, marked);
    const forgotten = run(true, controllers, marked);
    expect(forgotten.wire).toEqual(kept.wire);
    // The queue's last ACKs before 90 us and before 400 us leave MVCM at rest, the marked one before 200 us does not.
    expect(forgotten.reopened).toBe(3);
  });

  it("keeps a queue whose controller is not at rest, or that declares no atRest", () => {
    const { engine, h0 } = adapterPair();
    const restless = Object.assign(new ScriptedController(engine), { atRest: false });
    const silent = new ScriptedController(engine);
    const resting = Object.assign(new ScriptedController(engine), { atRest: true });
    for (const [id, controller] of [
      [1, restless],
      [2, silent],
      [3, resting],
    ] as const) {
      h0.addFlow({
        id,
        destination: 1,
        packetBytes: DATA_BYTES,
        start: 0,
        queue: true,
        packets: 1,
        forgetWhenIdle: true,
        controller,
      });
    }
    engine.run({ until: 100_000_000 });
    expect([1, 2, 3].map((id) => h0.hasFlow(id))).toEqual([true, true, false]);
  });

  it("keeps a queue whose rate limit still spaces its next packet from its last when it goes idle", () => {
    // 2068 B at 10 MB/s: the next packet may start 206.8 us after the last, long after its ACK,
    // which is when the queue goes idle and the adapter decides.
    const slow = run(true, undefined, [], 10e6);
    expect(slow.wire).toEqual(run(false, undefined, [], 10e6).wire);
    expect(slow.reopened).toBe(0);
    expect(slow.open).toBe(true);
  });

  it("refuses what it cannot forget exactly", () => {
    const engine = new Engine();
    const h0 = new HostAdapter(engine, { name: "H0", host: 0, packets: new PacketStore() });
    const base = { destination: 1, packetBytes: DATA_BYTES, start: 0, forgetWhenIdle: true };
    expect(() => h0.addFlow({ id: 1, ...base })).toThrow(/only a queue without stop/);
    expect(() => h0.addFlow({ id: 2, ...base, queue: true, stop: 5 })).toThrow(/only a queue without stop/);
    h0.addFlow({ id: 3, ...base, queue: true });
    expect(() => h0.setStaticRate(3, 1e6)).toThrow(/keeps no static rate/);
    expect(() => h0.reopenQueue({ id: 3, ...base, queue: true, packets: 1 })).toThrow(/still open/);
    expect(() => h0.reopenQueue({ id: 4, ...base, queue: true })).toThrow(/packets >= 1/);
  });
});
