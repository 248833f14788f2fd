/**
 * ferrer-2012 scenario M on the 4-ary 3-tree (64 hosts, 48 CIOQ switches, 6 M cycles)
 * without congestion management (ferrer-nocmm) and with MVCM (ferrer-fig5's MVCM run), and
 * the paper-scale 4-ary 5-tree with MVCM (ferrer-fig10-large's) over a short horizon of
 * 2 M cycles (the hot spot starts near 0.12 M). One warm-up run of the small ones first, as
 * in the Santos bench; the first-run time is printed too.
 */

import { benchLine } from "../../../test/bench-line.js";
import { type FerrerParams, ferrerLarge, ferrerWith, runFerrer } from "../src/presets/ferrer-scenario.js";

function measure(bench: string, params: FerrerParams, warmUp = true): void {
  const first = performance.now();
  if (warmUp) runFerrer(params, 1);
  const coldSeconds = (performance.now() - first) / 1000;
  const { result } = runFerrer(params, 1);
  const extra = { simulatedCycles: params.durationCycles, packetsDelivered: result.delivered };
  console.log(benchLine(bench, result, warmUp ? { ...extra, coldSeconds: +coldSeconds.toFixed(3) } : extra));
}

measure("ferrer-nocmm", ferrerWith("noCMM"));
measure("ferrer-fig5-mvcm", ferrerWith("MVCM"));
measure("ferrer-fig10-large-mvcm-2M-cycles", ferrerWith("MVCM", { ...ferrerLarge, durationCycles: 2_000_000 }), false);
