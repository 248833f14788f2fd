// The plugin's own tests: `npm test` (node's test runner, no build). They drive the policy
// through a stand-in switch view, as a losslab switch would.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PacketKind, PacketStore } from "@losslab/core";
import { KindError, markingPolicies } from "@losslab/marking";
import dctcpStep from "../index.js";

/** The packets of these tests: a switch hands a policy slots of its simulation's store. */
const store = new PacketStore();

/** A switch with one output buffer holding `queued`; packets of at most 1000 B. */
function viewWith(queued) {
  return {
    name: "S",
    portCount: 2,
    maxPacketBytes: 1000,
    packets: store,
    outputCapacity: () => 100_000,
    outputPackets: () => queued,
  };
}
const packet = (kind, size) => store.create({ kind, flow: 0, source: 0, destination: 1, size, seq: 0, createdAt: 0 });
const data = (size) => packet(PacketKind.Data, size);

test("marks a departing data packet only when more than K packets' bytes wait behind it", () => {
  const factory = dctcpStep.create({ thresholdPackets: 2 }, {});
  const leaving = data(1000);
  // Behind it: 2000 B = K x 1000 B, not more: no mark.
  const atK = factory(viewWith([leaving, data(1000), data(1000)]));
  atK.packetDeparting(leaving, 0, 1);
  assert.equal(store.bits(leaving), 0);
  // Behind it: 2001 B: marked (the ECN bit), counted once.
  const aboveK = factory(viewWith([leaving, data(1000), data(1001)]));
  aboveK.packetDeparting(leaving, 0, 1);
  assert.notEqual(store.bits(leaving), 0);
  assert.equal(aboveK.marked, 1);
  assert.equal(factory.marked, 1);
});

test("never marks an ACK", () => {
  const ack = packet(PacketKind.Ack, 20);
  const policy = dctcpStep.create({ thresholdPackets: 1 }, {})(viewWith([ack, data(5000)]));
  policy.packetDeparting(ack, 0, 1);
  assert.equal(store.bits(ack), 0);
  assert.equal(policy.marked, 0);
});

test("joins the built-in registry: K defaults to 20, a bad K is named with its range", () => {
  const registry = markingPolicies.with([dctcpStep]);
  assert.ok(registry.kinds.includes("dctcp-step"));
  assert.equal(registry.create({ kind: "dctcp-step" }, {}).kind, "dctcp-step");
  assert.throws(
    () => registry.create({ kind: "dctcp-step", thresholdPackets: 0 }, {}),
    (error) =>
      error instanceof KindError &&
      error.message === "marking.thresholdPackets must be an integer from 1 to 1000000, got 0",
  );
  assert.throws(() => registry.create({ kind: "dctcp-step", k: 4 }, {}), /unknown field for kind "dctcp-step"/);
});
