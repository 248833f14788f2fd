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
import { parseScenario, runScenario } from "@losslab/scenario";
import { chromiumLaunchOptions, chromiumMissing, type WatchedPage, watchedPage } from "@losslab/test-kit/chromium";
import { packageDirectory, repositoryRoot } from "@losslab/test-kit/repository";
import { type Browser, chromium } from "playwright-core";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as toYaml } from "yaml";
import { encodeScenario } from "../src/url-state.js";
import { type StaticServer, serveDirectory } from "./static-server.js";

const dist = join(packageDirectory("web"), "dist");

let server: StaticServer | undefined;
/** The same site from a server that ignores its _headers file: the page is not cross-origin isolated. */
let plainServer: StaticServer | undefined;
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
  plainServer = await serveDirectory(dist, { siteHeaders: false });
  missing = chromiumMissing();
  if (missing === undefined) browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await plainServer?.close();
});

async function openPage(query: string, site = server?.url): Promise<WatchedPage & { statuses: string[] }> {
  if (missing) throw missing;
  if (browser === undefined || site === undefined) throw new Error("Chromium or the server did not start");
  const watched = await watchedPage(browser, { width: 1400, height: 1000 });
  // Every text the status line shows, from the start (a short run's progress is gone by its end).
  const statuses: string[] = [];
  await watched.page.exposeFunction("reportStatus", (text: string) => statuses.push(text));
  await watched.page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const status = document.getElementById("status");
      const report = (window as unknown as { reportStatus: (text: string) => void }).reportStatus;
      if (status !== null)
        new MutationObserver(() => report(status.textContent ?? "")).observe(status, { childList: true });
    });
  });
  await watched.page.goto(`${site}${query}`, { waitUntil: "load" });
  return { ...watched, statuses };
}

/** examples/NAME.yaml cut to `durationMs` (its measurement interval left out), as YAML text. */
function example(name: string, durationMs: number): string {
  const { metrics, ...scenario } = parseYaml(readFileSync(join(repositoryRoot, "examples", `${name}.yaml`), "utf8"));
  const { measureMs, ...rest } = metrics ?? {};
  return toYaml({ ...scenario, metrics: rest, durationMs });
}

/**
 * Runs `text` in the page over `threads` threads (the URL's `threads=N`) and returns the
 * page, its summary and the thread-count line. The summary's fingerprint is the one-thread
 * run's, computed here in-process with the same packages.
 */
async function runOnThreads(text: string, threads: number, site: string | undefined) {
  const opened = await openPage(`?scenario=${await encodeScenario(text)}&threads=${threads}&run=1`, site);
  const summary = await opened.page.waitForSelector("#summary-json", { timeout: 30_000 });
  const fingerprint = runScenario(parseScenario(parseYaml(text))).fingerprint;
  expect(JSON.parse((await summary.textContent()) ?? "{}").fingerprint).toBe(fingerprint);
  return { ...opened, note: await opened.page.textContent("#threads-note") };
}

/** A small scenario (santos-2002 Fig. 1's fabric) with `local` local sources and switch buffers of `buffer` packets. */
const santos = (local: number, buffer: number, durationMs = 5) =>
  [
    `name: "santos, L=${local}, ${buffer}-packet buffers"`,
    `durationMs: ${durationMs}`,
    `topology: { kind: two-switch, local: ${local}, remote: 1 }`,
    `switch: { kind: input-buffered, bufferPackets: ${buffer} }`,
    "flows: { pattern: santos, staggerUs: 100, victimMs: [1, 4] }",
    "",
  ].join("\n");

/** The scenario editor's text (CodeMirror's lines, once it has replaced the text area). */
const editorText = (page: WatchedPage["page"]) =>
  page.evaluate(() => [...document.querySelectorAll("#editor .cm-line")].map((line) => line.textContent).join("\n"));

/**
 * Replaces the editor's text as a user does: select all with the keyboard, then type over it.
 * (`page.fill` selects through the DOM, which CodeMirror may not have read yet when the text goes
 * in: the text was then inserted before the old text, about one CI run in fifty.)
 */
async function replaceEditorText(page: WatchedPage["page"], text: string): Promise<void> {
  await page.click("#editor");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
  await page.waitForFunction((want) => {
    const lines = [...document.querySelectorAll("#editor .cm-line")].map((line) => line.textContent);
    return lines.join("\n") === want;
  }, text);
}

