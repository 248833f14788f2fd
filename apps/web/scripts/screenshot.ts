/**
 * Takes the README's screenshots: the built site (run `pnpm --filter @losslab/web build` first)
 * in headless Chromium.
 * Usage: node --import tsx apps/web/scripts/screenshot.ts ...
 *   [preset | file.yaml] [out.png] [time-step]   a run to the end, the topology view at the time step (default the last)
 *   compare PINNED.yaml CURRENT.yaml out.png     the comparison of two scenario files (pinned, then current)
 *   editor out.png                               the scenario editor: a completion list, then an inline error
 *   trace file.yaml FLOW out.png [FROM TO]       a flow's packet trace (window in ms; default the whole run)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumLaunchOptions } from "@losslab/test-kit/chromium";
import { chromium, type Page } from "playwright-core";
import { encodeScenario } from "../src/url-state.js";
import { serveDirectory } from "../test/static-server.js";

const args = process.argv.slice(2);
const server = await serveDirectory(join(import.meta.dirname, "..", "dist"));
const browser = await chromium.launch(chromiumLaunchOptions);
const scenarioQuery = async (file: string, parameter = "scenario") =>
  `${parameter}=${await encodeScenario(readFileSync(file, "utf8"))}`;

/** The whole page after a run of a preset or a scenario file, as the first screenshot shows it. */
async function run(
  page: Page,
  what = "santos2002-fig2a",
  out = join(import.meta.dirname, "..", "screenshot.png"),
  step?: string,
) {
  const query = /\.(ya?ml|json)$/.test(what) ? await scenarioQuery(what) : `preset=${encodeURIComponent(what)}`;
  await page.goto(`${server.url}?${query}&run=1`);
  await page.waitForSelector("#summary-json", { timeout: 600_000 });
  await page.waitForSelector("#live-charts svg", { timeout: 60_000 });
  if (step !== undefined) {
    await page.locator("#time").fill(step);
    await page.locator("#time").dispatchEvent("input");
  }
  await page.evaluate(() => {
    (document.getElementById("editor-section") as HTMLDetailsElement).open = false;
  });
  await page.screenshot({ path: out, fullPage: true });
  return out;
}

/** The comparison section after the pinned run and the current one. */
async function compare(page: Page, pinned: string, current: string, out: string) {
  await page.goto(`${server.url}?${await scenarioQuery(pinned, "pin-scenario")}&${await scenarioQuery(current)}&run=1`);
  await page.waitForFunction(() => document.querySelectorAll("#compare-charts svg").length === 2, null, {
    timeout: 600_000,
  });
  await page.locator("#compare").screenshot({ path: out });
  return out;
}

/** The editor with a scenario being typed: the completions of a switch's fields, and an error inline. */
async function editor(page: Page, out: string) {
  await page.goto(`${server.url}?preset=santos-fig2a`);
  await page.click("#editor-section summary");
  await page.waitForSelector("#editor.cm-content");
  await page.focus("#editor");
  // Each line typed, its completion list closed, then Enter (which keeps the indentation).
  for (const line of [
    "name: a scenario being typed",
    "durationMs: 5",
    "topology: { kind: two-switch, local: -3, remote: 1 }",
    "switch:",
    "  kind: input-buffered",
  ]) {
    await page.keyboard.type(line.trimStart());
    await page.keyboard.press("Escape");
    await page.keyboard.press("Enter");
    if (line === "switch:") await page.keyboard.type("  ");
  }
  await page.keyboard.press("Control+Space");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  await page.waitForSelector(".cm-lintRange-error");
  await page.waitForTimeout(400);
  await page.locator("#editor-section").screenshot({ path: out });
  return out;
}

/** A flow's trace, on the time line. */
async function trace(page: Page, file: string, flow: string, out: string, from?: string, to?: string) {
  await page.goto(`${server.url}?${await scenarioQuery(file)}&run=1`);
  await page.waitForSelector("#summary-json", { timeout: 600_000 });
  await page.selectOption("#trace-flow", flow);
  if (from !== undefined) await page.fill("#trace-from", from);
  if (to !== undefined) await page.fill("#trace-to", to);
  await page.click("#trace-run");
  await page.waitForSelector("#trace-view svg", { timeout: 600_000 });
  const section = page.locator("#trace-section");
  await section.screenshot({ path: out });
  return out;
}

try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  const [first, ...rest] = args;
  let out: string;
  if (first === "compare") out = await compare(page, rest[0] ?? "", rest[1] ?? "", rest[2] ?? "compare.png");
  else if (first === "editor") out = await editor(page, rest[0] ?? "editor.png");
  else if (first === "trace")
    out = await trace(page, rest[0] ?? "", rest[1] ?? "0", rest[2] ?? "trace.png", rest[3], rest[4]);
  else out = await run(page, first, rest[0], rest[1]);
  console.log(`${out}: ${await page.textContent("#status")}`);
} finally {
  await browser.close();
  await server.close();
}
