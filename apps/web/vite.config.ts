import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const reproductionsSource = join(here, "..", "..", "packages", "reproductions", "src") + sep;
const tap = join(here, "src", "scenario-tap.ts");

/**
 * One substitution in what the page bundles of the presets (@losslab/reproductions), and
 * nothing else: their imports of `@losslab/scenario` get scenario-tap.ts (the package itself,
 * plus a report of each run's progress and series to the page).
 */
function presetsInThePage(): Plugin {
  return {
    name: "losslab-presets-in-the-page",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer === undefined || !importer.startsWith(reproductionsSource)) return null;
      return source === "@losslab/scenario" ? tap : null;
    },
  };
}

/**
 * Cross-origin isolation, as public/_headers gives it to the built site's host: the page and
 * its workers may share memory (SharedArrayBuffer, Atomics.wait), which a run split over
 * threads needs. Everything the page loads is its own, so requiring CORP blocks nothing.
 */
const crossOriginIsolation = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
};

// Sources of the workspace packages (their "@losslab/source" export condition), as the tests use them.
const conditions = ["@losslab/source", "module", "browser", "development|production"];

export default defineConfig({
  base: "./",
  resolve: { conditions },
  plugins: [presetsInThePage()],
  worker: { format: "es", plugins: () => [presetsInThePage()] },
  build: { target: "es2022", chunkSizeWarningLimit: 2500 },
  server: { host: "127.0.0.1", headers: crossOriginIsolation },
  preview: { host: "127.0.0.1", headers: crossOriginIsolation },
});
