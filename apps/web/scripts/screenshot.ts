/**
 * Takes the README's screenshot: the built site (run `pnpm --filter @losslab/web build` first)
 * in headless Chromium, a preset (or a scenario file, given by its path) run to the end, the
 * topology view at the given time step (default the last).
 * Usage: node --import tsx apps/web/scripts/screenshot.ts [preset | file.yaml] [out.png] [time-step]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromiumLaunchOptions } from "@losslab/test-kit/chromium";
import { chromium } from "playwright-core";
import { encodeScenario } from "../src/url-state.js";
import { serveDirectory } from "../test/static-server.js";

const [what = "santos2002-fig2a", out = join(import.meta.dirname, "..", "screenshot.png"), step] =
  process.argv.slice(2);
const server = await serveDirectory(join(import.meta.dirname, "..", "dist"));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  const query = /\.(ya?ml|json)$/.test(what)
    ? `scenario=${await encodeScenario(readFileSync(what, "utf8"))}`
    : `preset=${encodeURIComponent(what)}`;
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
  console.log(`${out}: ${await page.textContent("#status")}`);
} finally {
  await browser.close();
  await server.close();
}
