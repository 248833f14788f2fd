import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHART_HEIGHT, CHART_WIDTH, type Chart, toVegaLite } from "@losslab/reproductions";
import { describe, expect, it } from "vitest";
import { DEFAULT_PNG_SCALE, renderChartPng, renderChartSvg, writeChart } from "../src/charts/render-chart.js";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ramp(n: number, f: (t: number) => number, t0 = 0, t1 = 10): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => {
    const t = t0 + ((t1 - t0) * i) / (n - 1);
    return [t, f(t)];
  });
}

const lineChart: Chart = {
  name: "throughput",
  title: "Throughput of hot-spot and victim flows",
  xLabel: "Time (ms)",
  yLabel: "Throughput (Gb/s)",
  series: [
    { name: "Hot-spot flows", points: ramp(200, (t) => 40 + 30 * Math.sin(t)) },
    { name: "Victim flow", points: ramp(200, (t) => (t > 3 && t < 7 ? 10 : 80)) },
    {
      name: "Victim flow (discrete)",
      points: ramp(200, (t) => (t > 3 && t < 7 ? 15 : 75)),
      dashed: true,
    },
  ],
  yDomain: [0, 100],
};

function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  // IHDR is the first chunk: length(4) "IHDR"(4) width(4) height(4).
  expect(String.fromCharCode(...png.subarray(12, 16))).toBe("IHDR");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The contents of the `<g>` groups vega emits for marks of one kind, e.g. "mark-line
 * role-mark" (mark groups of lines and rects hold only paths, no nested groups).
 */
function markGroups(svg: string, cls: string): string[] {
  const re = new RegExp(`<g class="${cls}[^"]*"[^>]*>(.*?)</g>`, "g");
  return [...svg.matchAll(re)].map((m) => m[1] as string);
}

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] as string);
}

describe("renderChartSvg", () => {
  it("draws the title, axis titles, a legend and one path per series", async () => {
    const svg = await renderChartSvg(lineChart);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(`width="${CHART_WIDTH}" height="${CHART_HEIGHT}"`);
    expect(svg).toContain('<rect width="720" height="360" fill="white"/>');
    const t = texts(svg);
    expect(t).toContain(lineChart.title);
    expect(t).toContain("Time (ms)");
    expect(t).toContain("Throughput (Gb/s)");
    for (const s of lineChart.series) expect(t).toContain(s.name);
    const lines = markGroups(svg, "mark-line role-mark");
    expect(lines).toHaveLength(lineChart.series.length);
    for (const g of lines) expect(g.match(/<path /g)).toHaveLength(1);
    // Series get distinct colours; only the dashed one is dashed.
    const strokes = lines.map((g) => /stroke="(#[0-9a-f]{6})"/i.exec(g)?.[1]);
    expect(new Set(strokes).size).toBe(lineChart.series.length);
    const dashes = lines.map((g) => /stroke-dasharray="([^"]*)"/.exec(g)?.[1]);
    expect(dashes).toEqual(["1,0", "1,0", "6,4"]);
    expect(svg).toContain('font-family="DejaVu Sans"');
  });

  it("uses a log x axis when asked and drops x <= 0", async () => {
    const chart: Chart = {
      name: "cdf",
      title: "Latency CDF",
      xLabel: "Latency (us)",
      yLabel: "CDF",
      logX: true,
      series: [
        { name: "A", points: [[0, 0], ...ramp(50, (t) => 1 - Math.exp(-t / 50), 1, 1000)] },
        { name: "B", points: ramp(50, (t) => 1 - Math.exp(-t / 200), 1, 1000), dashed: true },
      ],
    };
    const spec = JSON.stringify(toVegaLite(chart));
    expect(spec).toContain('"type":"log"');
    expect(spec).not.toContain('"x":0,');
    const svg = await renderChartSvg(chart);
    const t = texts(svg);
    for (const tick of ["1", "10", "100", "1,000"]) expect(t).toContain(tick);
    expect(markGroups(svg, "mark-line role-mark")).toHaveLength(2);
  });

  it("marks the points of a line chart whose series have one point each (a line of one point draws nothing)", async () => {
    const chart: Chart = {
      name: "short",
      title: "A run of one window",
      xLabel: "time (ms)",
      yLabel: "rate",
      series: [
        { name: "A", points: [[1, 0.5]] },
        { name: "B", points: [[1, 0.25]] },
      ],
    };
    expect(JSON.stringify(toVegaLite(chart))).toContain('"point":{"size":36}');
    const longer: Chart = { ...chart, series: [{ name: "A", points: ramp(10, (t) => t, 1, 10) }] };
    expect(JSON.stringify(toVegaLite(longer))).not.toContain('"point"');
    const svg = await renderChartSvg(chart);
    const dots = markGroups(svg, "mark-symbol role-mark");
    expect(dots).toHaveLength(1);
    expect(dots[0]!.match(/<path/g)).toHaveLength(2);
  });

  it("draws grouped bars: x values as categories, one bar per series in each", async () => {
    const chart: Chart = {
      name: "marked",
      title: "Marked packets",
      xLabel: "Congestion level",
      yLabel: "Marked packets (%)",
      kind: "bar",
      series: [
        {
          name: "Hot flows",
          points: [
            [1, 12.5],
            [2, 30],
            [3, 4],
          ],
        },
        {
          name: "Victim flows",
          points: [
            [1, 2],
            [2, 25],
          ],
        },
      ],
    };
    const svg = await renderChartSvg(chart);
    const bars = markGroups(svg, "mark-rect role-mark");
    // The data layer, then the plot frame.
    expect(bars).toHaveLength(2);
    expect(bars[0]?.match(/<path /g)).toHaveLength(5);
    const t = texts(svg);
    for (const label of ["1", "2", "3", "Hot flows", "Victim flows", "Congestion level"]) {
      expect(t).toContain(label);
    }
    expect(markGroups(svg, "mark-line role-mark")).toHaveLength(0);
  });

  it("draws one bar per series, named on the axis, when each series has one point", async () => {
    const chart: Chart = {
      name: "marked-schemes",
      title: "Marked packets per scheme",
      xLabel: "Scheme",
      yLabel: "Marked packets (%)",
      kind: "bar",
      series: [
        { name: "ECN", points: [[0, 12.5]] },
        { name: "FECN", points: [[0, 30]] },
        { name: "None", points: [[0, 0]] },
      ],
    };
    const svg = await renderChartSvg(chart);
    expect(markGroups(svg, "mark-rect role-mark")[0]?.match(/<path /g)).toHaveLength(3);
    expect(texts(svg)).toEqual(expect.arrayContaining(["ECN", "FECN", "None"]));
    expect(svg).not.toContain("role-legend");
  });

  it("shades x intervals as grey rectangles behind the lines", async () => {
    const chart: Chart = { ...lineChart, shade: [[3, 7]] };
    const svg = await renderChartSvg(chart);
    const shadeAt = svg.indexOf('<g class="mark-rect role-mark layer_0_marks"');
    const lineAt = svg.indexOf('<g class="mark-line role-mark');
    expect(shadeAt).toBeGreaterThan(0);
    expect(shadeAt).toBeLessThan(lineAt);
    const shade = markGroups(svg, "mark-rect role-mark layer_0_marks")[0] ?? "";
    expect(shade).toContain('fill="#000000" opacity="0.1"');
    // The x domain is 0..10 and the plot spans the full height, so the rectangle is
    // 40% of the plot's width and as tall as the plot.
    const d = /<path [^>]*d="M([\d.]+),([\d.]+)h([\d.]+)v([\d.]+)h/.exec(shade);
    expect(d).not.toBeNull();
    const [x, y, w, h] = (d as RegExpExecArray).slice(1).map(Number) as [number, number, number, number];
    const frame = markGroups(svg, "mark-rect role-mark")[1] ?? "";
    const f = /d="M0,0h([\d.]+)v([\d.]+)h/.exec(frame);
    expect(f).not.toBeNull();
    const [fw, fh] = (f as RegExpExecArray).slice(1).map(Number) as [number, number];
    expect(y).toBe(0);
    expect(h).toBeCloseTo(fh, 5);
    expect(x / fw).toBeCloseTo(0.3, 2);
    expect(w / fw).toBeCloseTo(0.4, 2);
  });

  it("renders a chart with no series", async () => {
    const svg = await renderChartSvg({ ...lineChart, series: [] });
    expect(texts(svg)).toContain(lineChart.title);
  });
});

