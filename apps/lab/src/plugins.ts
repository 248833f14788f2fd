/**
 * Plugins: modules outside losslab whose default export is a kind definition
 * (`defineMarkingPolicy(...)`, ...) or a list of them. A plugin is code, run with the rights
 * of the user who runs losslab, so it is found the way a dependency is, never the way a path
 * or a URL is: an installed package, resolved from the scenario's directory as Node resolves
 * it, or a file inside the scenario's directory (or `--data-dir`), named `./...`. Absolute
 * paths, `..`, backslashes, URLs (`data:`, `file:`, `http:`, `node:`) and Node's built-in
 * modules are refused before anything is loaded, for a scenario's `plugins:`, `--plugin` (from
 * the working directory) and a sweep's base alike; a sweep parameter may not set `plugins`, and
 * a queued job may name none (point-job.ts). Loading is bounded: a plugin that is not a
 * regular file, throws anything, never settles or exports no definition gets one `losslab:`
 * line within LOAD_TIMEOUT_MS, in the main thread and in worker threads alike.
 */
import { existsSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { AnyKindDefinition } from "@losslab/kinds";
import { builtInKinds, quoteValue, ScenarioError, type ScenarioKinds, withPlugins } from "@losslab/scenario";
import { type DataDir, dataDir, resolveInside } from "./files/data-dir.js";
import { checkRegularFile, readTextFile } from "./files/regular-file.js";
import { UserError } from "./user-error.js";

/** How long a plugin may take to load (its top-level code) before it counts as hung. */
export const LOAD_TIMEOUT_MS = 5_000;

/** The largest plugin file losslab hands to Node to load. */
const MAX_PLUGIN_BYTES = 32 * 2 ** 20;

/** A package name (`name`, `@scope/name`), optionally with a subpath (`name/sub/path.js`). */
const PACKAGE_NAME = /^(?:@[a-z0-9~][\w.~-]*\/)?[a-z0-9~][\w.~-]*(?:\/[\w.~-]+)*$/i;

/** A plugin as the user named it, and the file Node will load for it. */
export interface ResolvedPlugin {
  /** As written (`./my-policy.mjs`, `losslab-marking-dctcp`): what messages show. */
  name: string;
  /** The file's URL, for `import()`. */
  url: string;
}

/**
 * The module a plugin specifier names, from `base` (the scenario's directory or --data-dir, or
 * the working directory for `--plugin`); a UserError naming `field` and what is allowed when it
 * names anything else, or nothing.
 */
export async function resolvePlugin(
  specifier: string,
  base: DataDir,
  field: string,
  from = base.given ? "--data-dir" : "the scenario's directory",
): Promise<ResolvedPlugin> {
  const where = `${field} ${quoteValue(specifier)}`;
  const refuse = (why: string) =>
    new UserError(
      `${where}: ${why}; a plugin is an installed package or a file inside ${from} named ./file.mjs (code that runs with your rights)`,
    );
  if (specifier === "" || specifier.trim() !== specifier) throw refuse("not a module name");
  if (specifier.includes("\0")) throw refuse("it contains a NUL character");
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier))
    throw refuse("a URL or a drive (data:, file:, http:, node:, C:) is not a plugin");
  if (specifier.includes("\\")) throw refuse("backslashes are not allowed (write / between directories)");
  if (specifier.startsWith("/")) throw refuse("an absolute path is not allowed");
  if (specifier.split("/").includes("..")) throw refuse("'..' is not allowed (the file must be inside the directory)");
  if (specifier.startsWith(".")) {
    if (!specifier.startsWith("./")) throw refuse("a file is named ./file.mjs");
    const path = await resolveInside(base, specifier, where);
    await checkRegularFile(path, "plugin", { shown: specifier, maxBytes: MAX_PLUGIN_BYTES }).catch((error: unknown) => {
      throw error instanceof UserError ? new UserError(`${field}: ${error.message}`) : error;
    });
    return { name: specifier, url: pathToFileURL(path).href };
  }
  if (!PACKAGE_NAME.test(specifier)) throw refuse("not a package name");
  if (isBuiltin(specifier)) throw refuse("Node's built-in modules are not plugins");
  const entry = packageEntry(specifier, base.real) ?? (await esmEntry(specifier, base.real));
  if (entry === undefined) {
    throw new UserError(
      `${where}: not installed where ${base.shown} can see it (npm i ${specifier}, or a file inside the directory: ./my-policy.mjs)`,
    );
  }
  await checkRegularFile(entry, "plugin", { shown: specifier, maxBytes: MAX_PLUGIN_BYTES }).catch((error: unknown) => {
    throw error instanceof UserError ? new UserError(`${field}: ${error.message}`) : error;
  });
  return { name: specifier, url: pathToFileURL(entry).href };
}

/** The file `require` would load for a package name from `baseDir` (undefined when none, or a built-in). */
function packageEntry(name: string, baseDir: string): string | undefined {
  try {
    const found = createRequire(join(baseDir, "noop.js")).resolve(name);
    return isBuiltin(found) ? undefined : found;
  } catch {
    return undefined;
  }
}

/**
 * An ES-module-only package ("exports" with an "import" condition alone) is not found by
 * require's resolution: its entry from the manifest in the node_modules folders above
 * baseDir, read as any file losslab reads (a regular file, bounded).
 */
