/** Wall time of the whole santos2002-fig5 sweep (45 runs of 500 ms) on 2 worker threads: target under 3 minutes. */
import { findPreset } from "@losslab/reproductions";
import { threadRunner } from "../src/sweep/thread-runner.js";

const start = performance.now();
const result = await findPreset("santos2002-fig5").run({ seed: 1, progress: () => {}, sweepRunner: threadRunner(2) });
const seconds = (performance.now() - start) / 1000;
console.log(
  JSON.stringify({
    bench: "santos2002-fig5-sweep",
    workers: 2,
    runs: 45,
    seconds: +seconds.toFixed(1),
    claimsPassed: result.checks.filter((c) => c.pass).length,
    claims: result.checks.length,
  }),
);
