/**
 * Issue 44's scale case: a ring all-reduce over 1,024 ranks on the 1,024 hosts of a k = 16
 * fat tree (Al-Fares: 16 pods of 8 edge switches of 8 hosts) at 25 Gb/s, the collective
 * presets' switches and packets (docs/spec/collectives.md), S = 1,024,000 B: 2,046 steps of
 * 1,024 one-packet flows (2,095,104 flows, each started when the one into its rank is
 * delivered). Prints one JSON line: the bench's numbers, the collective's completion time and
 * the wall time of the whole run (`totalSeconds`: build, simulation and summary). Not in the
 * test suite. `COLLECTIVE_BYTES` changes S (a multiple of 1,024,000 keeps the chunks whole
 * packets).
 */
import { parseScenario, runScenario } from "@losslab/scenario";
import { benchLine } from "../../../test/bench-line.js";
import { collectiveScenario } from "../src/presets/collective-scenario.js";

const bytes = Number(process.env.COLLECTIVE_BYTES ?? 1_024_000);
const started = performance.now();
const scenario = collectiveScenario({
  name: `ring all-reduce of ${bytes} B over 1024 ranks, k=16 fat tree`,
  seed: 1,
  durationMs: 20,
  traffic: [{ kind: "ring-allreduce", name: "ring", bytes }],
});
const result = runScenario(parseScenario({ ...scenario, topology: { ...scenario.topology, k: 16 } }));
const ring = result.collectives?.ring;
console.log(
  benchLine("collective-ring-1024", result, {
    ranks: 1024,
    bytes,
    flows: result.completions.ring?.count ?? 0,
    completionUs: ring === undefined ? null : +ring.maxUs.toFixed(3),
    totalSeconds: +((performance.now() - started) / 1000).toFixed(3),
  }),
);
