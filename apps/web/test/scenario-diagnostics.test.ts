import { describe, expect, it } from "vitest";
import { checkScenarioText } from "../src/scenario-diagnostics.js";

/** The text each problem underlines, and its message. */
function problems(text: string) {
  const verdict = checkScenarioText(text);
  return verdict.problems.map((problem) => ({ at: text.slice(problem.from, problem.to), message: problem.message }));
}

describe("the editor's errors, placed at the field the scenario package names", () => {
  it("accepts a valid scenario", () => {
    const verdict = checkScenarioText(
      "durationMs: 2\ntopology: { kind: two-switch, local: 1, remote: 1 }\nflows: { pattern: santos }\n",
    );
    expect(verdict.problems).toEqual([]);
    expect("scenario" in verdict && verdict.scenario.durationMs).toBe(2);
  });

  it("underlines a bad value, and the key of the mapping that misses a field", () => {
    const found = problems("durationMs: -1\ntopology:\n  kind: two-switch\n  remote: 1\nflows: { pattern: santos }\n");
    expect(found).toEqual([
      { at: "-1", message: expect.stringMatching(/^durationMs: Too small/) },
      { at: "topology", message: expect.stringMatching(/^topology\.local: .*missing/) },
    ]);
  });

  it("underlines a value in a sequence item, and an unknown kind", () => {
    const found = problems("durationMs: 2\ntopology: { kind: nope }\nflows:\n  - { source: B1, destination: 3 }\n");
    expect(found.map((problem) => problem.at)).toContain("nope");
    expect(found.find((problem) => problem.at === "nope")?.message).toMatch(
      /^topology\.kind: unknown "nope"; allowed: two-switch/,
    );
  });

  it("places a YAML syntax error where the parser found it", () => {
    const text = "durationMs: 2\ntopology: [\n";
    const verdict = checkScenarioText(text);
    expect("message" in verdict && verdict.message).toMatch(/not valid YAML or JSON/);
    expect(verdict.problems.length).toBeGreaterThan(0);
    expect(verdict.problems[0]?.from).toBeGreaterThanOrEqual("durationMs: 2\n".length);
  });
});
