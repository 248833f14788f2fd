import type { ScenarioResult } from "@losslab/scenario";
import { round } from "../check.js";
import type { Chart } from "./chart.js";

/** Points of a completion chart: [collective size S in bytes, completion time in us]. */
export interface CompletionSeries {
  name: string;
  points: Array<[number, number]>;
  /** A measured series and its line share a colour when they share this key. */
  colorKey?: string;
}

/**
 * Completion time against collective size, both axes log: a series of dots per measured
 * collective and, dashed, the lines it is judged against (a bandwidth bound, a model).
 */
export function completionChart(options: {
  name: string;
  title: string;
  measured: CompletionSeries[];
  lines: CompletionSeries[];
}): Chart {
  return {
    name: options.name,
    title: options.title,
    xLabel: "collective size S (bytes)",
    yLabel: "completion time (us)",
    logX: true,
    logY: true,
    points: true,
    series: [
      ...options.measured.map((series) => ({ ...series })),
      ...options.lines.map((series) => ({ ...series, dashed: true })),
    ],
  };
}

/**
 * The bytes each rank of a collective must put on its link, over S: 2(n - 1)/n for the
 * all-reduces (Patarasuk and Yuan's bound), (n - 1)/n for all-to-all, 1 for a pipeline's
 * senders; undefined for a kind it does not know (a plugin's).
 */
export function sentPerByte(kind: string, ranks: number): number | undefined {
  switch (kind) {
    case "ring-allreduce":
    case "halving-doubling-allreduce":
      return (2 * (ranks - 1)) / ranks;
    case "all-to-all":
      return (ranks - 1) / ranks;
    case "pipeline":
      return 1;
    default:
      return undefined;
  }
}

/**
 * A run's collectives (`result.collectives`), one series per kind: each collective's mean
 * completion time at its size, and its kind's bandwidth bound, sentPerByte x S over the host
 * link's payload rate (bandwidth x payload / (data packet + wire overhead): the ACKs a rank
 * also sends are not counted, so the bound is a floor). Undefined without collectives.
 */
export function collectivesChart(result: ScenarioResult): Chart | undefined {
  const collectives = Object.values(result.collectives ?? {});
  if (collectives.length === 0) return undefined;
  const { packets, topology } = result.scenario;
  const payloadRate =
    (topology.bandwidth * (packets.dataBytes - packets.headerBytes)) / (packets.dataBytes + packets.wireOverheadBytes);
  // One measured series and one bound line per kind and rank count, points by size.
  const groups = new Map<string, { kind: string; ranks: number; points: Array<[number, number]> }>();
  for (const c of [...collectives].sort((a, b) => a.bytes - b.bytes)) {
    const key = `${c.kind}, ${c.ranks} ranks`;
    const group = groups.get(key) ?? { kind: c.kind, ranks: c.ranks, points: [] };
    group.points.push([c.bytes, round(c.meanUs)]);
    groups.set(key, group);
  }
  return completionChart({
    name: "collectives",
    title: `Collectives' completion against size: ${result.scenario.name}`,
    measured: [...groups].map(([name, group]) => ({ name, points: group.points, colorKey: name })),
    lines: [...groups].flatMap(([name, group]) => {
      const share = sentPerByte(group.kind, group.ranks);
      if (share === undefined) return [];
      const points = group.points.map(([bytes]): [number, number] => [
        bytes,
        round(((share * bytes) / payloadRate) * 1e6),
      ]);
      return [{ name: `bound, ${name}`, points, colorKey: name }];
    }),
  });
}
