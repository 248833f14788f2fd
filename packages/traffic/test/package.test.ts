/** Package rules: public API, README (kinds, stream names, example output). */
import { readmeOf, runReadmeExample } from "@losslab/test-kit/readme-examples";
import { describe, expect, it } from "vitest";
import * as traffic from "../src/index.js";

const readme = readmeOf("traffic");

describe("@losslab/traffic package rules (DESIGN.md)", () => {
  it("exports the public API and nothing else", () => {
    expect(Object.keys(traffic).sort()).toEqual([
      "KindError",
      "MAX_MESSAGE_BYTES",
      "MAX_SPEC_TIME_US",
      "PythonRandom",
      "allToAll",
      "allToAllSchedule",
      "bernoulli",
      "createGenerator",
      "defineDestinationPattern",
      "defineGenerator",
      "defineSizeDistribution",
      "dependentFlows",
      "destinationPatterns",
      "formatConnectionMatrix",
      "generators",
      "halvingDoublingAllreduce",
      "halvingDoublingSchedule",
      "hotSpot",
      "incast",
      "incastMatrix",
      "injectionProcessKinds",
      "matrixFlows",
      "matrixGraph",
      "matrixTraceCsv",
      "nestedTrafficKinds",
      "onOff",
      "outcastIncastMatrix",
      "parseConnectionMatrix",
      "parseNs3Flows",
      "parseTraceCsv",
      "parseTraceJson",
      "permutationMatrix",
      "pipeline",
      "pipelineSchedule",
      "poisson",
      "ringAllreduce",
      "ringSchedule",
      "sizeDistributions",
      "staggered",
      "startGenerators",
      "traceCsvColumns",
      "traceReplay",
      "trafficKinds",
    ]);
    expect(traffic.generators.kinds).toEqual([
      "on-off",
      "bernoulli",
      "poisson",
      "hot-spot",
      "trace",
      "incast",
      "flow-graph",
      "ring-allreduce",
      "halving-doubling-allreduce",
      "all-to-all",
      "pipeline",
      "htsim-matrix",
      "ns3-hpcc-flows",
    ]);
  });

  it("documents every kind, pattern, size, process and stream name in the README", () => {
    const names = [
      ...traffic.generators.kinds,
      ...traffic.destinationPatterns.kinds,
      ...traffic.sizeDistributions.kinds,
      ...traffic.injectionProcessKinds,
    ];
    for (const name of names) expect(readme).toContain(`\`${name}\``);
    for (const stream of [
      "<source>-><destination>",
      "<source>/arrivals",
      "<source>/destinations",
      "<source>/sizes",
      "/permutation",
      "/hosts",
    ]) {
      expect(readme).toContain(`traffic/<name>/${stream.replace(/^\//, "")}`);
    }
    expect(readme).toContain("startFlow(flow: TrafficFlow, onComplete?: () => void): number;");
  });

  it("runs the README example", () => {
    const output = runReadmeExample("traffic");
    for (const line of output.trim().split("\n")) expect(readme).toContain(line);
    expect(output).toContain("remote A1 -> BC  from 500 us to 100 ms");
    expect(output).toContain("150 us  message  B2 -> BV 2048 B (hot)");
    expect(output).toContain("67.604 us  message  A1 -> BC 8192 B (remote)");
    expect(output).toContain("bad spec: traffic.load must be a number > 0 and <= 1, got 1.5");
  });
});
