/**
 * Renders a renderer-neutral {@link Chart} to SVG and PNG without a browser.
 *
 * Pipeline: Chart -> Vega-Lite spec -> (vega-lite `compile`) Vega spec -> headless
 * `vega.View` -> `toSVG()` -> (`@resvg/resvg-js`) PNG.
 *
 * - No canvas, no browser, no network: the View gets a loader that refuses every
 *   request, and all data is inlined.
 * - Text is set in DejaVu Sans, shipped by the `dejavu-fonts-ttf` npm package. Vega lays
 *   text out with widths read from that font's own advance widths (installed as
 *   `vega.textMetrics.width`, process-wide), and resvg draws it from the same font files
 *   with system fonts off, so the PNG is byte-identical on any machine.
 * - Deterministic: the same Chart gives byte-identical SVG and PNG. Renders are
 *   serialised so vega's global clip-path ids restart at 1 for each chart.
 *
 * What a chart looks like (lines, bars, colours, shading) is its Vega-Lite spec: see
 * `toVegaLite` in @losslab/reproductions.
 */
import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Chart, FONT_FAMILY, toVegaLite } from "@losslab/reproductions";
import { Resvg } from "@resvg/resvg-js";
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { writeFileAtomic } from "../files/atomic-write.js";

/** Default PNG scale: 2 gives a crisp 1440x720 image. */
export const DEFAULT_PNG_SCALE = 2;

export interface RenderPngOptions {
  /** Pixels per SVG unit (default {@link DEFAULT_PNG_SCALE}). */
  scale?: number;
}

/** Renders `chart` as a standalone SVG document (720x360). */
export async function renderChartSvg(chart: Chart): Promise<string> {
  const vgSpec = compile(toVegaLite(chart) as TopLevelSpec, { logger: vega.logger(vega.Error) }).spec;
  return serialised(async () => {
    installTextMetrics();
    const view = new vega.View(vega.parse(vgSpec), {
      renderer: "none",
      loader: noNetworkLoader,
      logLevel: vega.Error,
    });
    try {
      await view.runAsync();
      vega.resetSVGDefIds();
      return await view.toSVG();
    } finally {
      view.finalize();
    }
  });
}

/** Renders `chart` as a PNG: the SVG rasterised by resvg with the bundled font. */
export async function renderChartPng(chart: Chart, options: RenderPngOptions = {}): Promise<Uint8Array> {
  return svgDocumentToPng(await renderChartSvg(chart), options);
}

/** Rasterises an SVG from `renderChartSvg` (for callers that keep the SVG as well: one render, not two). */
export function svgDocumentToPng(svg: string, options: RenderPngOptions = {}): Uint8Array {
  return svgToPng(svg, pngScale(options));
}

/** Writes `<dir>/<chart.name>.svg` and `<dir>/<chart.name>.png`; returns both paths. */
export async function writeChart(
  chart: Chart,
  dir: string,
  options: RenderPngOptions = {},
): Promise<{ svg: string; png: string }> {
  const scale = pngScale(options);
  const svg = await renderChartSvg(chart);
  const png = svgToPng(svg, scale);
  await mkdir(dir, { recursive: true });
  const paths = { svg: join(dir, `${chart.name}.svg`), png: join(dir, `${chart.name}.png`) };
  await writeFileAtomic(paths.svg, svg);
  await writeFileAtomic(paths.png, png);
  return paths;
}

function pngScale(options: RenderPngOptions): number {
  const scale = options.scale ?? DEFAULT_PNG_SCALE;
  if (!(scale > 0 && Number.isFinite(scale))) {
    throw new RangeError(`PNG scale must be a positive number, got ${scale}`);
  }
  return scale;
}

function svgToPng(svg: string, scale: number): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: "zoom", value: scale },
    background: "white",
    font: {
      fontFiles: fonts().files,
      loadSystemFonts: false,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    },
  });
  const png = resvg.render().asPng();
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

// ---------------------------------------------------------------------------
// Headless vega plumbing

/** vega must never fetch: every load is refused. */
const noNetworkLoader: vega.Loader = {
  load: (uri) => Promise.reject(new Error(`losslab charts load nothing (asked for ${uri})`)),
  sanitize: (uri) => Promise.reject(new Error(`losslab charts load nothing (asked for ${uri})`)),
  http: (uri) => Promise.reject(new Error(`losslab charts load nothing (asked for ${uri})`)),
  file: (uri) => Promise.reject(new Error(`losslab charts load nothing (asked for ${uri})`)),
};

