/**
 * The charts `run --out` adds for datacenter metrics: slowdown against flow size (with
 * `result.slowdown`) and switch buffers over time (with `metrics.queueLengths.series`).
 */
import { toVegaLite } from "@losslab/reproductions";
import { parseScenario, runScenario } from "@losslab/scenario";
import { describe, expect, it } from "vitest";
import { queueChart } from "../src/charts/queue-chart.js";
import { renderChartSvg } from "../src/charts/render-chart.js";
import { slowdownChart } from "../src/charts/slowdown-chart.js";

/** Three messages alone in turn through one switch: 2048 B, 20480 B, 2048000 B (1, 10, 1000 packets). */
const lone = () =>
  runScenario(
    parseScenario({
      name: "lone flows",
      durationMs: 3,
      topology: { kind: "single-switch", hosts: 2 },
      traffic: [
        {
          kind: "trace",
          entries: [2048, 20480, 2_048_000].map((bytes, i) => ({
            timeUs: [0, 10, 50][i]!,
            source: "H0",
            destination: "H1",
            bytes,
          })),
        },
      ],
      metrics: { queueLengths: { series: ["S:in0"] } },
    }),
  );

describe("slowdownChart", () => {
  it("plots p99, p95 and p50 slowdown at each bucket's median size in KB, both axes log", async () => {
    const result = lone();
    const chart = slowdownChart(result)!;
    // Alone, every flow takes exactly its ideal time: slowdown 1 in its bucket (<= 10 KB, <= 100 KB, <= 10 MB).
    const points: Array<[number, number]> = [
      [2.048, 1],
      [20.48, 1],
      [2048, 1],
    ];
    expect(chart.series).toEqual([
      { name: "p99", points },
      { name: "p95", points },
      { name: "p50", points },
    ]);
    expect(chart).toMatchObject({ name: "slowdown", logX: true, logY: true, points: true });
    // A third of the smallest size to three times the largest.
    expect(chart.xDomain![0]).toBeCloseTo(2.048 / 3, 12);
    expect(chart.xDomain![1]).toBeCloseTo(2048 * 3, 12);
    const spec = JSON.stringify(toVegaLite(chart));
    expect(spec).toContain(
      '"y":{"field":"y","type":"quantitative","title":"slowdown (FCT / ideal FCT)","scale":{"type":"log"}}',
    );
    expect(spec).toContain('"point":{"size":36}');
    const svg = await renderChartSvg(chart);
    for (const name of ["p50", "p95", "p99", "flow size, median of its bucket (KB)"]) expect(svg).toContain(name);
  });

  it("is absent without flows of known size", () => {
    const result = runScenario(
      parseScenario({
        durationMs: 0.1,
        topology: { kind: "single-switch", hosts: 2 },
        flows: [{ source: "H0", destination: "H1" }],
      }),
    );
    expect(slowdownChart(result)).toBeUndefined();
    expect(queueChart(result)).toBeUndefined();
  });
});

describe("queueChart", () => {
  it("plots each recorded buffer's samples in KB against ms", () => {
    const result = lone();
    const chart = queueChart(result)!;
    expect(chart.name).toBe("queues");
    expect(chart.series.map((s) => s.name)).toEqual(["S:in0"]);
    const points = chart.series[0]!.points;
    // Every binUs (10 us) over 3 ms: 300 samples. At 10 us the input is empty (the 1-packet
    // flow ended at 2.128 us, the next starts at 10 us: its first header arrives at 10.01 us).
    expect(points).toHaveLength(300);
    expect(points[0]).toEqual([0.01, 0]);
    // A lone flow's packets leave as fast as they come: at most 2 in the input at once (2 x 2068 B).
    expect(Math.max(...points.map(([, kb]) => kb))).toBeLessThanOrEqual(4.136);
  });
});