describe("renderChartPng", () => {
  it("writes a PNG of the chart size times the scale", async () => {
    const png = await renderChartPng(lineChart);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(pngSize(png)).toEqual({
      width: CHART_WIDTH * DEFAULT_PNG_SCALE,
      height: CHART_HEIGHT * DEFAULT_PNG_SCALE,
    });
    const small = await renderChartPng(lineChart, { scale: 1 });
    expect(pngSize(small)).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    await expect(renderChartPng(lineChart, { scale: 0 })).rejects.toThrow(RangeError);
  });

  it("draws text with the bundled font", async () => {
    // Titles of the same length only change the drawn glyphs: were no font loaded, resvg
    // would draw no text and both images would be the same.
    const a = await renderChartPng({ ...lineChart, title: "Alpha" }, { scale: 1 });
    const b = await renderChartPng({ ...lineChart, title: "Omega" }, { scale: 1 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});

describe("determinism", () => {
  it("gives byte-identical SVG and PNG for the same chart", async () => {
    const chart: Chart = { ...lineChart, shade: [[2, 4]] };
    const svg1 = await renderChartSvg(chart);
    const png1 = await renderChartPng(chart);
    // Another chart in between must not shift ids (e.g. clip paths) in the next one.
    await renderChartSvg({ ...lineChart, kind: "bar" });
    const [svg2, png2] = await Promise.all([renderChartSvg(chart), renderChartPng(chart)]);
    expect(svg2).toBe(svg1);
    expect(Buffer.from(png2).equals(Buffer.from(png1))).toBe(true);
  });
});

describe("writeChart", () => {
  it("writes <dir>/<name>.svg and .png", async () => {
    const dir = await mkdtemp(join(tmpdir(), "losslab-chart-"));
    try {
      const out = await writeChart(lineChart, join(dir, "figs"));
      expect(out).toEqual({
        svg: join(dir, "figs", "throughput.svg"),
        png: join(dir, "figs", "throughput.png"),
      });
      expect(await readFile(out.svg, "utf8")).toBe(await renderChartSvg(lineChart));
      const png = await readFile(out.png);
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
