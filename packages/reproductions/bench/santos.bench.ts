/**
 * Wall time of the Santos presets' simulations (issue targets: santos2002-fig2a, 100 ms
 * simulated, under 1 s). One warm-up run first so the JIT settles, as a user running a
 * sweep would see it; the first-run time is printed too.
 */

import { benchLine } from "../../../test/bench-line.js";
import { fig2aParams } from "../src/presets/santos-fig2a.js";
import { fig4Params } from "../src/presets/santos-fig4.js";
import { runSantos, type SantosParams } from "../src/presets/santos-scenario.js";

function measure(bench: string, params: SantosParams): void {
  const first = performance.now();
  runSantos(params, 1);
  const coldSeconds = (performance.now() - first) / 1000;
  const { result } = runSantos(params, 1);
  console.log(benchLine(bench, result, { simulatedMs: params.durationMs, coldSeconds: +coldSeconds.toFixed(3) }));
}

measure("santos2002-fig2a", { ...fig2aParams, victimMs: [40, 60] });

// santos2002-fig4b at 500 ms (L=10, R=10, input-triggered marking, LIPD): target under 3 s.
measure("santos2002-fig4b-500ms", { ...fig4Params({ kind: "input-triggered" }), durationMs: 500 });
