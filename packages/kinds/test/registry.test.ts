import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, expectTypeOf, it } from "vitest";
import { definer, KindError, kindsTable, Registry, type SpecOf, type SpecValue } from "../src/index.js";

const defineShape = definer<{ scale: number }, number>("shape");

const square = defineShape({
  kind: "square",
  description: "a square of side `side`",
  parameters: {
    side: { type: "integer", min: 1, max: 10, description: "side, units" },
    filled: { type: "boolean", default: true, description: "filled or not" },
    unit: { type: "choice", values: ["cm", "in"], optional: true, description: "unit" },
  },
  create: ({ side }, { scale }) => side * side * scale,
});

const circle = defineShape({
  kind: "circle",
  description: "a circle",
  parameters: {
    radius: { type: "number", min: 0, minExclusive: true, description: "radius" },
    marks: {
      type: "list",
      items: { type: "integer", min: 0, description: "a mark" },
      maxItems: 2,
      default: [],
      description: "marks",
    },
  },
  create: ({ radius }, { scale }) => Math.PI * radius * radius * scale,
});

const shapes = new Registry("shape", [square, circle]);

describe("Registry", () => {
  it("builds a kind from a spec with its defaults and the context", () => {
    expect(shapes.create({ kind: "square", side: 3 }, { scale: 2 })).toBe(18);
    expect(shapes.kinds).toEqual(["square", "circle"]);
  });

  it("names the field and what is allowed for every kind of mistake", () => {
    const message = (spec: unknown, path?: string) => {
      const { field, message } = errorOf(KindError, () => shapes.create(spec, { scale: 1 }, path));
      return `${field} | ${message}`;
    };
    expect(message({ kind: "sqare" })).toBe('shape.kind | shape.kind: unknown "sqare"; allowed: square, circle');
    expect(message({})).toBe("shape.kind | shape.kind is missing; allowed: square, circle");
    expect(message(7)).toBe('shape | shape must be an object with a "kind" field, got 7');
    expect(message({ kind: "square", side: 3, colour: 1 })).toBe(
      'shape.colour | shape.colour: unknown field for kind "square"; allowed: kind, side, filled, unit',
    );
    expect(message({ kind: "square", side: 11 })).toBe(
      "shape.side | shape.side must be an integer from 1 to 10, got 11",
    );
    expect(message({ kind: "square", side: 2.5 })).toContain("must be an integer from 1 to 10, got 2.5");
    expect(message({ kind: "square" })).toBe(
      "shape.side | shape.side is missing: give an integer from 1 to 10 (side, units)",
    );
    expect(message({ kind: "square", side: 1, unit: "mm" })).toContain('must be one of "cm", "in", got "mm"');
    expect(message({ kind: "square", side: 1, filled: "yes" })).toContain("must be true or false");
    expect(message({ kind: "circle", radius: 0 })).toContain("shape.radius must be a number > 0, got 0");
    expect(message({ kind: "circle", radius: 1, marks: [1, -1] }, "shapes[2]")).toBe(
      "shapes[2].marks[1] | shapes[2].marks[1] must be a non-negative integer, got -1",
    );
    expect(message({ kind: "circle", radius: 1, marks: [1, 2, 3] })).toContain(
      "must be a list of at most 2 items, each a non-negative integer",
    );
  });

  it("adds a plugin's kinds without changing itself, and refuses a duplicate or a foreign kind", () => {
    const triangle = defineShape({ kind: "triangle", description: "t", parameters: {}, create: () => 1 });
    const more = shapes.with([triangle]);
    expect(more.kinds).toEqual(["square", "circle", "triangle"]);
    expect(shapes.get("triangle")).toBeUndefined();
    expect(() => more.with([triangle])).toThrow('shape kind "triangle" is defined twice');
    const line = definer<never, number>("line")({ kind: "dash", description: "", parameters: {}, create: () => 0 });
    expect(() => shapes.with([line])).toThrow('kind "dash" is a line kind, not a shape kind');
  });

  it("types specs from the definition: required, defaulted and optional fields", () => {
    type Square = SpecOf<typeof square>;
    expectTypeOf<Square>().toEqualTypeOf<{ kind: "square" } & { side: number; filled?: boolean; unit?: "cm" | "in" }>();
  });

  it("checks a nested spec's shape and a text's length; the factory builds the spec with its family's registry", () => {
    const defineFrame = definer<{ shapes: typeof shapes; scale: number }, number>("frame");
    const frame = defineFrame({
      kind: "frame",
      description: "a frame around a shape",
      parameters: {
        label: { type: "text", minLength: 1, maxLength: 3, description: "label" },
        inside: { type: "spec", family: "shape", description: "the shape framed" },
      },
      create: ({ inside }, context) => 1 + context.shapes.create(inside, context, "frame.inside"),
    });
    const frames = new Registry("frame", [frame]);
    const context = { shapes, scale: 1 };
    expect(frames.create({ kind: "frame", label: "a", inside: { kind: "square", side: 2 } }, context)).toBe(5);
    const message = (spec: object) =>
      errorOf(Error, () =>
        frames.create({ kind: "frame", label: "a", inside: { kind: "square", side: 2 }, ...spec }, context),
      ).message;
    expect(message({ inside: [] })).toBe('frame.inside must be a shape spec, an object with a "kind", got an array');
    expect(message({ inside: { kind: "square", side: 0 } })).toBe(
      "frame.inside.side must be an integer from 1 to 10, got 0",
    );
    expect(message({ label: "" })).toBe('frame.label must be a non-empty string of at most 3 characters, got ""');
    expect(message({ label: "abcd" })).toContain("must be a non-empty string of at most 3 characters");
    expectTypeOf<SpecOf<typeof frame>["inside"]>().toEqualTypeOf<SpecValue>();
    expect(kindsTable(frames.definitions)).toContain(
      '| | `inside` | a shape spec, an object with a "kind" | **required** | the shape framed |',
    );
  });

  it("tables every kind and parameter for the docs", () => {
    const table = kindsTable(shapes.definitions);
    expect(table).toContain("| `square` | | | | a square of side `side` |");
    expect(table).toContain("| | `side` | an integer from 1 to 10 | **required** | side, units |");
    expect(table).toContain("| | `filled` | true or false | `true` | filled or not |");
    expect(table).toContain('| | `unit` | one of "cm", "in" | (optional) | unit |');
  });
});