/**
 * Enter on the selected completion. CodeMirror ignores Enter on a list shown less than 75 ms
 * (its `interactionDelay`: a key typed fast right after the list appears is not a choice).
 */
async function takeCompletion(page: WatchedPage["page"]): Promise<void> {
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
}

/** Keyboard only: opens the editor, takes completions from the schema, and sees the package's error inline. */
async function completesAndChecks(site: string | undefined): Promise<void> {
  const { page, errors } = await openPage("?preset=santos-fig2a", site);
  // Keyboard only: open the editor from its summary, type, take a completion with Enter.
  await page.focus("#editor-section summary");
  await page.keyboard.press("Enter");
  const content = await page.waitForSelector("#editor.cm-content");
  expect(await content.getAttribute("aria-label")).toBe("scenario");
  expect(await content.getAttribute("role")).toBe("textbox");
  // Tab reaches the editor past the editor's three buttons...
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("editor");
  await page.keyboard.type("durationMs: 5\ntopology:\n  kind: ");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  expect(await page.textContent(".cm-tooltip-autocomplete")).toContain("two-switch");
  await page.keyboard.type("two-s");
  await page.waitForSelector('.cm-tooltip-autocomplete li[aria-selected="true"]:has-text("two-switch")');
  await takeCompletion(page);
  await page.keyboard.type("\nloc"); // Enter keeps the line's indentation
  await page.waitForSelector(".cm-tooltip-autocomplete");
  const offered = await page.$$eval(".cm-tooltip-autocomplete li", (items) => items.map((item) => item.textContent));
  expect(offered.some((item) => item?.startsWith("local"))).toBe(true);
  await page.waitForSelector('.cm-tooltip-autocomplete li[aria-selected="true"]:has-text("local")');
  await takeCompletion(page);
  await page.keyboard.type("-1");
  expect(await editorText(page)).toBe("durationMs: 5\ntopology:\n  kind: two-switch\n  local: -1");
  // The package's own message, naming the field, inline at the value, and in the status line.
  // -1, and the key of the mapping that lacks `remote` (once the checks, 300 ms after the last key, have run).
  const underlined = () =>
    page.$$eval(".cm-lintRange-error", (ranges) => ranges.map((range) => range.textContent).join(","));
  await expect.poll(underlined, { timeout: 5_000 }).toBe("topology,-1");
  const underline = page.locator(".cm-lintRange-error", { hasText: "-1" });
  await expect
    .poll(() => page.textContent("#editor-status"), { timeout: 5_000 })
    .toContain("topology.local: Too small");
  expect(await page.getAttribute("#editor-status", "class")).toBe("error");
  await underline.hover();
  const tooltip = await page.waitForSelector(".cm-tooltip-lint");
  expect(await tooltip.textContent()).toContain("topology.local: Too small");
  // ... and Tab leaves it (the editor does not trap the keyboard).
  await page.focus("#editor");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.id)).not.toBe("editor");
  expect(errors).toEqual([]);
  await page.close();
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
    // The editor is CodeMirror once opened (it was a text area): its lines hold the text.
    await page.waitForSelector("#editor.cm-content");
    expect(await editorText(page)).toBe(scenario);
    expect(await page.textContent("#editor-status")).toContain(name);
    expect(await page.locator("#injected").count()).toBe(0);
    expect(await page.locator("img").count()).toBe(0);
    expect(await page.title()).toBe("losslab in the browser");
    // The editor checks what is typed with the scenario schema: the CLI's error, naming the field.
    await replaceEditorText(page, "durationMs: -1\ntopology: { kind: two-switch }\nflows: { pattern: santos }\n");
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