let queue: Promise<unknown> = Promise.resolve();

/** Runs renders one at a time (vega's SVG def ids are a process-wide counter). */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

// ---------------------------------------------------------------------------
// Fonts and text metrics

interface FontMetrics {
  unitsPerEm: number;
  advance(codePoint: number): number;
}

interface Fonts {
  files: string[];
  regular: FontMetrics;
  bold: FontMetrics;
}

let loadedFonts: Fonts | undefined;

function fonts(): Fonts {
  if (!loadedFonts) {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
    const regular = join(dir, "DejaVuSans.ttf");
    const bold = join(dir, "DejaVuSans-Bold.ttf");
    loadedFonts = {
      files: [regular, bold, join(dir, "DejaVuSans-Oblique.ttf"), join(dir, "DejaVuSans-BoldOblique.ttf")],
      regular: parseMetrics(readFileSync(regular)),
      bold: parseMetrics(readFileSync(bold)),
    };
  }
  return loadedFonts;
}

let metricsInstalled = false;

/**
 * Replaces vega's text width estimate (0.8 em per character) with DejaVu Sans advance
 * widths, so legends, labels and titles are laid out for the font resvg draws with.
 */
function installTextMetrics(): void {
  if (metricsInstalled) return;
  const { regular, bold } = fonts();
  const metrics = (vega as unknown as { textMetrics: VegaTextMetrics }).textMetrics;
  metrics.width = (item, text) => {
    const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
    const str = text == null ? "" : String(text).trim();
    if (size <= 0 || str.length === 0) return 0;
    const weight = item.fontWeight;
    const font = weight === "bold" || weight === "bolder" || Number(weight) >= 600 ? bold : regular;
    const raw = (textUnits(font, str) * size) / font.unitsPerEm;
    // With a limit, report at most the limit: vega's truncation compares against it,
    // and a truncated label is never wider than its limit.
    const limit = Number(item.limit);
    return limit > 0 ? Math.min(raw, limit) : raw;
  };
  metricsInstalled = true;
}

interface VegaTextMetrics {
  width: (item: { fontSize?: unknown; fontWeight?: unknown; limit?: unknown }, text?: unknown) => number;
}

function textUnits(font: FontMetrics, text: string): number {
  let units = 0;
  for (const ch of text) units += font.advance(ch.codePointAt(0) ?? 0);
  return units;
}

/** Reads unitsPerEm, cmap (format 4) and hmtx from a TrueType font. */
function parseMetrics(buf: Buffer): FontMetrics {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const u16 = (o: number) => view.getUint16(o);
  const tables = new Map<string, number>();
  const numTables = u16(4);
  for (let t = 0; t < numTables; t++) {
    const rec = 12 + 16 * t;
    tables.set(buf.toString("latin1", rec, rec + 4), view.getUint32(rec + 8));
  }
  const table = (tag: string): number => {
    const off = tables.get(tag);
    if (off === undefined) throw new Error(`font has no ${tag} table`);
    return off;
  };
  const unitsPerEm = u16(table("head") + 18);
  const numHMetrics = u16(table("hhea") + 34);
  const hmtx = table("hmtx");
  const advanceOf = (gid: number) => u16(hmtx + 4 * Math.min(gid, numHMetrics - 1));

  const cmap = table("cmap");
  let sub = -1;
  for (let r = 0; r < u16(cmap + 2); r++) {
    const rec = cmap + 4 + 8 * r;
    const platform = u16(rec);
    const encoding = u16(rec + 2);
    const off = cmap + view.getUint32(rec + 4);
    if (u16(off) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
      sub = off;
      if (platform === 3) break;
    }
  }
  if (sub < 0) throw new Error("font has no format-4 cmap");
  const segCount = u16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segCount + 2;
  const deltas = starts + 2 * segCount;
  const rangeOffsets = deltas + 2 * segCount;
  const glyphOf = (c: number): number => {
    if (c > 0xffff) return 0;
    for (let s = 0; s < segCount; s++) {
      if (c > u16(ends + 2 * s)) continue;
      const start = u16(starts + 2 * s);
      if (c < start) return 0;
      const delta = u16(deltas + 2 * s);
      const ro = u16(rangeOffsets + 2 * s);
      if (ro === 0) return (c + delta) & 0xffff;
      const g = u16(rangeOffsets + 2 * s + ro + 2 * (c - start));
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    advance(c) {
      let a = cache.get(c);
      if (a === undefined) {
        a = advanceOf(glyphOf(c));
        cache.set(c, a);
      }
      return a;
    },
  };
}
