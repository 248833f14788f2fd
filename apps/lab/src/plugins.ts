import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyKindDefinition } from "@losslab/kinds";
import { builtInKinds, ScenarioError, type ScenarioKinds, withPlugins } from "@losslab/scenario";
import { UserError } from "./user-error.js";

/**
 * Plugins: modules outside losslab whose default export is a kind definition
 * (`defineMarkingPolicy(...)`, ...) or a list of them. A scenario names them in `plugins:`
 * (package names resolved from the scenario's directory, relative paths from the file); the
 * CLI's `--plugin` adds more (resolved from the working directory). Loading a plugin runs its
 * code: only the user's own files and flags name plugins, never a queued job.
 */

/** The file URL a plugin specifier names, from `baseDir`; a UserError naming it if there is none. */
export function resolvePlugin(specifier: string, baseDir: string): string {
  if (specifier.startsWith("file:")) return specifier;
  if (specifier.startsWith(".") || isAbsolute(specifier)) {
    const file = resolve(baseDir, specifier);
    if (!existsSync(file)) throw new UserError(`plugin "${specifier}": no file ${file}`);
    return pathToFileURL(file).href;
  }
  try {
    return pathToFileURL(createRequire(join(baseDir, "noop.js")).resolve(specifier)).href;
  } catch {
    // An ES-module-only package ("exports" with an "import" condition alone) is not found by
    // require's resolution: read its manifest from the node_modules folders above baseDir.
    const entry = esmEntry(specifier, baseDir);
    if (entry !== undefined) return pathToFileURL(entry).href;
    throw new UserError(
      `plugin "${specifier}": not installed where ${baseDir} can see it (npm i ${specifier}, or give a path: ./my-policy.mjs)`,
    );
  }
}

function esmEntry(name: string, baseDir: string): string | undefined {
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const root = join(dir, "node_modules", name);
    if (existsSync(join(root, "package.json"))) {
      const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
      const main = entryOf(manifest.exports?.["."] ?? manifest.exports) ?? manifest.module ?? manifest.main;
      return join(root, typeof main === "string" ? main : "index.js");
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The file an "exports" entry gives an `import` (a string, or conditions with import/default). */
function entryOf(exports: unknown): string | undefined {
  if (typeof exports === "string") return exports;
  if (exports === null || typeof exports !== "object") return undefined;
  const conditions = exports as Record<string, unknown>;
  return entryOf(conditions.import) ?? entryOf(conditions.default);
}

const loaded = new Map<string, readonly AnyKindDefinition[]>();

/** The definitions a plugin module exports (default export: one definition or a list). */
async function definitionsOf(url: string): Promise<readonly AnyKindDefinition[]> {
  const known = loaded.get(url);
  if (known !== undefined) return known;
  let module: { default?: unknown };
  try {
    module = await import(url);
  } catch (error) {
    throw new UserError(`plugin ${url}: could not be loaded: ${(error as Error).message.split("\n")[0]}`);
  }
  const exported = module.default;
  const definitions = Array.isArray(exported) ? exported : [exported];
  const isDefinition = (value: unknown): value is AnyKindDefinition =>
    typeof value === "object" &&
    value !== null &&
    typeof (value as AnyKindDefinition).family === "string" &&
    typeof (value as AnyKindDefinition).kind === "string" &&
    typeof (value as AnyKindDefinition).parameters === "object" &&
    typeof (value as AnyKindDefinition).create === "function";
  if (definitions.length === 0 || !definitions.every(isDefinition)) {
    throw new UserError(
      `plugin ${url}: its default export must be a kind definition (defineMarkingPolicy(...) of @losslab/marking) or a list of them`,
    );
  }
  loaded.set(url, definitions);
  return definitions;
}

/** The kinds scenarios may name with the plugins at `urls` (file URLs, `resolvePlugin`). */
export async function kindsWith(urls: readonly string[]): Promise<ScenarioKinds> {
  if (urls.length === 0) return builtInKinds;
  const definitions: AnyKindDefinition[] = [];
  for (const url of urls) definitions.push(...(await definitionsOf(url)));
  try {
    return withPlugins(builtInKinds, definitions);
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(error.message);
    throw error;
  }
}

/**
 * Resolves a scenario input's `plugins` (from the scenario file's directory) and `--plugin`
 * flags (from the working directory) to file URLs and loads them: the kinds the scenario may
 * name, and the URLs (a sweep's worker threads load the same files). A bad `plugins` field
 * is left for the scenario's validation to report.
 */
export async function scenarioKinds(
  input: unknown,
  scenarioFile: string,
  flags: readonly string[] = [],
): Promise<{ kinds: ScenarioKinds; urls: string[] }> {
  const named = input !== null && typeof input === "object" ? (input as { plugins?: unknown }).plugins : undefined;
  const fromFile =
    Array.isArray(named) && named.every((entry) => typeof entry === "string")
      ? named.map((specifier) => resolvePlugin(specifier, dirname(resolve(scenarioFile))))
      : [];
  const urls = [...new Set([...fromFile, ...flags.map((specifier) => resolvePlugin(specifier, process.cwd()))])];
  return { kinds: await kindsWith(urls), urls };
}

/** The `plugins` of a scenario input that already holds file URLs (a sweep point on a worker thread). */
export function pluginUrls(input: unknown): string[] {
  const named = input !== null && typeof input === "object" ? (input as { plugins?: unknown }).plugins : undefined;
  return Array.isArray(named) ? named.filter((entry): entry is string => typeof entry === "string") : [];
}
