import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = dirname(fileURLToPath(import.meta.url));
const labSource = join(here, "..", "lab", "src") + sep;
const tap = join(here, "src", "scenario-tap.ts");
const NO_POOL = "\0losslab-web:no-worker-pool";

/**
 * Two substitutions in what the page bundles of the lab, and nothing else:
 * - the lab's imports of `@losslab/scenario` get scenario-tap.ts (the package itself, plus a
 *   report of each run's progress and series to the page);
 * - the lab's worker-thread pool (Node's piscina), which the page never uses (it runs presets
 *   with one worker), is replaced by a module that says so.
 */
function labInTheBrowser(): Plugin {
  return {
    name: "losslab-lab-in-the-browser",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer === undefined || !importer.startsWith(labSource)) return null;
      if (source === "@losslab/scenario") return tap;
      if (source === "./worker-pool.js") return NO_POOL;
      return null;
    },
    load(id) {
      if (id !== NO_POOL) return null;
      return 'export async function runOnPool() { throw new Error("worker threads are not available in the page: run with one worker"); }\n';
    },
  };
}

// Sources of the workspace packages (their "@losslab/source" export condition), as the tests use them.
const conditions = ["@losslab/source", "module", "browser", "development|production"];

export default defineConfig({
  base: "./",
  resolve: { conditions },
  plugins: [labInTheBrowser()],
  worker: { format: "es", plugins: () => [labInTheBrowser()] },
  build: { target: "es2022", chunkSizeWarningLimit: 2500 },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