async function esmEntry(specifier: string, baseDir: string): Promise<string | undefined> {
  const parts = specifier.split("/");
  const name = parts.slice(0, specifier.startsWith("@") ? 2 : 1).join("/");
  if (name !== specifier) return undefined;
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const root = join(dir, "node_modules", name);
    const manifestFile = join(root, "package.json");
    if (existsSync(manifestFile)) {
      let manifest: { exports?: unknown; module?: unknown; main?: unknown };
      try {
        manifest = JSON.parse(await readTextFile(manifestFile, "package manifest"));
      } catch {
        return undefined;
      }
      const exported = manifest.exports as Record<string, unknown> | undefined;
      const main = entryOf(exported?.["."] ?? exported) ?? manifest.module ?? manifest.main;
      const entry = join(root, typeof main === "string" ? main : "index.js");
      // The entry stays inside its package: a manifest cannot point a plugin elsewhere.
      const rest = relative(root, entry);
      return rest.startsWith(`..${sep}`) || rest === ".." ? undefined : entry;
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

/**
 * What a plugin threw, in words, whatever it threw: `null`, a string, an object whose
 * `toString` throws too. Never throws itself.
 */
export function thrownText(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return `${thrown.name}: ${String(thrown.message).split("\n")[0]}`.slice(0, 300);
    if (thrown === null || thrown === undefined || typeof thrown !== "object") return String(thrown).slice(0, 300);
    return `an object (${String(thrown).slice(0, 200)})`;
  } catch {
    return "a value that cannot be shown";
  }
}

const loaded = new Map<string, readonly AnyKindDefinition[]>();

/** Resolves once `promise` does, or rejects with `timedOut` after `ms`. */
async function within<T>(promise: Promise<T>, ms: number, timedOut: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timedOut()), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const isDefinition = (value: unknown): value is AnyKindDefinition =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as AnyKindDefinition).family === "string" &&
  typeof (value as AnyKindDefinition).kind === "string" &&
  typeof (value as AnyKindDefinition).parameters === "object" &&
  typeof (value as AnyKindDefinition).create === "function";

/** The definitions a plugin module exports (default export: one definition or a list), loaded within LOAD_TIMEOUT_MS. */
async function definitionsOf(plugin: ResolvedPlugin): Promise<readonly AnyKindDefinition[]> {
  const known = loaded.get(plugin.url);
  if (known !== undefined) return known;
  const named = `plugin ${quoteValue(plugin.name)}`;
  let module: { default?: unknown };
  try {
    module = await within(
      import(plugin.url) as Promise<{ default?: unknown }>,
      LOAD_TIMEOUT_MS,
      () =>
        new UserError(
          `${named}: did not finish loading within ${LOAD_TIMEOUT_MS / 1000} s (a top-level await that never settles?)`,
        ),
    );
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`${named}: could not be loaded: it threw ${thrownText(error)}`);
  }
  let definitions: unknown[];
  try {
    const exported = module.default;
    definitions = Array.isArray(exported) ? [...exported] : [exported];
    if (definitions.length === 0 || !definitions.every(isDefinition)) definitions = [];
  } catch (error) {
    throw new UserError(`${named}: reading its default export threw ${thrownText(error)}`);
  }
  if (definitions.length === 0) {
    throw new UserError(
      `${named}: its default export must be a kind definition (defineMarkingPolicy(...) of @losslab/marking) or a list of them`,
    );
  }
  const checked = definitions as AnyKindDefinition[];
  loaded.set(plugin.url, checked);
  return checked;
}

/** The kinds scenarios may name with `plugins` (resolved by `resolvePlugin`, or handed to a worker thread). */
export async function kindsWith(plugins: readonly ResolvedPlugin[]): Promise<ScenarioKinds> {
  if (plugins.length === 0) return builtInKinds;
  const definitions: AnyKindDefinition[] = [];
  for (const plugin of plugins) definitions.push(...(await definitionsOf(plugin)));
  try {
    return withPlugins(builtInKinds, definitions);
  } catch (error) {
    if (error instanceof ScenarioError) throw new UserError(error.message);
    throw new UserError(`the plugins' definitions: ${thrownText(error)}`);
  }
}

/**
 * Resolves a scenario input's `plugins` (from `base`: the scenario file's directory, or
 * --data-dir) and `--plugin` flags (from the working directory) and loads them: the kinds the
 * scenario may name, and the plugins (a sweep's worker threads load the same files). A bad
 * `plugins` field (not a list of strings) is left for the scenario's validation to report.
 * `file`: the scenario file, for messages.
 */
export async function scenarioKinds(
  input: unknown,
  file: string,
  base: DataDir,
  flags: readonly string[] = [],
): Promise<{ kinds: ScenarioKinds; plugins: ResolvedPlugin[] }> {
  const named = input !== null && typeof input === "object" ? (input as { plugins?: unknown }).plugins : undefined;
  const plugins: ResolvedPlugin[] = [];
  if (Array.isArray(named) && named.every((entry) => typeof entry === "string")) {
    for (const [i, specifier] of (named as string[]).entries()) {
      plugins.push(await resolvePlugin(specifier, base, `${file}: plugins[${i}]`));
    }
  }
  plugins.push(...(await flagPlugins(flags)));
  const unique = [...new Map(plugins.map((plugin) => [plugin.url, plugin])).values()];
  return { kinds: await kindsWith(unique), plugins: unique };
}

/** The `--plugin` flags' modules, resolved from the working directory. */
export async function flagPlugins(flags: readonly string[]): Promise<ResolvedPlugin[]> {
  if (flags.length === 0) return [];
  const cwd = await dataDir(process.cwd(), false);
  const resolved: ResolvedPlugin[] = [];
  for (const flag of flags) {
    resolved.push(await resolvePlugin(flag, { ...cwd, shown: "." }, "--plugin", "the working directory"));
  }
  return resolved;
}
