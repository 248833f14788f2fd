/**
 * htsim_roce's permutation on its own fabric (htsim-roce.ts): gen_permutation.py's matrix
 * (2 000 000 B flows, seed 1, rebuilt by connection-matrix.ts) on the 3-tier fat tree, each
 * size in a process of its own so that peak RSS is that size's. By default the K = 16 fat tree
 * (1024 hosts) for htsim's 1 ms and the K = 32 one (8192 hosts) for 0.1 ms:
 *
 *     HTSIM_RUNS=1024:1,8192:0.1   hosts:ms, the runs (default)
 *     HTSIM_SWITCH=cioq            an organisation htsimSwitch knows, or a JSON switch object
 *
 * Besides the usual fields, each line counts hops as the comparison with htsim does (data and
 * ACK frames; PAUSE frames, which htsim sends outside its links, are left out): `dataAckHops`,
 * `eventsPerDataAckHop`, `dataAckHopsPerSecond`; and `flowsCompleted`, the flows whose last
 * packet arrived by the end.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseScenario, runScenario } from "@losslab/scenario";
import { permutationMatrix } from "@losslab/traffic";
import { benchLine } from "../../../test/bench-line.js";
import { fatTreeK, HTSIM_FLOW_BYTES, htsimScenario, parseHtsimSwitch, type SwitchSpec } from "./htsim-roce.js";

const run = process.argv[2];
if (run === undefined) {
  for (const each of (process.env.HTSIM_RUNS ?? "1024:1,8192:0.1").split(",")) {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), each], {
      stdio: "inherit",
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
} else {
  const [hosts, ms] = run.split(":").map(Number) as [number, number];
  const k = fatTreeK(hosts);
  const { nodes, flows } = permutationMatrix(hosts, hosts, HTSIM_FLOW_BYTES, 1);
  const scenario = htsimScenario({
    nodes,
    flows,
    durationMs: ms,
    switch: parseHtsimSwitch(process.env.HTSIM_SWITCH, "HTSIM_SWITCH"),
  });
  const started = performance.now();
  const result = runScenario(parseScenario(scenario));
  const setupSeconds = (performance.now() - started - result.stats.wallMs) / 1000;
  const { data, ack } = result.stats.packetHops;
  const dataAckHops = data + ack;
  console.log(
    benchLine(`htsim-k${k}`, result, {
      hosts,
      switch: (scenario.switch as SwitchSpec).kind,
      simulatedMs: ms,
      flowsCompleted: result.completions.perm?.count ?? 0,
      dataAckHops,
      eventsPerDataAckHop: +(result.stats.events / dataAckHops).toFixed(3),
      dataAckHopsPerSecond: Math.round(dataAckHops / (result.stats.wallMs / 1000)),
      buildSeconds: +setupSeconds.toFixed(3),
    }),
  );
}
