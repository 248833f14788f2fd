/**
 * The allocator of input queues with several VLs (`LaneQueues`): iSLIP whose outputs pick
 * the VL they grant with their VL scheduler (prioritized iSLIP, McKeown 1999 sec. VI-A,
 * with the output's `vlScheduling` as the order), charged only for accepted grants; FIFOs
 * per (input, VL). Driven by hand against a scripted crossbar whose outputs take every
 * packet unless refused; all packets eligible at time 0, one match per step.
 */
import { ClassScheduler, type ClassScheduling, PacketKind, PacketStore } from "@losslab/core";
import { describe, expect, it } from "vitest";
import type { CrossbarOutputs } from "../src/input-queues.js";
import { LaneQueues } from "../src/lane-queues.js";

/** Two ports, two VLs: queues of `kind` with one iSLIP iteration and the given VL scheduling. */
function lanes(kind: "fifo" | "voq", scheduling: ClassScheduling) {
  return new LaneQueues(store, 2, 2, kind, 1, new ClassScheduler("S", 2, 2, { scheduling }));
}

/** The packets of these tests; each one's name is kept by its slot. */
const store = new PacketStore();
const names = new Map<number, string>();

/** Adds packet `name` at `input` for `output` on `vl`. */
function add(queues: LaneQueues, name: string, input: number, output: number, vl: number): void {
  const packet = store.create({
    kind: PacketKind.Data,
    flow: 0,
    source: input,
    destination: output,
    size: 100,
    seq: 0,
    vl,
    createdAt: 0,
  });
  names.set(packet, name);
  queues.add(input, output, packet, 0);
}

/** One match at time 0; returns the transfers started as "input->output name". */
function match(queues: LaneQueues, refused: readonly number[] = []): string[] {
  const started: string[] = [];
  const outputs: CrossbarOutputs = {
    accepts: (output) => !refused.includes(output),
    start: (input, output, packet) => started.push(`${input}->${output} ${names.get(packet)}`),
    headWaits: () => {},
  };
  queues.match(0, outputs);
  return started;
}

describe("LaneQueues", () => {
  it("voq, strict: an output grants the input of its highest requested VL, whatever the grant pointer", () => {
    // Input 0 holds a (to 0, VL 0) and b (to 1, VL 1); input 1 holds c (to 0, VL 1).
    // Requests: output 0 VL 0 {0}, VL 1 {1}; output 1 VL 1 {0}. Grants: output 0 serves VL 1
    // first, so grants input 1 (its pointer is at input 0); output 1 grants input 0. Each
    // input has one grant and accepts it: two transfers. (Without VLs output 0 would grant
    // input 0, which would accept output 0 by its pointer, and output 1 would stay idle.)
    const queues = lanes("voq", "strict");
    add(queues, "a", 0, 0, 0);
    add(queues, "b", 0, 1, 1);
    add(queues, "c", 1, 0, 1);
    expect(match(queues)).toEqual(["0->1 b", "1->0 c"]);
  });

  it("voq, wrr: a grant the input did not accept does not use up the output's VL turn", () => {
    // Input 0 holds x (to 0, VL 0) and y (to 1, VL 0); input 1 holds z (to 1, VL 1).
    // Match 1: output 0 grants input 0 (VL 0); output 1's turn is VL 0's, so it grants
    // input 0 too; input 0 accepts output 0 (its pointer is at 0): x crosses, output 1's
    // grant is lost and (one iteration) output 1 stays idle.
    const queues = lanes("voq", "wrr");
    add(queues, "x", 0, 0, 0);
    add(queues, "y", 0, 1, 0);
    add(queues, "z", 1, 1, 1);
    expect(match(queues)).toEqual(["0->0 x"]);
    expect(queues.mayMatchMore()).toBe(true); // input 1 and output 1 are free, z waits
    // Match 2 with input 0 free again: output 1's VL 0 was not charged for the lost grant,
    // so its turn is still VL 0's: it grants y, not z (were it charged, the turn would have
    // passed to VL 1 and z would cross).
    queues.inputFreed(0);
    expect(match(queues)).toEqual(["0->1 y"]);
    queues.inputFreed(0);
    // Now VL 0 has sent its packet: VL 1's turn.
    expect(match(queues)).toEqual(["1->1 z"]);
  });

  it("fifo: a head waiting for its output blocks its own VL only", () => {
    // Input 0's VL 0 FIFO holds p (to 0) then q (to 1); its VL 1 FIFO holds r (to 1).
    // Output 0 refuses (no credits): p waits and q behind it, but r, on VL 1, crosses.
    const queues = lanes("fifo", "wrr");
    add(queues, "p", 0, 0, 0);
    add(queues, "q", 0, 1, 0);
    add(queues, "r", 0, 1, 1);
    expect(match(queues, [0])).toEqual(["0->1 r"]);
    expect(queues.head(0, 1, 0)).toBeUndefined(); // q is not a head: p is
    expect(queues.head(0, 0, 0)).toBeDefined();
    queues.inputFreed(0);
    expect(match(queues)).toEqual(["0->0 p"]);
    queues.inputFreed(0);
    expect(match(queues)).toEqual(["0->1 q"]);
  });

  it("fifo: iterates to a maximal match when an input is granted by several outputs", () => {
    // Input 0 heads: VL 0 for output 0, VL 1 for output 1; input 1 heads: VL 0 for output 1.
    // Iteration 1: output 0 grants input 0; output 1 (wrr, VL 0's turn) grants input 1; both
    // accept. Strict instead: output 1 serves VL 1 first and grants input 0, which accepts
    // output 0 (its pointer); iteration 2 then gives output 1 to input 1.
    for (const scheduling of ["wrr", "strict"] as const) {
      const queues = lanes("fifo", scheduling);
      add(queues, "a", 0, 0, 0);
      add(queues, "b", 0, 1, 1);
      add(queues, "c", 1, 1, 0);
      expect(match(queues)).toEqual(["0->0 a", "1->1 c"]);
      expect(queues.mayMatchMore()).toBe(false);
    }
  });
});
