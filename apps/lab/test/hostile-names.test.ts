/**
 * Outputs that cannot carry code (issue 42): flow-group names and sweep values that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR), that break out of a vega
 * expression string (`\"`), or that are HTML, written through every output the lab makes: the
 * CSVs (neutralised and quoted), result.json and results.json (the names as they are), the
 * SVG and PNG charts (drawn, the names as text: they used to stop the charts with a stack
 * trace) and the HTML report (in Chromium: shown as text, no script runs). The web page's
 * side is in apps/web/test/browser.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromiumLaunchOptions, chromiumMissing, watchedPage } from "@losslab/test-kit/chromium";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { renderChartSvg } from "../src/charts/render-chart.js";
import { svgProblem } from "../src/report/chart-svg.js";
import { parseCsv } from "../src/sweep/sweep-table.js";
import { reportOf } from "./report-page.js";

/** Names each output must carry as data. */
const NAMES = [
  '=HYPERLINK("http://evil.example/","click")',
  "+1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(A1:A9)",
  "\tTAB",
  "a\rb",
  'x\\"y',
  '"); alert(1); ("',
  "<script>document.title='pwned'</script>",
];

/** No cell of a CSV starts like a formula unless it is a number. */
function neutralised(csv: string): string[] {
  const bad: string[] = [];
  for (const record of parseCsv(csv)) {
    for (const cell of record) {
      if (/^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell)) bad.push(cell);
    }
  }
  return bad;
}

const isPng = (bytes: Buffer) =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe("hostile names through every output", () => {
  it("run --out: CSV cells neutralised, result.json exact, SVG and PNG drawn with the names as text", {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-names-"));
    const file = join(dir, "scenario.json");
    const hosts = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"];
    writeFileSync(
      file,
      JSON.stringify({
        name: NAMES[0],
        durationMs: 2,
        topology: { kind: "two-switch", local: hosts.length, remote: 0 },
        flows: NAMES.map((group, i) => ({ source: hosts[i], destination: "BC", group })),
      }),
    );
    const out = join(dir, "out");
    const run = losslab("run", file, "--out", out, "--json");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.status).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(out, "result.json"), "utf8")).summary.groups)).toEqual(NAMES);
    for (const name of readdirSync(out)) {
      if (name.endsWith(".csv")) {
        const csv = readFileSync(join(out, name), "utf8");
        expect(neutralised(csv), name).toEqual([]);
        // Every name comes back from the CSV, neutralised with a leading ' where it started like a formula.
        if (name === "groups.csv") {
          const series = new Set(
            parseCsv(csv)
              .slice(1)
              .map((record) => record[0]),
          );
          for (const group of NAMES) expect(series.has(/^[=+\-@\t\r]/.test(group) ? `'${group}` : group)).toBe(true);
        }
      }
    }
    const svg = readFileSync(join(out, "groups.svg"), "utf8");
    expect(svgProblem(svg)).toBeUndefined();
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).not.toContain("<script");
    expect(isPng(readFileSync(join(out, "groups.png")))).toBe(true);
  });

  it("sweep: values that start like formulas are neutralised in results.csv, exact in results.json, and chart", {
    timeout: 60_000,
  }, () => {
    const dir = mkdtempSync(join(tmpdir(), "losslab-names-"));
    const file = join(dir, "sweep.json");
    const values = ["=1+1", "+cmd", "-x", "@SUM(A1)", "a\rb", 'x\\"y'];
    writeFileSync(
      file,
      JSON.stringify({
        base: {
          durationMs: 1,
          topology: { kind: "two-switch", local: 1, remote: 1 },
          flows: { pattern: "santos", victimMs: null },
        },
        parameters: { name: values, "limits.window": [1, 2] },
        x: "limits.window",
      }),
    );
    const out = join(dir, "out");
    const run = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.status).toBe(0);
    const csv = readFileSync(join(out, "results.csv"), "utf8");
    expect(neutralised(csv)).toEqual([]);
    expect(
      parseCsv(csv)
        .slice(1)
        .map((record) => record[0]),
    ).toEqual(
      values.flatMap((value) => [value, value]).map((value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)),
    );
    // A CR inside a cell is quoted (it was not).
    expect(csv).toContain('"a\rb"');
    const json = JSON.parse(readFileSync(join(out, "results.json"), "utf8"));
    expect(json.points.map((point: { parameters: { name: string } }) => point.parameters.name)).toEqual(
      values.flatMap((value) => [value, value]),
    );
    const svgs = readdirSync(out).filter((name) => name.endsWith(".svg"));
    expect(svgs.length).toBeGreaterThan(0);
    for (const name of svgs) expect(svgProblem(readFileSync(join(out, name), "utf8")), name).toBeUndefined();

    // Run again: the neutralised cells are read back as the same points.
    const again = losslab("sweep", file, "--workers", "1", "--out", out);
    expect(again.stderr).toBe(
      `losslab: resuming from ${join(out, "results.csv")}: re-using 12 of 12 points, nothing to run\n`,
    );
  });

  it("the HTML report shows hostile titles and series names as text, in Chromium, and runs nothing", {
    timeout: 60_000,
  }, async () => {
    const missing = chromiumMissing();
    if (missing) throw missing;
    const chart = {
      name: "hostile",
      title: NAMES.join(" "),
      xLabel: NAMES[6]!,
      yLabel: NAMES[8]!,
      series: NAMES.map((name, i) => ({ name, points: [[0, i] as [number, number], [1, i + 1] as [number, number]] })),
    };
    const svg = await renderChartSvg(chart);
    expect(svgProblem(svg)).toBeUndefined();
    const html = reportOf({
      name: "hostile",
      description: NAMES[8]!,
      expectedRuntime: "1 s",
      wallTimeMs: 1,
      result: {
        params: {},
        fingerprint: "0".repeat(16),
        summary: Object.fromEntries(NAMES.map((name, i) => [name, i])),
        checks: [{ id: NAMES[0]!, claim: NAMES[8]!, value: 1, expected: NAMES[6]!, pass: true }],
        charts: [],
      },
      charts: [{ name: chart.name, title: chart.title, svg }],
    });
    const file = join(mkdtempSync(join(tmpdir(), "losslab-names-")), "index.html");
    writeFileSync(file, html);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const { page, errors } = await watchedPage(browser, { width: 1200, height: 900 });
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      expect(await page.title()).not.toBe("pwned");
      expect(errors).toEqual([]);
      expect(await page.locator("svg").count()).toBe(1);
      const text = await page.locator("body").textContent();
      expect(text).toContain("<script>document.title='pwned'</script>");
      expect(text).toContain('=HYPERLINK("http://evil.example/","click")');
    } finally {
      await browser.close();
    }
  });
});
