/**
 * The `reproduce --all` report: one self-contained HTML page (inline CSS, charts inlined
 * as SVG, no scripts, no external requests). Pure: data in, string out. Every piece of
 * text is escaped; the SVGs come from our own renderer, or from a kept directory after
 * chart-svg.ts found them to be charts as it draws them, and are inlined as markup, with
 * their ids prefixed so the charts' clip paths do not collide within one document. Its
 * Content-Security-Policy allows no script at all (inline or not), no request and no plugin:
 * were markup with a script ever to reach the page, the browser would not run it.
 */
import type { Check, PresetResult, SummaryValue } from "@losslab/reproductions";
import type { ReportEnvironment } from "./environment.js";

export interface ReportChart {
  /** File stem of the chart (also written as <preset>/<name>.svg). */
  name: string;
  title: string;
  /** The chart as a standalone SVG document, from renderChartSvg. */
  svg: string;
}

interface ReportPresetBase {
  name: string;
  description: string;
  expectedRuntime: string;
  /** Wall time of the run (and its files) in milliseconds; for a failed run, until it failed. */
  wallTimeMs: number;
}

/** A preset that ran (now, or in an earlier run re-used), or one that failed with `error` (one line). */
export type ReportPreset = ReportPresetBase & ({ result: PresetResult; charts: ReportChart[] } | { error: string });

export interface ReportData {
  environment: ReportEnvironment;
  seed: number;
  workers: number;
  /** The wall time of this `reproduce --all`. */
  elapsedMs: number;
  /** Presets whose files an earlier run left, re-used. */
  kept: number;
  /** Whether the presets ran at once (several workers), so that their wall times overlap. */
  atOnce: boolean;
  presets: ReportPreset[];
}

