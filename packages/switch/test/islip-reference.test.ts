/**
 * VirtualOutputQueues against a plain iSLIP written straight from McKeown 1999 sec. III
 * (every VOQ of every input scanned in order, no bitmaps): for random arrivals, eligibility
 * times, output availability and transfer ends, on switches of 1 to 70 ports (beyond one
 * 32-bit word of occupancy bits), both start the same transfers in the same order. With one
 * VL, `LaneQueues` (the queues of several VLs) must do exactly what the one-VL queues do.
 */
import { ClassScheduler, type Packet, PacketKind, PacketStore } from "@losslab/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FifoInputQueues } from "../src/fifo-input-queues.js";
import type { CrossbarOutputs } from "../src/input-queues.js";
import { LaneQueues } from "../src/lane-queues.js";
import { VirtualOutputQueues } from "../src/virtual-output-queues.js";

class ReferenceIslip {
  private readonly voqs: { packet: Packet; eligibleAt: number }[][] = [];
  private readonly busy: boolean[];
  private readonly grantPointer: number[];
  private readonly acceptPointer: number[];

  constructor(
    private readonly n: number,
    private readonly iterations: number,
  ) {
    for (let k = 0; k < n * n; k++) this.voqs.push([]);
    this.busy = new Array(n).fill(false);
    this.grantPointer = new Array(n).fill(0);
    this.acceptPointer = new Array(n).fill(0);
  }

  add(input: number, output: number, packet: Packet, eligibleAt: number): void {
    this.voqs[input * this.n + output]!.push({ packet, eligibleAt });
  }

  inputFreed(input: number): void {
    this.busy[input] = false;
  }

  /** Whether a match now would start something: a free input with an eligible head for an output that takes it. */
  mayMatchMore(now: number, outputs: CrossbarOutputs): boolean {
    for (let input = 0; input < this.n; input++) {
      for (let output = 0; output < this.n; output++) {
        const head = this.voqs[input * this.n + output]![0];
        if (!this.busy[input] && head !== undefined && head.eligibleAt <= now && outputs.accepts(output, head.packet)) {
          return true;
        }
      }
    }
    return false;
  }

  match(now: number, outputs: CrossbarOutputs): void {
    const n = this.n;
    for (let iteration = 0; iteration < this.iterations; iteration++) {
      const grants: number[] = new Array(n).fill(-1);
      for (let output = 0; output < n; output++) {
        for (let step = 0; step < n; step++) {
          const input = (this.grantPointer[output]! + step) % n;
          const head = this.voqs[input * n + output]![0];
          if (this.busy[input] || head === undefined || head.eligibleAt > now) continue;
          if (!outputs.accepts(output, head.packet)) continue;
          grants[output] = input;
          break;
        }
      }
      const accepts: number[] = new Array(n).fill(-1);
      for (let input = 0; input < n; input++) {
        for (let step = 0; step < n; step++) {
          const output = (this.acceptPointer[input]! + step) % n;
          if (grants[output] === input) {
            accepts[input] = output;
            break;
          }
        }
      }
      if (grants.every((input) => input < 0)) return;
      for (let input = 0; input < n; input++) {
        const output = accepts[input]!;
        if (output < 0) continue;
        if (iteration === 0) {
          this.grantPointer[output] = (input + 1) % n;
          this.acceptPointer[input] = (output + 1) % n;
        }
        this.busy[input] = true;
        outputs.start(input, output, this.voqs[input * n + output]!.shift()!.packet);
      }
    }
  }
}

type Step =
  | { type: "add"; input: number; output: number; delay: number }
  | { type: "match"; refuse: number[] }
  | { type: "free"; input: number }
  | { type: "tick"; by: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ type: fc.constant("add" as const), input: fc.nat(), output: fc.nat(), delay: fc.nat(3) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant("match" as const), refuse: fc.array(fc.nat(), { maxLength: 4 }) }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("free" as const), input: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("tick" as const), by: fc.integer({ min: 1, max: 3 }) }) },
);

/** The packets every replay adds. */
const store = new PacketStore();

interface Queues {
  add(input: number, output: number, packet: Packet, eligibleAt: number): unknown;
  match(now: number, outputs: CrossbarOutputs): void;
  inputFreed(input: number): void;
  mayMatchMore(now: number, outputs: CrossbarOutputs): boolean;
}

/** Replays `steps`; logs every transfer started and, after each match, whether another might start more. */
function replay(queues: Queues, n: number, steps: Step[]): string[] {
  const log: string[] = [];
  const receiving = new Array(n).fill(false);
  let now = 0;
  let id = 0;
  for (const step of steps) {
    if (step.type === "add") {
      // The replay's own numbering in seq: the same for every queue organisation replayed.
      const packet = store.create({
        kind: PacketKind.Data,
        flow: 0,
        source: 0,
        destination: 0,
        size: 100,
        seq: id++,
        createdAt: 0,
      });
      queues.add(step.input % n, step.output % n, packet, now + step.delay);
    } else if (step.type === "free") {
      queues.inputFreed(step.input % n);
      receiving.fill(false);
    } else if (step.type === "tick") {
      now += step.by;
    } else {
      const refused = new Set(step.refuse.map((output) => output % n));
      const outputs: CrossbarOutputs = {
        accepts: (output) => !receiving[output] && !refused.has(output),
        start: (input, output, packet) => {
          receiving[output] = true;
          log.push(`${now}: ${input}->${output} #${store.seq(packet)}`);
        },
        headWaits: () => {},
      };
      queues.match(now, outputs);
      log.push(`${now}: more ${queues.mayMatchMore(now, outputs)}`);
    }
  }
  return log;
}

describe("VirtualOutputQueues", () => {
  it("matches what a plain iSLIP matches, on 1 to 70 ports and 1 to 3 iterations", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(stepArb, { maxLength: 400 }),
        (n, iterations, steps) => {
          const log = replay(new VirtualOutputQueues(n, iterations), n, steps);
          expect(log).toEqual(replay(new ReferenceIslip(n, iterations), n, steps));
        },
      ),
      { numRuns: 300, seed: 19 },
    );
  });
});

describe("LaneQueues with one VL", () => {
  // A VL scheduler over one VL always picks it: the grant and accept are iSLIP's.
  const lanes = (n: number, kind: "fifo" | "voq", iterations: number) =>
    new LaneQueues(store, n, 1, kind, iterations, new ClassScheduler("S", n, 1, { weights: [1] }));

  it("voq: matches what a plain iSLIP matches", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(stepArb, { maxLength: 300 }),
        (n, iterations, steps) => {
          const log = replay(lanes(n, "voq", iterations), n, steps);
          expect(log).toEqual(replay(new ReferenceIslip(n, iterations), n, steps));
        },
      ),
      { numRuns: 200, seed: 23 },
    );
  });

  it("fifo: matches the one-VL FIFO's round robin", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(stepArb, { maxLength: 300 }), (n, steps) => {
        const log = replay(lanes(n, "fifo", 1), n, steps);
        expect(log).toEqual(replay(new FifoInputQueues(n), n, steps));
      }),
      { numRuns: 200, seed: 29 },
    );
  });
});
