import { describe, expect, it } from "vitest";
import { createMarking, type MarkingSpec, MarkingSpecError, markingKinds } from "../src/index.js";
import { FakeSwitch } from "./fake-switch.js";

const KINDS = "none, naive, input-triggered, input-output-triggered";

/** The error `createMarking` throws for a spec that may not even type-check. */
function errorOf(spec: unknown): MarkingSpecError {
  try {
    createMarking(spec as MarkingSpec);
  } catch (error) {
    if (error instanceof MarkingSpecError) return error;
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(spec)}`);
}

describe("createMarking (registry)", () => {
  it("knows the four policies of santos-2002 sec. 5, in order", () => {
    expect(markingKinds).toEqual(["none", "naive", "input-triggered", "input-output-triggered"]);
    expect(Object.isFrozen(markingKinds)).toBe(true);
  });

  it("builds each kind's factory", () => {
    const specs: MarkingSpec[] = [
      { kind: "none" },
      { kind: "naive" },
      { kind: "input-triggered" },
      { kind: "input-output-triggered", outputThreshold: 8 },
    ];
    for (const spec of specs) {
      const marking = createMarking(spec);
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
    expect(errorOf({ kind: "foo" }).message).toBe(`marking.kind: unknown "foo"; allowed: ${KINDS}`);
    expect(errorOf({ kind: "foo" }).field).toBe("marking.kind");
    expect(errorOf({ kind: 3 }).message).toBe(`marking.kind: unknown 3; allowed: ${KINDS}`);
    expect(errorOf({}).message).toBe(`marking.kind is missing; allowed: ${KINDS}`);
    expect(errorOf({ kind: "toString" }).message).toContain('unknown "toString"');
  });

  it("rejects a spec that is not an object", () => {
    expect(errorOf("naive").message).toBe('marking must be an object with a "kind" field, got "naive"');
    expect(errorOf(null).message).toBe('marking must be an object with a "kind" field, got null');
    expect(errorOf([]).field).toBe("marking");
  });

  it("rejects a field the kind does not take", () => {
    const error = errorOf({ kind: "naive", outputThreshold: 8 });
    expect(error.message).toBe('marking.outputThreshold: unknown field for kind "naive"; allowed: kind');
    expect(error.field).toBe("marking.outputThreshold");
    expect(errorOf({ kind: "input-output-triggered", outputThreshold: 8, treshold: 1 }).message).toBe(
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
      [undefined, "undefined (missing)"],
    ];
    for (const [value, shown] of bad) {
      const error = errorOf({ kind: "input-output-triggered", outputThreshold: value });
      expect(error.message).toBe(`marking.outputThreshold must be a positive integer, got ${shown}`);
      expect(error.field).toBe("marking.outputThreshold");
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe("MarkingSpecError");
    }
  });
});
