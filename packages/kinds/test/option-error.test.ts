/** `OptionError`: a model's refusal of one option, as data (the option, the problem, the limit) and as a message. */
import { describe, expect, it } from "vitest";
import { OptionError, parametersTable } from "../src/index.js";

describe("OptionError", () => {
  it("names the device, the option and the problem, and keeps each as data", () => {
    const error = OptionError.of("S input 3", "flowControl.xoffBytes", "must be below the input buffer's 9216 B", {
      value: 9300,
      limit: 9216,
    });
    expect(error).toBeInstanceOf(RangeError);
    expect(error.name).toBe("OptionError");
    expect(error.message).toBe("S input 3: flowControl.xoffBytes must be below the input buffer's 9216 B; got 9300");
    expect([error.option, error.problem, error.limit]).toEqual([
      "flowControl.xoffBytes",
      "must be below the input buffer's 9216 B",
      9216,
    ]);
  });

  it("quotes the value as error messages do, and leaves it out when not given", () => {
    expect(OptionError.of("H0", "pacing", "must be one of two", { value: "eager" }).message).toBe(
      'H0: pacing must be one of two; got "eager"',
    );
    const bare = OptionError.of("H0", "nonCompliantSources", "needs a managerHost");
    expect(bare.message).toBe("H0: nonCompliantSources needs a managerHost");
    expect(bare.limit).toBeUndefined();
  });

  it("takes a message of its own; its problem is then the whole message", () => {
    const error = new OptionError("kind", 'S: unknown switch organisation "oq"');
    expect([error.option, error.problem]).toEqual(["kind", 'S: unknown switch organisation "oq"']);
  });
});

describe("parametersTable", () => {
  it("lists parameters every kind of a family has, in kindsTable's columns", () => {
    const table = parametersTable({
      delayNs: { type: "number", min: 0, default: 40, option: "delay", description: "a delay, ns" },
      bytes: { type: "integer", min: 1, optional: true, description: "a size | in bytes" },
    });
    expect(table.split("\n")).toEqual([
      "| parameter | allowed | default | what it is |",
      "| --- | --- | --- | --- |",
      "| `delayNs` | a number >= 0 | `40` | a delay, ns |",
      "| `bytes` | a positive integer | (optional) | a size \\| in bytes |",
    ]);
  });
});
