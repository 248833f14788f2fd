/**
 * The hot-path issue's paper-scale benchmark (permutation-scenario.ts) on 64, 256 and 1024
 * hosts, each size in a process of its own so that peak RSS is that size's. Prints one JSON
 * line per size: events per packet-hop, packet-hops per second, us per hop, peak RSS, and the
 * seconds spent outside the simulation proper (parse, check, build the fabric, summarise).
 * `PERMUTATION_STAGES=3,4` picks sizes (4-ary n-tree stages).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseScenario, runScenario } from "@losslab/scenario";
import { benchLine } from "../../../test/bench-line.js";
import { permutationScenario } from "./permutation-scenario.js";

const stages = process.argv[2];
if (stages === undefined) {
  for (const size of (process.env.PERMUTATION_STAGES ?? "3,4,5").split(",")) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), size], {
      stdio: "inherit",
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
} else {
  const n = Number(stages);
  // One build, as `losslab run` does: `checkScenario` would build the whole fabric a first time.
  const started = performance.now();
  const result = runScenario(parseScenario(permutationScenario(n)));
  const setupSeconds = (performance.now() - started - result.stats.wallMs) / 1000;
  console.log(
    benchLine(`permutation-${4 ** n}`, result, {
      hosts: 4 ** n,
      delivered: result.delivered,
      buildSeconds: +setupSeconds.toFixed(3),
    }),
  );
}