const ranPresets = (presets: readonly ReportPreset[]) =>
  presets.flatMap((preset) => ("result" in preset ? [preset] : []));

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const CSS = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1500px; padding: 1.5rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1d1d1f; background: #fff; }
h1 { font-size: 1.6rem; margin: 0 0 .75rem; }
h2 { font-size: 1.25rem; margin: 0 0 .25rem; }
header.top { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; border-bottom: 1px solid #ddd; padding-bottom: 1rem; margin-bottom: 1rem; }
.totals { font-size: 1.05rem; }
.totals .big { font-size: 1.5rem; font-weight: 600; }
nav ul { list-style: none; margin: 0; padding: 0; columns: 3; }
nav li { margin: 0 0 .15rem; }
a { color: #0b57d0; }
table { border-collapse: collapse; font-size: .9rem; }
th, td { border: 1px solid #ddd; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f4f4f6; }
td.num { text-align: right; font-variant-numeric: tabular-nums; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.pass { color: #0a6b2a; background: #e3f5e8; font-weight: 700; }
.fail { color: #a50e0e; background: #fde7e7; font-weight: 700; }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: .8rem; }
section.preset { border-bottom: 1px solid #ddd; padding: 1.25rem 0; }
.meta { color: #555; margin: 0 0 .75rem; }
.body { display: flex; flex-wrap: wrap; gap: 1rem 1.5rem; align-items: flex-start; }
.charts { flex: 1 1 620px; display: flex; flex-direction: column; gap: .75rem; min-width: 0; }
.charts figure { margin: 0; }
.charts figcaption { font-size: .85rem; color: #555; }
.charts svg { display: block; width: 100%; max-width: 720px; height: auto; border: 1px solid #eee; }
.side { flex: 1 1 420px; min-width: 0; }
details { margin-top: .75rem; }
summary { cursor: pointer; color: #333; }
dl.env { display: grid; grid-template-columns: max-content auto; gap: .1rem .75rem; margin: 0; font-size: .9rem; }
dl.env dt { color: #555; }
dl.env dd { margin: 0; }
`;

/** No script, object, frame, form or request: only the page's own inline style and inline SVG. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'none'; object-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

export function renderHtmlReport(data: ReportData): string {
  const checks = ranPresets(data.presets).flatMap((p) => p.result.checks);
  const failed = checks.filter((c) => !c.pass).length;
  const passed = checks.length - failed;
  const broken = data.presets.length - ranPresets(data.presets).length;
  const env = data.environment;
  const title = `losslab reproductions: ${passed} of ${checks.length} claims pass${broken > 0 ? `, ${broken} preset${broken === 1 ? "" : "s"} failed to run` : ""}`;
  const parts: string[] = [];
  parts.push(
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${CSS}</style>`,
    "</head>",
    "<body>",
    "<h1>losslab reproductions</h1>",
    '<header class="top">',
    '<div class="totals">',
    `<div class="big">${data.presets.length} preset${data.presets.length === 1 ? "" : "s"}</div>`,
    ...(broken > 0 ? [`<div><span class="badge fail">${broken} failed to run</span></div>`] : []),
    `<div>claims: <span class="badge pass">${passed} passed</span> <span class="badge ${failed > 0 ? "fail" : "pass"}">${failed} failed</span></div>`,
    `<div>wall time: ${escapeHtml(formatSeconds(data.elapsedMs))}${data.kept > 0 ? `, ${data.kept} preset${data.kept === 1 ? "" : "s"} kept from earlier runs` : ""}</div>`,
    ...(data.atOnce
      ? ["<div>presets ran at once: a preset's wall time runs from its start to its end, threads shared</div>"]
      : []),
    `<div>seed ${escapeHtml(String(data.seed))}, ${escapeHtml(String(data.workers))} worker${data.workers === 1 ? "" : "s"}</div>`,
    "</div>",
    '<dl class="env">',
    envRow("losslab", env.losslabVersion),
    envRow("date", env.date),
    envRow("node", env.node),
    envRow("os / arch", `${env.os} / ${env.arch}`),
    envRow("cpus", `${env.cpuCount} × ${env.cpuModel}`),
    "</dl>",
    "<nav><ul>",
    ...data.presets.map((p) => {
      if (!("result" in p)) {
        return `<li><a href="#${escapeHtml(anchor(p.name))}">${escapeHtml(p.name)}</a> <span class="badge fail">ERROR</span></li>`;
      }
      const bad = p.result.checks.filter((c) => !c.pass).length;
      const mark = bad > 0 ? `<span class="badge fail">${bad} FAIL</span>` : '<span class="badge pass">PASS</span>';
      return `<li><a href="#${escapeHtml(anchor(p.name))}">${escapeHtml(p.name)}</a> ${mark}</li>`;
    }),
    "</ul></nav>",
    "</header>",
    "<main>",
  );
  data.presets.forEach((preset, index) => {
    parts.push(renderPreset(preset, index));
  });
  parts.push("</main>", "</body>", "</html>", "");
  return parts.join("\n");
}

function envRow(label: string, value: string): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

function renderPreset(preset: ReportPreset, index: number): string {
  if (!("result" in preset)) {
    return [
      `<section class="preset" id="${escapeHtml(anchor(preset.name))}">`,
      `<h2>${escapeHtml(preset.name)}</h2>`,
      `<p>${escapeHtml(preset.description)}</p>`,
      `<p class="meta">failed after ${escapeHtml(formatSeconds(preset.wallTimeMs))} (expected ${escapeHtml(preset.expectedRuntime)})</p>`,
      `<p><span class="badge fail">ERROR</span> ${escapeHtml(preset.error)}</p>`,
      "</section>",
    ].join("\n");
  }
  const { result } = preset;
  const failed = result.checks.filter((c) => !c.pass).length;
  const lines: string[] = [
    `<section class="preset" id="${escapeHtml(anchor(preset.name))}">`,
    `<h2>${escapeHtml(preset.name)}</h2>`,
    `<p>${escapeHtml(preset.description)}</p>`,
    `<p class="meta">wall time ${escapeHtml(formatSeconds(preset.wallTimeMs))} (expected ${escapeHtml(preset.expectedRuntime)}) · ${result.checks.length - failed} of ${result.checks.length} claims pass</p>`,
    '<div class="body">',
    '<div class="charts">',
  ];
  preset.charts.forEach((chart, chartIndex) => {
    lines.push(
      "<figure>",
      inlineSvg(chart.svg, `p${index}c${chartIndex}-`),
      `<figcaption>${escapeHtml(chart.title)} (${escapeHtml(chart.name)}.svg)</figcaption>`,
      "</figure>",
    );
  });
  lines.push("</div>", '<div class="side">', claimsTable(result.checks));
  const rows = flattenSummary(result.summary);
  lines.push(
    `<details><summary>summary values (${rows.length})</summary>`,
    "<table><thead><tr><th>key</th><th>value</th></tr></thead><tbody>",
    ...rows.map(
      ([key, value]) => `<tr><td>${escapeHtml(key)}</td><td class="num">${escapeHtml(formatNumber(value))}</td></tr>`,
    ),
    "</tbody></table></details>",
    "</div>",
    "</div>",
    "</section>",
  );
  return lines.join("\n");
}

function claimsTable(checks: Check[]): string {
  const rows = checks.map((check) => {
    const verdict = check.pass ? "PASS" : "FAIL";
    return [
      `<tr class="claim-${check.pass ? "pass" : "fail"}">`,
      `<td>${escapeHtml(check.id)}</td>`,
      `<td>${escapeHtml(check.claim)}</td>`,
      `<td class="num">${escapeHtml(formatNumber(check.value))}</td>`,
      `<td>${escapeHtml(check.expected)}</td>`,
      `<td class="${check.pass ? "pass" : "fail"}">${verdict}</td>`,
      "</tr>",
    ].join("");
  });
  return [
    '<table class="claims"><thead><tr><th>id</th><th>claim</th><th>value</th><th>expected</th><th>result</th></tr></thead><tbody>',
    ...rows,
    "</tbody></table>",
  ].join("\n");
}

/**
 * Makes a standalone SVG document fit for inlining: drops an XML prolog and an unused
 * xlink namespace, and prefixes every id (and its url(#…)/href="#…" references) so
 * several charts can share one page.
 */
export function inlineSvg(svg: string, prefix: string): string {
  let out = svg.replace(/^\s*<\?xml[^>]*\?>\s*/, "").replace(/<!DOCTYPE[^>]*>\s*/i, "");
  if (!/xlink:/.test(out.replace(/xmlns:xlink="[^"]*"/, ""))) out = out.replace(/\s+xmlns:xlink="[^"]*"/, "");
  const ids = new Set<string>();
  for (const match of out.matchAll(/\sid="([^"]+)"/g)) ids.add(match[1] as string);
  if (ids.size === 0) return out;
  out = out.replace(/(\sid=")([^"]+)(")/g, (all, a: string, id: string, b: string) =>
    ids.has(id) ? `${a}${prefix}${id}${b}` : all,
  );
  out = out.replace(/url\(#([^)]+)\)/g, (all, id: string) => (ids.has(id) ? `url(#${prefix}${id})` : all));
  out = out.replace(/((?:xlink:)?href=")#([^"]+)(")/g, (all, a: string, id: string, b: string) =>
    ids.has(id) ? `${a}#${prefix}${id}${b}` : all,
  );
  return out;
}

export function flattenSummary(values: Record<string, SummaryValue>, prefix = ""): Array<[string, number | null]> {
  const rows: Array<[string, number | null]> = [];
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && typeof value === "object") rows.push(...flattenSummary(value, `${prefix}${key}.`));
    else rows.push([`${prefix}${key}`, value]);
  }
  return rows;
}

function formatNumber(value: number | null): string {
  if (value === null) return "n/a";
  return Number.isInteger(value) ? String(value) : value.toPrecision(4);
}

export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(s < 10 ? 2 : 1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${(s - m * 60).toFixed(0)} s`;
}

function anchor(name: string): string {
  return `preset-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
