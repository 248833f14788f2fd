/**
 * Packet trimming on a lossy priority of the shared-buffer switch (Ultra Ethernet): an incast
 * trims, every packet is still delivered exactly once (NACK -> retransmission, or the
 * retransmission timeout when even the header is dropped); the same incast on a lossless
 * priority pauses and never trims; and the fields are refused by name.
 */
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, ScenarioError } from "../src/index.js";

const SENDERS = 4;
const BYTES = 200_000;
const DATA_BYTES = 4150;
const HEADER_BYTES = 64;
/** Packets of one message: its bytes over the payload per packet. */
const PACKETS = Math.ceil(BYTES / (DATA_BYTES - HEADER_BYTES));

/** 4 -> 1 incast of 200 KB each at 100 Gb/s through one shared-buffer switch, PFC on the lossless priorities. */
const incast = (sw: object = {}, adapter: object = {}) => ({
  seed: 1,
  durationMs: 1,
  topology: { kind: "single-switch", hosts: 5, bandwidth: 12.5e9, delayNs: 1000 },
  switch: {
    kind: "shared-buffer",
    sharedBufferBytes: 4_000_000,
    inputBufferBytes: 200_000,
    flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
    ...sw,
  },
  packets: { dataBytes: DATA_BYTES, headerBytes: HEADER_BYTES, ackBytes: 64 },
  adapter,
  traffic: [{ kind: "incast", name: "incast", fanIn: SENDERS, bytes: BYTES, intervalUs: 100_000, receiver: "H0" }],
});

const lossy = { lossyPriorities: [0], trimThresholdBytes: 40_000 };