describe("comparing runs, the scenario editor and the packet trace", () => {
  it("pins a run, runs a changed scenario, overlays both in each chart, lists the differences, and keeps both in the URL", {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await openPage(`?scenario=${await encodeScenario(santos(5, 4))}&run=1`);
    await page.waitForSelector("#summary-json", { timeout: 20_000 });
    const pinnedSummary = JSON.parse((await page.textContent("#summary-json")) ?? "{}");
    expect(await page.isHidden("#compare")).toBe(true);
    await page.click("#pin");
    expect(await page.isVisible("#compare")).toBe(true);
    expect(await page.isVisible("#unpin")).toBe(true);
    // A changed parameter, typed into the editor, run again.
    await page.waitForSelector("#editor.cm-content");
    await replaceEditorText(page, santos(5, 16));
    await page.click("#run-scenario");
    await page.waitForFunction(() => document.querySelectorAll("#compare-charts svg").length === 2, null, {
      timeout: 20_000,
    });
    const currentSummary = JSON.parse((await page.textContent("#summary-json")) ?? "{}");
    expect(currentSummary.fingerprint).not.toBe(pinnedSummary.fingerprint);
    // Both runs' lines in one chart per metric, told apart by the legend.
    for (const chart of ["compare-link-utilisation", "compare-flow-rates"]) {
      const legend = (await page.locator(`#compare-charts [data-chart="${chart}"] .role-legend`).textContent()) ?? "";
      expect(legend, chart).toMatch(/pinned: /);
      expect(legend, chart).toMatch(/current: /);
    }
    expect(await page.textContent("#compare-fields")).toContain("switch.bufferPackets: 4 -> 16");
    // The table: each summary value of both runs, the difference and the ratio, as the summaries hold them.
    const rows = await page.$$eval("#compare-differences tbody tr", (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? "")),
    );
    const delivered = rows.find((row) => row[0] === "delivered");
    expect(delivered).toBeDefined();
    const [, pinnedValue, currentValue, difference, ratio] = delivered as string[];
    expect(Number(pinnedValue)).toBe(pinnedSummary.delivered);
    expect(Number(currentValue)).toBe(currentSummary.delivered);
    expect(Number(difference)).toBe(currentSummary.delivered - pinnedSummary.delivered);
    expect(Number.parseFloat(ratio ?? "")).toBeCloseTo(currentSummary.delivered / pinnedSummary.delivered, 5);
    expect(rows.map((row) => row[0])).toContain("summary.latencyUs.all");
    // The URL holds both; opening it runs the pinned run, then the current one, to the same comparison.
    const url = page.url();
    expect(url).toContain("pin-scenario=");
    expect(url).toContain("scenario=");
    await page.close();
    const again = await openPage(`${url.slice(url.indexOf("?"))}&run=1`);
    await again.page.waitForFunction(() => document.querySelectorAll("#compare-charts svg").length === 2, null, {
      timeout: 30_000,
    });
    expect(await again.page.textContent("#compare-fields")).toContain("switch.bufferPackets: 4 -> 16");
    expect(JSON.parse((await again.page.textContent("#summary-json")) ?? "{}").fingerprint).toBe(
      currentSummary.fingerprint,
    );
    expect(await again.page.textContent("#compare-differences")).toContain(String(pinnedSummary.delivered));
    expect(errors).toEqual([]);
    expect(again.errors).toEqual([]);
    await again.page.close();
  });

  it("compares a preset with itself at another seed, and keeps the pinned preset in the URL", {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await openPage("?preset=santos-fig2a&run=1");
    await page.waitForSelector("#summary-json", { timeout: 30_000 });
    await page.click("#pin");
    await page.fill("#seed", "2");
    await page.dispatchEvent("#seed", "change");
    await page.click("#run");
    await page.waitForFunction(() => document.querySelectorAll("#compare-charts svg").length === 2, null, {
      timeout: 30_000,
    });
    expect(await page.textContent("#compare-caption")).toBe(
      "pinned: preset santos2002-fig2a, seed 1; current: preset santos2002-fig2a, seed 2.",
    );
    expect(await page.textContent("#compare-fields")).toContain("seed: 1 -> 2");
    const seedRow = await page.$$eval("#compare-differences tbody tr", (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent)).find((row) => row[0] === "seed"),
    );
    expect(seedRow).toEqual(["seed", "1", "2", "1", "2x"]);
    const query = new URL(page.url()).search;
    // The old name (an alias) in the link becomes the preset's name.
    expect(query).toBe("?preset=santos2002-fig2a&seed=2&pin-preset=santos2002-fig2a");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("traces a flow that a traffic generator makes, by its id", { timeout: 30_000 }, async () => {
    const incast = [
      "durationMs: 1",
      "topology: { kind: single-switch, hosts: 4 }",
      "traffic: [{ kind: incast, name: incast, fanIn: 3, bytes: 64000, intervalUs: 200 }]",
    ].join("\n");
    const { page, errors } = await openPage(`?scenario=${await encodeScenario(incast)}&run=1`);
    await page.waitForSelector("#summary-json", { timeout: 20_000 });
    expect(await page.textContent("#trace-status")).toContain("this run lists no flows");
    await page.fill("#trace-flow-id", "0");
    await page.click("#trace-run");
    await page.waitForSelector("#trace-view svg", { timeout: 20_000 });
    const rows = await page.$$eval("#trace-view svg text.device", (texts) => texts.map((text) => text.textContent));
    // An incast's flow: a sender, the switch, the receiver.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe("S");
    expect(rows[0]).not.toBe(rows[2]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says what is wrong with a hostile or damaged URL, and keeps working", { timeout: 30_000 }, async () => {
    for (const [query, message] of [
      ["?pin-scenario=@@@&preset=santos-fig2a", "the pin-scenario in the URL is not base64url text"],
      ["?pin-preset=no-such-preset&preset=santos-fig2a&run=1", 'unknown pinned preset "no-such-preset"'],
      ["?pin-seed=2&preset=santos-fig2a", "pin-seed needs pin-preset"],
      [`?preset=santos-fig2a&pin-preset=${"x".repeat(500)}`, "pin-preset is too long"],
    ] as const) {
      const { page, errors } = await openPage(query);
      await page.waitForFunction(() => document.getElementById("status")?.className === "error", null, {
        timeout: 10_000,
      });
      expect(await page.textContent("#status")).toContain(message);
      expect(errors).toEqual([]);
      // The page still runs a preset.
      expect(await page.isEnabled("#run")).toBe(true);
      await page.close();
    }
  });

  it("completes fields from the JSON Schema and underlines the field the scenario package refuses", {
    timeout: 30_000,
  }, async () => {
    await completesAndChecks(server?.url);
  });

  it("traces one flow: its packets' hops on a time line, one mark per event, and says when the bound cuts it", {
    timeout: 60_000,
  }, async () => {
    const { page, errors } = await openPage(`?scenario=${await encodeScenario(santos(5, 4, 40))}&run=1`);
    await page.waitForSelector("#summary-json", { timeout: 20_000 });
    // Flow 6 is the victim AV -> BV (the scenario's flows in order: B1..B5, A1, AV).
    await page.selectOption("#trace-flow", "6");
    await page.click("#trace-run");
    await page.waitForSelector("#trace-view svg", { timeout: 20_000 });
    const caption = (await page.textContent("#trace-caption")) ?? "";
    expect(caption).toContain("through AV, A, B, BV");
    const rows = await page.$$eval("#trace-view svg text.device", (texts) => texts.map((text) => text.textContent));
    expect(rows).toEqual(["AV", "A", "B", "BV"]);
    const counts: Record<string, number> = await page.$$eval("#trace-view path[data-event]", (paths) =>
      Object.fromEntries(
        paths.map((path) => [path.getAttribute("data-event"), Number(path.getAttribute("data-count"))]),
      ),
    );
    // Every delivered data packet was injected once and arrived at both switches.
    const delivered = counts.delivered ?? 0;
    expect(delivered).toBeGreaterThan(0);
    expect(counts.injected).toBeGreaterThanOrEqual(delivered);
    expect(counts.arrived).toBeGreaterThanOrEqual(2 * delivered);
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    expect(caption).toContain(`all its ${total.toLocaleString("en")} packet events`);
    // Flow 0 (B1 -> BC) has more than the page keeps over the whole run: the page says the trace is cut.
    await page.selectOption("#trace-flow", "0");
    await page.click("#trace-run");
    await page.waitForFunction(() => /cut/.test(document.getElementById("trace-caption")?.textContent ?? ""), null, {
      timeout: 20_000,
    });
    expect(await page.textContent("#trace-caption")).toContain("keeps the first 20,000 events");
    const kept = await page.$$eval("#trace-view path[data-event]", (paths) =>
      paths.reduce((sum, path) => sum + Number(path.getAttribute("data-count")), 0),
    );
    expect(kept).toBe(20_000);
    // A flow id the run does not have: no events, said so.
    await page.fill("#trace-flow-id", "99");
    await page.click("#trace-run");
    await page.waitForFunction(() => /no such flow/.test(document.getElementById("trace-caption")?.textContent ?? ""));
    expect(await page.locator("#trace-view svg").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** A scenario's run split over Web Workers (the URL's `threads=N`), and why a run is not split. */
describe("a run split over threads", () => {
  const fatTree = example("fat-tree-k4", 0.3);

  it("runs fat-tree-k4 over 2 threads on the isolated site: the one-thread fingerprint, each thread's stats, progress", {
    timeout: 60_000,
  }, async () => {
    const { page, errors, requests, statuses, note } = await runOnThreads(fatTree, 2, server?.url);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    expect(note).toBe("split over 2 threads");
    const rows = await page.$$eval("#summary-threads tbody tr", (trs) =>
      trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? "")),
    );
    expect(rows.map((row) => row[0])).toEqual(["0", "1"]);
    // Every thread ran events over the same windows (a window ends each W = 100 ns of the cut links' delay).
    for (const [, events, windows] of rows) {
      expect(Number(events)).toBeGreaterThan(0);
      expect(Number(windows)).toBe(Number(rows[0]![2]));
    }
    expect(Number(rows[0]![2])).toBeGreaterThan(1);
    expect(await page.textContent("#summary-scaling")).toMatch(/on 2 threads .* predicted from it: 2 threads /);
    expect(statuses.some((text) => /of 0\.3 ms simulated$/.test(text))).toBe(true);
    expect(new URL(page.url()).searchParams.get("threads")).toBe("2");
    expect(await page.inputValue("#threads")).toBe("2");
    expect(errors).toEqual([]);
    expect(requests.filter((url) => !url.startsWith(server!.url) && !url.startsWith("blob:"))).toEqual([]);
    await page.close();
  });

  it("stops a split run with the Stop button: the parts' workers end with the run's", { timeout: 60_000 }, async () => {
    const { page, errors } = await openPage(
      `?scenario=${await encodeScenario(example("fat-tree-k4", 3))}&threads=2&run=1`,
    );
    await page.waitForFunction(
      () => /of 3 ms simulated/.test(document.getElementById("status")?.textContent ?? ""),
      null,
      {
        timeout: 30_000,
      },
    );
    const parts = () => page.workers().filter((worker) => worker.url().includes("/part-worker-")).length;
    expect(parts()).toBe(1);
    await page.click("#stop");
    expect(await page.textContent("#status")).toBe("stopped");
    await expect.poll(parts, { timeout: 5_000 }).toBe(0);
    expect(await page.locator("#summary-json").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs on one thread, saying so in one line, on a site served without the headers", {
    timeout: 60_000,
  }, async () => {
    const { page, errors, note } = await runOnThreads(fatTree, 2, plainServer?.url);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    expect(note).toBe(
      "runs on one thread: the page is not cross-origin isolated: its server must send Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp",
    );
    expect(await page.isVisible("#threads-note")).toBe(true);
    expect(await page.locator("#summary-threads").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("reports a split run that fails, in a part or in every part, as a run error: the page does not hang", {
    timeout: 60_000,
  }, async () => {
    // Collectives start a flow when another completes: a device acts on another part's device mid-run.
    const collectives = example("collectives", 1);
    // More parts than the fat tree has pods: every part fails to build.
    for (const [text, threads, message] of [
      [collectives, 2, "threads 2: a device acted on a device of another part without a link between them"],
      [fatTree, 8, "threads 8: the fabric has 4 pods, so it splits into at most 4 parts, not 8"],
    ] as const) {
      const { page, errors } = await openPage(`?scenario=${await encodeScenario(text)}&threads=${threads}&run=1`);
      await page.waitForFunction(() => document.getElementById("status")?.className === "error", null, {
        timeout: 30_000,
      });
      expect(await page.textContent("#status")).toContain(message);
      expect(await page.textContent("#summary-area pre.error")).toContain(message);
      expect(await page.isEnabled("#run")).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    }
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
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true); // vite's server.headers
    expect(errors).toEqual([]);
    expect(requests.filter((request) => !request.startsWith(url!) && !request.startsWith("blob:"))).toEqual([]);
    await page.close();
  });

  it("splits a run over 2 threads (the parts' worker served module by module here)", { timeout: 60_000 }, async () => {
    const { page, errors, note } = await runOnThreads(example("fat-tree-k4", 0.3), 2, url);
    expect(note).toBe("split over 2 threads");
    expect(await page.locator("#summary-threads tbody tr").count()).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("completes and checks the scenario editor (CodeMirror, loaded lazily, module by module here)", {
    timeout: 60_000,
  }, async () => {
    await completesAndChecks(url);
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
