import { CongestionBit } from "@losslab/core";
import { errorOf } from "@losslab/test-kit/errors";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import { createMarking, KindError, type MarkingSpec, markingPolicies } from "../src/index.js";

/** The error messages list every kind of the registry, in its order. */
const KINDS = markingPolicies.kinds.join(", ");

/** The error `createMarking` throws for a spec that may not even type-check. */
const specError = (spec: unknown): KindError => errorOf(KindError, () => createMarking(spec as MarkingSpec));

describe("createMarking (registry)", () => {
  it("knows the policies of santos-2002 sec. 5, then ferrer-2012's, InfiniBand CCA, QCN, turner-2001's and DCQCN's RED, in order", () => {
    // New policies join at the end: this list is the start of the registry.
    expect(markingPolicies.kinds.slice(0, 11)).toEqual([
      "none",
      "naive",
      "input-triggered",
      "input-output-triggered",
      "ipm",
      "opm",
      "mvpm",
      "ib-cca",
      "qcn",
      "turner",
      "red",
    ]);
    expect(Object.isFrozen(markingPolicies.kinds)).toBe(true);
  });

  it("builds each kind's factory", () => {
    const specs: MarkingSpec[] = [
      { kind: "none" },
      { kind: "naive" },
      { kind: "input-triggered" },
      { kind: "input-output-triggered", outputThreshold: 8 },
      { kind: "ipm" },
      { kind: "opm", threshold: 0.5, unit: "packets" },
      { kind: "mvpm", inputThreshold: 0.66, outputThreshold: 0.33, unit: "bytes" },
      { kind: "ib-cca", threshold: 15, markingRate: 10, packetSize: 0 },
      { kind: "qcn", at: "input", culprit: "occupancy-random" },
      { kind: "turner" },
      { kind: "red", kmin: 0, kmax: 1000, pmax: 0.5 },
    ];
    // What a run offers; each policy takes what its definition uses (qcn, red and turner some).
    const context = {
      random: () => 0,
      notifications: { bytes: 64 },
      fabric: { nextIsNonCompliant: () => false, leadsToHost: () => false, outputRatio: () => 1 },
    };
    for (const spec of specs) {
      const marking = createMarking(spec, context);
      expect(marking.kind).toBe(spec.kind);
      const sw = new FakeSwitch(marking);
      expect(marking.policies).toEqual([sw.policy]);
      expect(marking.marked).toBe(0);
    }
  });

  it("passes outputThreshold through", () => {
    const sw = new FakeSwitch(createMarking({ kind: "input-output-triggered", outputThreshold: 2 }));
    for (let input = 0; input < 3; input++) sw.arrive(input, 4);
    sw.serve(4, 3);
    expect(sw.markedIds()).toEqual([0, 1, 2]);
  });

  it("names the field and the allowed kinds for an unknown or missing kind", () => {
    expect(KINDS).toMatch(/^none, naive, input-triggered, .*, red/);
    expect(specError({ kind: "foo" }).message).toBe(`marking.kind: unknown "foo"; allowed: ${KINDS}`);
    expect(specError({ kind: "foo" }).field).toBe("marking.kind");
    expect(specError({ kind: 3 }).message).toBe(`marking.kind: unknown 3; allowed: ${KINDS}`);
    expect(specError({}).message).toBe(`marking.kind is missing; allowed: ${KINDS}`);
    expect(specError({ kind: "toString" }).message).toContain('unknown "toString"');
  });

  it("rejects a spec that is not an object", () => {
    expect(specError("naive").message).toBe('marking must be an object with a "kind" field, got "naive"');
    expect(specError(null).message).toBe('marking must be an object with a "kind" field, got null');
    expect(specError([]).field).toBe("marking");
  });

  it("rejects a field the kind does not take", () => {
    const error = specError({ kind: "naive", outputThreshold: 8 });
    expect(error.message).toBe('marking.outputThreshold: unknown field for kind "naive"; allowed: kind');
    expect(error.field).toBe("marking.outputThreshold");
    expect(specError({ kind: "input-output-triggered", outputThreshold: 8, treshold: 1 }).message).toBe(
      'marking.treshold: unknown field for kind "input-output-triggered"; allowed: kind, outputThreshold',
    );
  });

  it("requires outputThreshold to be a positive integer", () => {
    const bad: [unknown, string][] = [
      [-1, "-1"],
      [0, "0"],
      [2.5, "2.5"],
      [Number.NaN, "NaN"],
      [Number.POSITIVE_INFINITY, "Infinity"],
      ["8", '"8"'],
    ];
    for (const [value, shown] of bad) {
      const error = specError({ kind: "input-output-triggered", outputThreshold: value });
      expect(error.message).toBe(`marking.outputThreshold must be an integer from 1 to 1000000, got ${shown}`);
      expect(error.field).toBe("marking.outputThreshold");
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe("KindError");
    }
    expect(specError({ kind: "input-output-triggered" }).message).toMatch(
      /^marking.outputThreshold is missing: give an integer from 1 to 1000000 \(packets waiting for an output/,
    );
  });

  it("passes the new kinds' parameters through and counts their decisions in `marked`", () => {
    const ipmMarking = createMarking({ kind: "ipm", threshold: 0.25, unit: "packets" }); // 4 packets: above 1
    const ipmSwitch = new FakeSwitch(ipmMarking);
    ipmSwitch.arrive(0, 2);
    ipmSwitch.arrive(0, 2);
    expect([ipmSwitch.markedIds(), ipmMarking.marked]).toEqual([[1], 1]);

    const opmMarking = createMarking({ kind: "opm", threshold: 0.5 }); // 4136 B waiting for the output
    const opmSwitch = new FakeSwitch(opmMarking);
    for (let input = 0; input < 3; input++) opmSwitch.arrive(input, 2);
    expect([opmSwitch.markedIds(), opmMarking.marked]).toEqual([[2], 1]);

    const mvpmMarking = createMarking({ kind: "mvpm", inputThreshold: 0.3, outputThreshold: 0.9 });
    const mvpmSwitch = new FakeSwitch(mvpmMarking);
    mvpmSwitch.arrive(0, 2);
    mvpmSwitch.arrive(0, 2); // 4136 B > 2481.6: MB; 4136 B for output 2 < 7444.8: no VB
    expect(mvpmMarking.marked).toBe(1);
    expect(mvpmSwitch.created.map((packet) => mvpmSwitch.packets.bits(packet))).toEqual([0, CongestionBit.Marked]);

    const ccaMarking = createMarking({ kind: "ib-cca", threshold: 1 }); // 15/16 x 8272 = 7755 B behind
    const ccaSwitch = new FakeSwitch(ccaMarking);
    for (let input = 0; input < 4; input++) ccaSwitch.arrive(input, 4);
    ccaSwitch.serve(4, 4); // at most 6204 B behind
    expect(ccaMarking.marked).toBe(0);
  });

  it("rejects thresholds that are not fractions of the capacity, and unknown units", () => {
    const fraction = (field: string, shown: string) => `marking.${field} must be a number >= 0 and < 1, got ${shown}`;
    const cases: [unknown, string, string][] = [
      [{ kind: "mvpm", inputThreshold: 66 }, "marking.inputThreshold", fraction("inputThreshold", "66")],
      [{ kind: "mvpm", outputThreshold: 1 }, "marking.outputThreshold", fraction("outputThreshold", "1")],
      [{ kind: "mvpm", outputThreshold: -0.1 }, "marking.outputThreshold", fraction("outputThreshold", "-0.1")],
      [{ kind: "ipm", threshold: Number.NaN }, "marking.threshold", fraction("threshold", "NaN")],
      [{ kind: "opm", threshold: "0.3" }, "marking.threshold", fraction("threshold", '"0.3"')],
      [{ kind: "mvpm", unit: "kb" }, "marking.unit", 'marking.unit must be one of "bytes", "packets", got "kb"'],
      [{ kind: "ipm", unit: null }, "marking.unit", 'marking.unit must be one of "bytes", "packets", got null'],
    ];
    for (const [spec, field, message] of cases) {
      const error = specError(spec);
      expect([error.field, error.message]).toEqual([field, message]);
    }
    expect(() => createMarking({ kind: "mvpm", inputThreshold: 0, outputThreshold: 0.99 })).not.toThrow();
  });

  it("rejects ib-cca settings outside the IBA fields' ranges, and unknown or mistyped turner parameters", () => {
    const cases: [unknown, string, string][] = [
      [
        { kind: "ib-cca", threshold: 16 },
        "marking.threshold",
        "marking.threshold must be an integer from 0 to 15, got 16",
      ],
      [
        { kind: "ib-cca", threshold: 2.5 },
        "marking.threshold",
        "marking.threshold must be an integer from 0 to 15, got 2.5",
      ],
      [
        { kind: "ib-cca", markingRate: -1 },
        "marking.markingRate",
        "marking.markingRate must be an integer from 0 to 65535, got -1",
      ],
      [
        { kind: "ib-cca", packetSize: 1.5 },
        "marking.packetSize",
        "marking.packetSize must be an integer from 0 to 65536, got 1.5",
      ],
      [
        { kind: "ib-cca", victimMask: 1 },
        "marking.victimMask",
        'marking.victimMask: unknown field for kind "ib-cca"; allowed: kind, threshold, markingRate, packetSize',
      ],
      [
        { kind: "turner", threshold: 1 },
        "marking.threshold",
        'marking.threshold: unknown field for kind "turner"; allowed: kind, markBlockedTowardNonCompliant',
      ],
      [
        { kind: "turner", markBlockedTowardNonCompliant: "yes" },
        "marking.markBlockedTowardNonCompliant",
        'marking.markBlockedTowardNonCompliant must be true or false, got "yes"',
      ],
      [
        { kind: "mvpm", threshold: 0.5 },
        "marking.threshold",
        'marking.threshold: unknown field for kind "mvpm"; allowed: kind, inputThreshold, outputThreshold, unit',
      ],
    ];
    for (const [spec, field, message] of cases) {
      const error = specError(spec);
      expect([error.field, error.message]).toEqual([field, message]);
    }
  });
});
