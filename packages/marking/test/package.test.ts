import { readmeOf, runReadmeExample } from "@losslab/test-kit/readme-examples";
import { describe, expect, it } from "vitest";
import * as marking from "../src/index.js";

const readme = readmeOf("marking");

describe("@losslab/marking package rules (DESIGN.md)", () => {
  it("exports the public API and nothing else", () => {
    expect(Object.keys(marking).sort()).toEqual([
      "KindError",
      "countedFactory",
      "createMarking",
      "defineMarkingPolicy",
      "ibCca",
      "ibCcaThresholdFraction",
      "inputOutputTriggered",
      "inputTriggered",
      "ipm",
      "markPacket",
      "markProbability",
      "markingPolicies",
      "mvpm",
      "naive",
      "noMarking",
      "opm",
      "outputQueue",
      "qcn",
      "qcnFeedback",
      "qcnSampleInterval",
      "quantizeQcnFeedback",
      "red",
      "turner",
    ]);
  });

  it("documents every kind in the README", () => {
    for (const kind of marking.markingPolicies.kinds) expect(readme).toContain(`\`${kind}\``);
  });

  it("runs the README example", () => {
    const output = runReadmeExample("marking");
    for (const line of output.trim().split("\n")) expect(readme).toContain(line);
    expect(output).toContain("naive                   full buffer: remote 4/4, local 0/4 (marked: 4)");
    expect(output).toContain("input-output-triggered  full buffer: remote 4/4, local 4/4 (marked: 8)");
    expect(output).toContain("bad spec: marking.outputThreshold must be an integer from 1 to 1000000, got -1");
  });
});
