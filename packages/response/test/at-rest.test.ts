/**
 * `Controller.atRest`: true exactly when the controller may be replaced by a new one from its
 * factory with nothing changing after. Checked by driving a controller off its initial state
 * and back with random events, then feeding it and a new one the same events.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Controller,
  type ControllerFactory,
  dcqcn,
  hpcc,
  hybrid,
  ibCca,
  mvcm,
  perAck,
  qcn,
  timely,
} from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 2048 };

type Step =
  | { kind: "send"; fromEmptyQueue: boolean }
  | { kind: "ack"; marked: boolean; validated: boolean }
  | { kind: "cnp" }
  | { kind: "timer" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("send" as const), fromEmptyQueue: fc.boolean() }),
  fc.record({ kind: fc.constant("ack" as const), marked: fc.boolean(), validated: fc.boolean() }),
  fc.constant({ kind: "cnp" as const }),
  fc.constant({ kind: "timer" as const }),
);

/** Feeds `steps` at 1 us apart from `t0`, with growing sequence numbers; returns the state after each. */
function drive(controller: Controller, steps: readonly Step[], t0: number, seq0: number, acceptsCnp: boolean) {
  const trace: Array<[number, number, number | undefined]> = [];
  let leftRest = false;
  steps.forEach((s, i) => {
    const now = t0 + i * 1_000_000;
    const seq = seq0 + i;
    if (s.kind === "send")
      controller.onSend({ seq, bytes: 2048, limitedBy: "other", now, fromEmptyQueue: s.fromEmptyQueue });
    // MB = 0 with VB = 1 cannot happen (ferrer-2012 Table 1): a validated ACK is marked.
    else if (s.kind === "ack")
      controller.onAck({ marked: s.marked || s.validated, validated: s.validated, bytes: 2048, seq, now });
    else if (s.kind === "cnp" && acceptsCnp) controller.onCnp({ now, seq, feedback: 20 });
    else if (s.kind === "timer" && controller.wakeAt !== undefined) controller.onTimer(controller.wakeAt);
    trace.push([
      controller.rate,
      controller.window,
      controller.wakeAt === undefined ? undefined : controller.wakeAt - now,
    ]);
    if (controller.atRest !== true) leftRest = true;
  });
  return { trace, leftRest };
}

const atRestKinds: ReadonlyArray<[string, ControllerFactory, boolean]> = [
  ["mvcm", mvcm({ radix: 2, stages: 3 }), true],
  ["per-ack continuous lipd", perAck({ response: "lipd" }), true],
  ["per-ack discrete lipd", perAck({ response: "lipd", mode: "discrete", window: 1 }), true],
  ["per-ack discrete aimd", perAck({ response: "aimd", mode: "discrete" }), true],
  ["ib-cca", ibCca({ timerPeriod: 500_000 }), true],
];

describe("Controller.atRest", () => {
  it.each(atRestKinds)("%s: a new one is at rest, a decrease is not", (_name, factory, acceptsCnp) => {
    const controller = factory(flow);
    expect(controller.atRest).toBe(true);
    if (acceptsCnp) controller.onAck({ marked: true, validated: true, bytes: 2048, seq: 0, now: 0 });
    expect(controller.atRest).toBe(false);
  });

  it.each(atRestKinds)("%s: when at rest again, it behaves as a new one", (_name, factory, acceptsCnp) => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(step, { maxLength: 40 }),
        (before, after) => {
          const used = factory(flow);
          const { leftRest } = drive(used, before, 0, 0, acceptsCnp);
          // Back to rest the slow way, as a flow does: unmarked ACKs, and the timer when it asks.
          for (let i = 0; i < 100_000 && used.atRest !== true; i++) {
            if (used.wakeAt !== undefined) used.onTimer(used.wakeAt);
            else used.onAck({ marked: false, bytes: 2048, seq: 100 + i, now: 200_000_000 });
          }
          // Only histories that left the initial state and came back.
          fc.pre(leftRest && used.atRest === true);
          const fresh = factory(flow);
          // Same events afterwards, with the used one's sequence numbers further on.
          const t0 = 1_000_000_000;
          expect(drive(used, after, t0, 1000, acceptsCnp).trace).toEqual(drive(fresh, after, t0, 0, acceptsCnp).trace);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("is absent where the state depends on sequence numbers or is not kept at rest (hybrid, qcn)", () => {
    expect(hybrid({ response: "lipd" })(flow).atRest).toBeUndefined();
    expect(qcn({})(flow).atRest).toBeUndefined();
  });

  it("is absent where the state never returns to a new one's (dcqcn's alpha, timely's and hpcc's last samples)", () => {
    expect(dcqcn()(flow).atRest).toBeUndefined();
    expect(timely()(flow).atRest).toBeUndefined();
    expect(hpcc({ baseRtt: 10e6 })(flow).atRest).toBeUndefined();
  });
});
