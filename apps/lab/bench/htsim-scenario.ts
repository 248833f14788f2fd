/**
 * Writes the htsim-matched scenario (htsim-roce.ts) as JSON on stdout, for `losslab run`:
 *
 *     node --conditions=@losslab/source --import tsx apps/lab/bench/htsim-scenario.ts [options] > matched.json
 *
 * Options:
 *   --matrix FILE     an htsim connection matrix (.cm); default: the one htsim's
 *                     gen_permutation.py writes for --nodes hosts, 2 000 000 B flows, seed 1
 *   --nodes N         hosts when no --matrix is given: 1024 (k = 16, default), 8192 (k = 32), ...
 *   --switch S        shared-buffer (default) | input-buffered | voq | fifo | cioq, or a JSON switch object
 *                     (any organisation, used as it is)
 *   --ms T            simulated ms (default 1)
 *   --group-per-flow  one group per flow, so that `completions` holds every flow's time
 *   --ecmp-draw N     another draw of the ECMP paths (the trace's rows reordered; 0 = as given)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type FlowMatrix, permutationMatrix } from "@losslab/traffic";
import { readFlowMatrix } from "./connection-matrix.js";
import { HTSIM_FLOW_BYTES, htsimScenario, parseHtsimSwitch } from "./htsim-roce.js";

const { values } = parseArgs({
  options: {
    matrix: { type: "string" },
    nodes: { type: "string", default: "1024" },
    switch: { type: "string" },
    ms: { type: "string", default: "1" },
    "group-per-flow": { type: "boolean", default: false },
    "ecmp-draw": { type: "string", default: "0" },
  },
});

const nodes = Number(values.nodes);
const matrix: FlowMatrix =
  values.matrix === undefined
    ? permutationMatrix(nodes, nodes, HTSIM_FLOW_BYTES, 1)
    : readFlowMatrix(readFileSync(values.matrix, "utf8"), values.matrix);
const scenario = htsimScenario({
  nodes: matrix.nodes,
  flows: matrix.flows,
  durationMs: Number(values.ms),
  switch: parseHtsimSwitch(values.switch, "--switch"),
  groupPerFlow: values["group-per-flow"],
  ecmpDraw: Number(values["ecmp-draw"]),
});
console.log(JSON.stringify(scenario));
