import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import { chromiumLaunchOptions, chromiumMissing, watchedPage } from "@losslab/test-kit/chromium";
import { losslab } from "@losslab/test-kit/losslab-cli";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderChartSvg } from "../src/charts/render-chart.js";
import { svgProblem } from "../src/report/chart-svg.js";
import { CONTENT_SECURITY_POLICY, escapeHtml, inlineSvg } from "../src/report/html-report.js";
import { reportOf } from "./report-page.js";

const PRESETS = ["santos2002-fig2a", "santos2002-fig6"];

/**
 * A cheap "is anything drawn" measure of a PNG: the share of bytes in its inflated
 * (still filtered) scanlines that are neither 0 nor 255. A flat white image filters to
 * runs of 0 (Sub/Up/Paeth) or 255 (None); text, lines and fills do not.
 */
function inkFraction(png: Buffer): number {
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  const idat: Buffer[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    if (type === "IDAT") idat.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  let ink = 0;
  for (const byte of raw) if (byte !== 0 && byte !== 0xff) ink++;
  return ink / raw.length;
}

describe("reproduce --all: the HTML report", () => {
  let out: string;
  let run: ReturnType<typeof losslab>;
  let html: string;
  let chartCount: number;

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), "losslab-report-"));
    run = losslab("reproduce", "--all", "--only", PRESETS.join(","), "--out", out, "--workers", "2");
    html = existsSync(join(out, "index.html")) ? readFileSync(join(out, "index.html"), "utf8") : "";
    chartCount = PRESETS.flatMap((p) => readdirSync(join(out, p)).filter((f) => f.endsWith(".svg"))).length;
  }, 120_000);

  it("runs the chosen presets, reports progress on stderr and writes each preset's files", () => {
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("[1/2] santos2002-fig2a");
    expect(run.stderr).toContain("[2/2] santos2002-fig6");
    expect(run.stdout).toContain("2 presets, 6 of 6 claims pass");
    for (const preset of PRESETS) {
      expect(JSON.parse(readFileSync(join(out, preset, "result.json"), "utf8")).preset).toBe(preset);
    }
    expect(chartCount).toBeGreaterThanOrEqual(2);
  });

  it("index.html is self-contained: both presets, their claims, inline SVG, no external URLs, no scripts", () => {
    for (const preset of PRESETS) expect(html).toContain(`<h2>${preset}</h2>`);
    for (const id of ["C2a.1", "C2a.2", "C2a.3", "C2a.4"]) expect(html).toContain(`<td>${id}</td>`);
    const fig6 = JSON.parse(readFileSync(join(out, "santos2002-fig6", "result.json"), "utf8"));
    for (const check of fig6.checks) expect(html).toContain(`<td>${check.id}</td>`);
    expect(html).toContain(">PASS</td>");
    expect(html).not.toContain(">FAIL</td>");
    expect(html.match(/<svg[\s>]/g)).toHaveLength(chartCount);
    const urls = [...html.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
    expect(new Set(urls)).toEqual(new Set(["http://www.w3.org/2000/svg"]));
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`);
    expect(html).toMatch(/node v\d+|<dt>node<\/dt><dd>v\d+/);
    expect(html).toContain("<dt>losslab</dt><dd>0.");
  });

  describe("in headless Chromium", () => {
    let browser: Browser | undefined;
    /** Set when Chromium is missing: the test then FAILS with this message (CI installs it). */
    let missing: Error | undefined;

    beforeAll(async () => {
      missing = chromiumMissing();
      if (missing === undefined) browser = await chromium.launch(chromiumLaunchOptions);
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it("renders every chart without console errors and the page is not blank", async () => {
      if (missing) throw missing;
      if (browser === undefined) throw new Error("Chromium did not start");
      const { page, errors, requests } = await watchedPage(browser, { width: 1400, height: 900 });
      await page.goto(pathToFileURL(join(out, "index.html")).href, { waitUntil: "load" });

      const boxes = await page.$$eval("svg", (svgs) =>
        svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { width: box.width, height: box.height };
        }),
      );
      expect(boxes.filter((b) => b.width > 0 && b.height > 0)).toHaveLength(chartCount);
      expect(errors).toEqual([]);
      expect(requests.filter((url) => !url.startsWith("file:"))).toEqual([]);

      const shot = await page.screenshot({ type: "png", fullPage: true });
      const shotFile = join(out, "report-shot.png");
      writeFileSync(shotFile, shot);
      try {
        copyFileSync(shotFile, "/tmp/report-shot.png");
      } catch {
        // a convenience copy for a human to look at; not part of the check
      }
      await page.goto("about:blank");
      const blank = await page.screenshot({ type: "png" });
      expect(shot.length).toBeGreaterThan(20_000);
      expect(shot.equals(blank)).toBe(false);
      expect(inkFraction(blank)).toBeLessThan(0.01);
      expect(inkFraction(shot)).toBeGreaterThan(0.02);
      await page.close();
    }, 60_000);

    it("runs no script that reached the page: its Content-Security-Policy forbids inline scripts and handlers", async () => {
      if (missing) throw missing;
      if (browser === undefined) throw new Error("Chromium did not start");
      const evil =
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="document.title=\'pwned\'"><script>document.title="pwned"</script></svg>';
      // Past every check, straight into the report: what the policy alone must stop.
      const page = reportOf({
        name: "evil",
        description: "a chart with a script",
        expectedRuntime: "1 s",
        wallTimeMs: 1,
        result: { params: {}, fingerprint: "0".repeat(16), summary: {}, checks: [], charts: [] },
        charts: [{ name: "evil", title: "evil", svg: evil }],
      });
      const file = join(out, "evil.html");
      writeFileSync(file, page);
      const { page: tab, errors } = await watchedPage(browser, { width: 800, height: 600 });
      await tab.goto(pathToFileURL(file).href, { waitUntil: "load" });
      expect(await tab.title()).not.toBe("pwned");
      expect(errors.some((error) => /Content Security Policy/.test(error))).toBe(true);
      await tab.close();
    }, 60_000);
  });
});

describe("report helpers", () => {
  it("tells a chart as losslab draws it from an SVG that carries code or links out", async () => {
    const svg = await renderChartSvg({
      name: "c",
      title: "a chart",
      xLabel: "x",
      yLabel: "y",
      series: [
        {
          name: "a & b",
          points: [
            [0, 1],
            [1, 2],
          ],
        },
      ],
    });
    expect(svgProblem(svg)).toBeUndefined();
    const inject = (markup: string) => svg.replace(/(<svg[^>]*>)/, `$1${markup}`);
    expect(svgProblem(inject("<script>alert(1)</script>"))).toBe("a <script> element");
    expect(svgProblem(inject('<g onload="alert(1)"></g>'))).toBe("an event handler attribute (onload)");
    expect(svgProblem(inject("<foreignObject><div>x</div></foreignObject>"))).toBe("a <foreignObject> element");
    expect(svgProblem(inject('<path d="M0,0" clip-path="url(https://x/y#a)"/>'))).toBe(
      "a url() out of the chart in clip-path",
    );
    expect(svgProblem(inject('<g style="background:url(&#x6a;avascript:x)"></g>'))).toBe("active content in style");
    expect(svgProblem(inject("<!-- <script> -->"))).toMatch(/^markup that is not an element/);
    expect(svgProblem(`${svg}<script>x</script>`)).toBe("a <script> element");
    expect(svgProblem(svg.replace("</svg>", ""))).toBe("<svg> is never closed");
  });

  it("escapes text", () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
  });

  it("prefixes SVG ids and their references so charts can share a page", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><clipPath id="clip1"/><g clip-path="url(#clip1)"/></svg>';
    const inlined = inlineSvg(svg, "p0c0-");
    expect(inlined).toContain('id="p0c0-clip1"');
    expect(inlined).toContain("url(#p0c0-clip1)");
    expect(inlined).not.toContain("xlink");
  });
});
