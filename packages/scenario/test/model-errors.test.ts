/**
 * Errors as data: a scenario built in code skips the parser's checks, so the models refuse
 * what is wrong when the fabric is built; each refusal is an `OptionError` naming the model's
 * option, and the scenario reports it at the field the option came from (recorded as the
 * options were built: `option-fields.ts`), never by reading the message.
 */

import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import { parseScenario, runScenario, type Scenario, ScenarioError } from "../src/index.js";

const valid = parseScenario({
  durationMs: 0.01,
  topology: { kind: "single-switch", hosts: 2 },
  flows: [{ source: "H0", destination: "H1" }],
});

/** The message `runScenario` refuses `valid` with, changed at `section` by `change`. */
function refusal(section: "switch" | "adapter" | "packets", change: object): string {
  const scenario = { ...valid, [section]: { ...valid[section], ...change } } as Scenario;
  return errorOf(ScenarioError, () => runScenario(scenario)).message;
}

describe("a model's refusal names the scenario field its option came from", () => {
  it("switch options in model units: the field in scenario units, or the one of two that sized it", () => {
    expect(refusal("switch", { forwardingDelayNs: -1 })).toBe(
      "switch.forwardingDelayNs: S: forwardingDelay must be a whole number of picoseconds >= 0; got -1000",
    );
    expect(refusal("switch", { bufferPackets: 0 })).toMatch(/^switch\.bufferPackets: S: inputBufferBytes cannot hold/);
    expect(refusal("switch", { bufferPackets: undefined, inputBufferBytes: 100 })).toMatch(
      /^switch\.inputBufferBytes: S: inputBufferBytes cannot hold .*; got 100$/,
    );
    expect(refusal("switch", { maxBypass: -1 })).toMatch(/^switch\.maxBypass: S\.maxBypass must be/);
    expect(refusal("switch", { flowControl: { kind: "pause", xoffBytes: 99_999, xonBytes: 1 } })).toMatch(
      /^switch\.flowControl\.xoffBytes: S: flowControl\.xoffBytes must be below the input buffer's 8448 B; got 99999$/,
    );
  });

  it("adapter options: the adapter's fields, in their units", () => {
    expect(refusal("adapter", { controlVl: 3 })).toBe(
      "adapter.controlVl: H0: controlVl must be an integer 0..0 (below vls); got 3",
    );
    expect(refusal("adapter", { ackCoalescing: 4 })).toBe(
      "adapter.ackCoalescingTimeoutUs: H0: ackCoalescingTimeout is needed with ackCoalescing > 1 (Infinity for none)",
    );
    expect(refusal("adapter", { pacing: "eager" })).toBe(
      'adapter.pacing: H0: pacing must be "since-start" or "scheduled"; got "eager"',
    );
  });

  it("link options: the packets' wire overhead", () => {
    expect(refusal("packets", { wireOverheadBytes: -1 })).toMatch(
      /^packets\.wireOverheadBytes: H0->S: overheadBytes must be a finite number >= 0; got -1$/,
    );
  });
});
