/**
 * ClassScheduler against a scripted output: each class a queue of packet sizes, eligible
 * unless listed as blocked. "strict" takes the highest class; "dwrr" is Shreedhar and
 * Varghese's deficit round robin one packet per call; "wrr" is `VlArbitration`.
 */
import { describe, expect, it } from "vitest";
import { ClassScheduler, type ClassServer } from "../src/index.js";

class Script implements ClassServer {
  readonly sent: Array<[number, number]> = [];
  blocked = new Set<number>();
  constructor(readonly queues: number[][]) {}
  serveClass(_output: number, vl: number, maxBytes: number): number {
    const size = this.queues[vl]![0];
    if (size === undefined || this.blocked.has(vl)) return 0;
    if (size > maxBytes) return -1;
    this.queues[vl]!.shift();
    this.sent.push([vl, size]);
    return size;
  }
}

const drain = (scheduler: ClassScheduler, script: Script) => {
  while (scheduler.serve(0, script));
  return script.sent.map(([vl]) => vl);
};

describe("ClassScheduler", () => {
  it("strict: the highest class with a packet, skipping a blocked one", () => {
    const script = new Script([[1, 1], [1], [1, 1]]);
    script.blocked.add(2);
    const scheduler = new ClassScheduler("S", 1, 3, { scheduling: "strict" });
    expect(scheduler.classAt(0, 0)).toBe(2);
    expect(drain(scheduler, script)).toEqual([1, 0, 0]);
    script.blocked.clear();
    expect(drain(scheduler, script)).toEqual([1, 0, 0, 2, 2]);
  });

  it("dwrr: quanta 300 and 200 B with 100 B and 150 B packets", () => {
    // Round 1: class 0 gets 300 (three 100 B packets, 0 left), class 1 gets 200 (one 150 B,
    // 50 left). Round 2: class 0 three more; class 1 has 250: one (100 left, next 150 too
    // big). Round 3: class 0 empty, so it loses its turn; class 1 has 300: two.
    const script = new Script([new Array(6).fill(100), new Array(4).fill(150)]);
    const scheduler = new ClassScheduler("S", 1, 2, { scheduling: "dwrr", quanta: [300, 200] });
    expect(drain(scheduler, script)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 1, 1]);
  });

  it("dwrr: a quantum below the packet size takes several rounds; a blocked class is passed over", () => {
    // Quanta 50 B, packets 100 B. First call, class 1 blocked: class 0 has 50 (too little),
    // class 1 is passed over (its deficit stays 0), class 0 then has 100 and sends. Then each
    // class needs two visits per packet, class 1's turn first: 1, 0, 1, 0.
    const script = new Script([
      [100, 100, 100],
      [100, 100],
    ]);
    script.blocked.add(1);
    const scheduler = new ClassScheduler("S", 1, 2, { scheduling: "dwrr", quanta: [50, 50] });
    expect(scheduler.serve(0, script)).toBe(true);
    script.blocked.clear();
    expect(drain(scheduler, script)).toEqual([0, 1, 0, 1, 0]);
  });

  it("stops when no class is eligible", () => {
    const script = new Script([[100], [100]]);
    script.blocked = new Set([0, 1]);
    for (const scheduling of ["wrr", "strict", "dwrr"] as const) {
      const scheduler = new ClassScheduler("S", 1, 2, {
        scheduling,
        ...(scheduling === "dwrr" ? { quanta: [1, 1] } : {}),
      });
      expect(scheduler.serve(0, script)).toBe(false);
    }
  });

  it("pick + charge choose as serve does; a pick not charged leaves the next pick where it was", () => {
    // The three scripted outputs above, drained by pick + charge instead of serve: the same orders.
    const drainByPick = (scheduler: ClassScheduler, script: Script) => {
      const bytes = [0, 0, 0];
      for (;;) {
        for (const [vl, queue] of script.queues.entries()) bytes[vl] = script.blocked.has(vl) ? 0 : (queue[0] ?? 0);
        const vl = scheduler.pick(0, bytes);
        if (vl < 0) return script.sent.map(([v]) => v);
        const size = script.queues[vl]!.shift()!;
        script.sent.push([vl, size]);
        scheduler.charge(0, vl, size);
      }
    };
    const strict = new ClassScheduler("S", 1, 3, { scheduling: "strict" });
    expect(drainByPick(strict, new Script([[1, 1], [1], [1, 1]]))).toEqual([2, 2, 1, 0, 0]);
    const dwrr = new ClassScheduler("S", 1, 2, { scheduling: "dwrr", quanta: [300, 200] });
    const sizes = new Script([new Array(6).fill(100), new Array(4).fill(150)]);
    expect(drainByPick(dwrr, sizes)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 1, 1]);
    const wrr = new ClassScheduler("S", 1, 3, { weights: [2, 1, 1] });
    expect(
      drainByPick(
        wrr,
        new Script([
          [1, 1, 1, 1],
          [1, 1],
          [1, 1],
        ]),
      ),
    ).toEqual([0, 0, 1, 2, 0, 0, 1, 2]);
    // dwrr quanta 300:200, 100 B packets: class 0 is picked (deficit 300); not charged, it is
    // picked again with the same deficit (no second quantum): three charges, then class 1.
    const again = new ClassScheduler("S", 1, 2, { scheduling: "dwrr", quanta: [300, 200] });
    expect(again.pick(0, [100, 100])).toBe(0);
    expect(again.pick(0, [100, 100])).toBe(0);
    for (let k = 0; k < 3; k++) again.charge(0, 0, 100);
    expect(again.pick(0, [100, 100])).toBe(1);
    // wrr: a pick not charged does not use up the class's turn.
    const turn = new ClassScheduler("S", 1, 2, {});
    expect([turn.pick(0, [1, 1]), turn.pick(0, [1, 1])]).toEqual([0, 0]);
    turn.charge(0, 0, 1);
    expect([turn.pick(0, [1, 1]), turn.pick(0, [0, 0])]).toEqual([1, -1]);
  });
});
