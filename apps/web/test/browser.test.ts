/**
 * The built site (apps/web/dist, built first through turbo: cached when nothing changed) in
 * headless Chromium: `?preset=santos-fig2a&run=1` (santos2002-fig2a's old name, which links keep using) runs the preset in the page's worker and ends
 * with `#summary-json` equal, byte for byte, to `losslab reproduce santos-fig2a --json`'s output
 * (computed here in-process with the presets' own code, as the CLI does).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findPreset, presets, resultJsonText } from "@losslab/reproductions";
import { chromiumLaunchOptions, chromiumMissing, type WatchedPage, watchedPage } from "@losslab/test-kit/chromium";
import { packageDirectory, repositoryRoot } from "@losslab/test-kit/repository";
import { type Browser, chromium } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeScenario } from "../src/url-state.js";
import { type StaticServer, serveDirectory } from "./static-server.js";

const dist = join(packageDirectory("web"), "dist");

let server: StaticServer | undefined;
let browser: Browser | undefined;
/** Set when Chromium is missing: the tests then FAIL with this message (CI installs it). */
let missing: Error | undefined;

beforeAll(async () => {
  const build = spawnSync("pnpm", ["exec", "turbo", "run", "build", "--filter=@losslab/web"], {
    cwd: repositoryRoot,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error(`building the site failed:\n${build.stdout}\n${build.stderr}`);
  server = await serveDirectory(dist);
  missing = chromiumMissing();
  if (missing === undefined) browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(query: string, site = server?.url): Promise<WatchedPage> {
  if (missing) throw missing;
  if (browser === undefined || site === undefined) throw new Error("Chromium or the server did not start");
  const watched = await watchedPage(browser, { width: 1400, height: 1000 });
  await watched.page.goto(`${site}${query}`, { waitUntil: "load" });
  return watched;
}

describe("the built site", () => {
  it("bundles no Node built-in: vite stubs none out (its marker is absent), no module is imported from node:", () => {
    const assets = readdirSync(join(dist, "assets")).filter((name) => name.endsWith(".js"));
    expect(assets.length).toBeGreaterThan(0);
    for (const name of assets) {
      const code = readFileSync(join(dist, "assets", name), "utf8");
      expect(code, name).not.toContain("__vite-browser-external");
      expect(code, name).not.toMatch(/from\s*["']node:|import\(\s*["']node:/);
    }
  });
});

describe("the web app in headless Chromium", () => {
  it("?preset=santos-fig2a&run=1 ends with the CLI's summary in #summary-json", { timeout: 60_000 }, async () => {
    const preset = findPreset("santos-fig2a");
    const cliStart = performance.now();
    const expected = resultJsonText(preset.name, 1, await preset.run({ seed: 1, progress: () => {} }));
    const cliMs = performance.now() - cliStart;

    const { page, errors, requests } = await openPage("?preset=santos-fig2a&run=1");
    const summary = await page.waitForSelector("#summary-json", { timeout: 45_000 });
    expect(await summary.textContent()).toBe(expected);
    const pageMs = Number(await page.getAttribute("#status", "data-page-ms"));
    console.log(`santos-fig2a: page ${pageMs} ms (load to summary), in-process ${Math.round(cliMs)} ms`);

    // The claims table, the topology (one line per link direction) and the charts are drawn.
    expect(await page.locator("table.checks td.pass").count()).toBe(4);
    expect(await page.locator("#topology line").count()).toBeGreaterThan(0);
    await page.waitForSelector("#charts svg", { timeout: 10_000 });
    expect(await page.locator("#live-charts svg").count()).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(server!.url) && !url.startsWith("blob:"))).toEqual([]);
    await page.close();
  });

  it("runs a scenario from the URL as data: its strings are shown as text, never as HTML", {
    timeout: 30_000,
  }, async () => {
    const name = '<img src=x onerror="document.title=\'pwned\'"><b id="injected">x</b>';
    const scenario = JSON.stringify({
      name,
      durationMs: 2,
      topology: { kind: "two-switch", local: 1, remote: 1 },
      flows: { pattern: "santos" },
    });
    const { page, errors } = await openPage(`?scenario=${await encodeScenario(scenario)}&run=1`);
    const summary = await page.waitForSelector("#summary-json", { timeout: 20_000 });
    expect(JSON.parse((await summary.textContent()) ?? "").scenario).toBe(name);
    expect(await page.inputValue("#editor")).toBe(scenario);
    expect(await page.textContent("#editor-status")).toContain(name);
    expect(await page.locator("#injected").count()).toBe(0);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.title()).toBe("losslab in the browser");
    // The editor checks what is typed with the scenario schema: the CLI's error, naming the field.
    await page.fill("#editor", "durationMs: -1\ntopology: { kind: two-switch }\nflows: { pattern: santos }\n");
    await page.waitForFunction(() => document.getElementById("editor-status")?.className === "error");
    expect(await page.textContent("#editor-status")).toContain("durationMs");
    expect(errors).toEqual([]);
    await page.close();
  });

  // Issue 42: a group name with \" broke out of vega's expression strings (a stack trace, no
  // charts); names that start like formulas are data too.
  it("draws a scenario's charts whatever its names hold, and shows them as text", {
    timeout: 30_000,
  }, async () => {
    const names = ['x\\"y', '=HYPERLINK("http://evil.example/","c")', '<b id="injected">b</b>', "-2+3"];
    const hosts = ["B1", "B2", "B3", "B4"];
    const title = `${names[0]} ${names[1]}`;
    const scenario = JSON.stringify({
      name: title,
      durationMs: 2,
      topology: { kind: "two-switch", local: hosts.length, remote: 0 },
      flows: names.map((group, i) => ({ source: hosts[i], destination: "BC", group })),
    });
    const { page, errors } = await openPage(`?scenario=${await encodeScenario(scenario)}&run=1`);
    await page.waitForSelector("#summary-json", { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll("#live-charts svg").length >= 2, null, {
      timeout: 10_000,
    });
    // The scenario's name is in the charts' titles (vega titles, as text); the groups in the summary.
    expect(await page.locator("#live-charts").textContent()).toContain(`Flow rates (run 1: ${title})`);
    const summary = JSON.parse((await page.textContent("#summary-json")) ?? "{}");
    expect(JSON.stringify(summary)).toContain(JSON.stringify(names[2]).slice(1, -1));
    expect(await page.locator("#injected").count()).toBe(0);
    expect(await page.title()).toBe("losslab in the browser");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a long run's progress and stops it with the Stop button", { timeout: 30_000 }, async () => {
    const { page, errors } = await openPage("?preset=santos-fig5&run=1");
    await page.waitForFunction(() => /simulated/.test(document.getElementById("status")?.textContent ?? ""), null, {
      timeout: 20_000,
    });
    expect(await page.isEnabled("#stop")).toBe(true);
    expect(await page.isEnabled("#run")).toBe(false);
    await page.click("#stop");
    expect(await page.textContent("#status")).toBe("stopped");
    expect(await page.isEnabled("#run")).toBe(true);
    await page.waitForTimeout(300);
    expect(await page.locator("#summary-json").count()).toBe(0);
    expect(await page.textContent("#status")).toBe("stopped");
    expect(errors).toEqual([]);
    await page.close();
  });
});

/**
 * `pnpm web`: vite's dev server, which serves the sources module by module (what the built
 * site bundles). The issue found its page broken ("node:fs externalized", an empty preset
 * list) while the built site worked; both are tested.
 */
describe("the dev server (pnpm web)", () => {
  let dev: ViteDevServer | undefined;
  let url: string | undefined;

  beforeAll(async () => {
    dev = await createServer({
      root: packageDirectory("web"),
      configFile: join(packageDirectory("web"), "vite.config.ts"),
      server: { host: "127.0.0.1", port: 0, strictPort: false },
      logLevel: "silent",
      clearScreen: false,
    });
    await dev.listen();
    url = dev.resolvedUrls?.local[0];
  }, 60_000);

  afterAll(async () => {
    await dev?.close();
  });

  it("lists every preset, runs ?preset=santos-fig2a&run=1 to the CLI's summary, with no error", {
    timeout: 90_000,
  }, async () => {
    const preset = findPreset("santos-fig2a");
    const expected = resultJsonText(preset.name, 1, await preset.run({ seed: 1, progress: () => {} }));
    const { page, errors, requests } = await openPage("?preset=santos-fig2a&run=1", url);
    const summary = await page.waitForSelector("#summary-json", { timeout: 75_000 });
    expect(await summary.textContent()).toBe(expected);
    expect(await page.locator("#preset option").count()).toBe(presets.length);
    expect(errors).toEqual([]);
    expect(requests.filter((request) => !request.startsWith(url!) && !request.startsWith("blob:"))).toEqual([]);
    await page.close();
  });

  it("loads hpcc-websearch (its sweep once pulled the worker pool and the plugin loader into the page)", {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await openPage("?preset=hpcc-websearch", url);
    await page.waitForFunction(
      () => (document.getElementById("preset") as HTMLSelectElement | null)?.value === "hpcc-websearch",
      null,
      {
        timeout: 30_000,
      },
    );
    expect(errors).toEqual([]);
    await page.close();
  });
});