describe("packet trimming on a lossy priority", () => {
  it("trims an incast, NACKs every trimmed header and delivers every packet exactly once", () => {
    const result = runScenario(parseScenario(incast(lossy)));
    const recovery = result.recovery!;
    expect(recovery.total.trimmed).toBeGreaterThan(0);
    expect(recovery.total.headersDropped).toBe(0);
    // Each trimmed header reaches its destination, which NACKs it; each NACK brings the packet back.
    expect(recovery.nacksSent).toBe(recovery.total.trimmed);
    expect(recovery.total.nacks).toBe(recovery.total.trimmed);
    expect(recovery.total.retransmissions).toBe(recovery.total.nacks + recovery.total.timeouts);
    expect(recovery.total.timeouts).toBe(0);
    expect(recovery.duplicates).toBe(0);
    expect(result.delivered).toBe(SENDERS * PACKETS);
    expect(result.completions.incast!.count).toBe(SENDERS);
    // Per flow: each sender's counts add up to the total; no PFC on the lossy priority.
    const flows = Object.values(recovery.byFlow);
    expect(flows.reduce((sum, flow) => sum + flow.trimmed, 0)).toBe(recovery.total.trimmed);
    expect(flows.reduce((sum, flow) => sum + flow.retransmissions, 0)).toBe(recovery.total.retransmissions);
    expect(result.pause!.frames).toBe(0);
  });

  it("under RCCC, short flows sent whole in their speculative window and trimmed still finish (trimmed headers reach the pacer)", () => {
    // 12 senders of 50 KB: each sends all 13 packets speculatively (its window, 1.5 BDP, is
    // 88 KB) and states no target after them; the credit to send its trimmed packets again
    // comes from its trimmed headers reaching the destination's pacer (PullPacer.trimmed).
    // Their targets alone suffice here (the pull each also owes is not needed to finish):
    // without PullPacer.trimmed, 1 of 12 flows finished.
    const result = runScenario(
      parseScenario({
        ...incast(lossy, { receiverCredits: {} }),
        topology: { kind: "single-switch", hosts: 13, bandwidth: 12.5e9, delayNs: 1000 },
        traffic: [{ kind: "incast", name: "incast", fanIn: 12, bytes: 50_000, intervalUs: 100_000, receiver: "H0" }],
      }),
    );
    const recovery = result.recovery!;
    expect(recovery.total.trimmed).toBeGreaterThan(0);
    expect(recovery.total.retransmissions).toBe(recovery.total.trimmed);
    expect(result.completions.incast!.count).toBe(12);
    expect(result.delivered).toBe(12 * Math.ceil(50_000 / (DATA_BYTES - HEADER_BYTES)));
  });

  it("on a lossless priority the same incast pauses, never trims and never drops", () => {
    const result = runScenario(parseScenario(incast()));
    expect(result.recovery).toBeUndefined();
    expect(result.pause!.frames).toBeGreaterThan(0);
    expect(result.delivered).toBe(SENDERS * PACKETS);
    expect(result.stats.dataPackets.injected).toBe(SENDERS * PACKETS);
  });

  it("trims only the lossy priority when a lossless one shares the switch", () => {
    const scenario = incast({ ...lossy, vls: 2, lossyPriorities: [1] });
    // H1, H2 send on the lossy priority 1 (their own flows), H3, H4 on the lossless 0.
    const mixed = {
      ...scenario,
      traffic: undefined,
      flows: [1, 2, 3, 4].map((h) => ({
        source: `H${h}`,
        destination: "H0",
        group: h <= 2 ? "lossy" : "lossless",
        vl: h <= 2 ? 1 : 0,
        stopUs: 300,
      })),
    };
    const result = runScenario(parseScenario(mixed));
    const recovery = result.recovery!;
    expect(recovery.total.trimmed).toBeGreaterThan(0);
    // Flow ids follow the flows' order: 0 and 1 are lossy, 2 and 3 lossless, which neither
    // lose nor retransmit anything (only the lossy priority's flows retransmit by default).
    expect(Object.keys(recovery.byFlow).sort()).toEqual(["0", "1"]);
    expect(recovery.duplicates).toBe(0);
    expect(result.pause!.frames).toBeGreaterThan(0);
  });

  it("drops a header when the header queue is full, counted, and the timeout brings the packet back", () => {
    const result = runScenario(parseScenario(incast({ ...lossy, headerQueueBytes: 2 * HEADER_BYTES })));
    const recovery = result.recovery!;
    expect(recovery.total.headersDropped).toBeGreaterThan(0);
    expect(recovery.total.timeouts).toBeGreaterThan(0);
    expect(recovery.total.retransmissions).toBe(recovery.total.nacks + recovery.total.timeouts);
    expect(result.delivered).toBe(SENDERS * PACKETS);
    expect(result.completions.incast!.count).toBe(SENDERS);
  });

  it("with a timeout shorter than the queueing delay, copies arrive twice and are delivered once", () => {
    const result = runScenario(parseScenario(incast(lossy, { retransmitTimeoutUs: 3 })));
    const recovery = result.recovery!;
    expect(recovery.total.timeouts).toBeGreaterThan(0);
    expect(recovery.duplicates).toBeGreaterThan(0);
    expect(result.delivered).toBe(SENDERS * PACKETS);
    expect(result.completions.incast!.count).toBe(SENDERS);
  });

  it("is deterministic: same scenario and seed, same fingerprint and counts", () => {
    const a = runScenario(parseScenario(incast({ ...lossy, headerQueueBytes: 4 * HEADER_BYTES })));
    const b = runScenario(parseScenario(incast({ ...lossy, headerQueueBytes: 4 * HEADER_BYTES })));
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.recovery).toEqual(b.recovery);
  });

  it.each([
    ["", {}, {}],
    [" and a 128 B header queue (headers dropped)", { headerQueueBytes: 128 }, { retransmitTimeoutUs: 12 }],
  ])(
    "on a fat tree with a core link at a quarter (no longer than a packet's serialization)%s, a switch never cuts or frees a packet its sender still sends",
    { timeout: 60_000 },
    (_, sw, adapter) => {
      // uet-htsim's degraded link: 4150 B take 1328 ns at 25 Gb/s, against the link's 1 us, so
      // pod0-agg0 judges a packet while core0 still sends it. It used to trim core0's record in
      // place, or free a dropped one's slot at once: core0 then freed 64 B of the 4150 B it had
      // counted, or whatever packet the slot held by then (HeldBytesMismatch at 39 us).
      const scenario = parseScenario({
        seed: 1,
        durationMs: 0.2,
        topology: { kind: "fat-tree", k: 4, bandwidth: 12.5e9, delayNs: 1000 },
        switch: {
          kind: "shared-buffer",
          sharedBufferBytes: 4_000_000,
          inputBufferBytes: 200_000,
          flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
          lossyPriorities: [0],
          ...sw,
        },
        packets: { dataBytes: DATA_BYTES, headerBytes: HEADER_BYTES, ackBytes: 64, wireOverheadBytes: 0 },
        marking: { kind: "red", kmin: 9 * DATA_BYTES, kmax: 35 * DATA_BYTES, pmax: 1 },
        controller: { kind: "nscc", targetDelayUs: 10.5 },
        multipath: { kind: "oblivious", entropies: 16 },
        adapter,
        degradedLinks: [{ link: "core0->pod0-agg0", ratio: 0.25 }],
        traffic: [{ kind: "incast", name: "incast", fanIn: 12, bytes: 400_000, intervalUs: 1000, receiver: "H0" }],
        flows: [
          { source: "H1", destination: "H9" },
          { source: "H5", destination: "H13" },
        ],
      });
      const reused = runScenario(scenario);
      expect(reused.recovery!.total.trimmed).toBeGreaterThan(100);
      if ("headerQueueBytes" in sw) expect(reused.recovery!.total.headersDropped).toBeGreaterThan(0);
      // Freed packets spoiled instead of reused change nothing: nothing reads a packet after
      // its release, nor one whose slot another packet has taken.
      const poisoned = runScenario(scenario, { releasedPackets: "poison" });
      expect([poisoned.fingerprint, poisoned.events, poisoned.delivered]).toEqual([
        reused.fingerprint,
        reused.events,
        reused.delivered,
      ]);
      expect(poisoned.recovery).toEqual(reused.recovery);
    },
  );

  it("refuses a lossy priority out of range, or under credits, naming the field", () => {
    const refusal = (input: object) => errorOf(ScenarioError, () => parseScenario(input)).message;
    expect(refusal(incast({ lossyPriorities: [1] }))).toMatch(/switch\.lossyPriorities: .*priorities 0\.\.0/);
    expect(refusal(incast({ lossyPriorities: [0], flowControl: { kind: "credits" } }))).toMatch(
      /switch\.lossyPriorities: .*PAUSE/,
    );
  });
});
