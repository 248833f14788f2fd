/**
 * Hostile `plugins:` entries (issue 42): names that lead outside the scenario's directory or
 * are URLs (refused before anything is loaded: the code they name never runs), files that
 * are not modules (a named pipe, /dev/zero, a directory), and plugins that break while they
 * load (throw anything, never settle, are not a definition). `losslab validate` and `run`
 * must refuse each with one `losslab:` line within a few seconds. Part of
 * hostile-scenarios.ts's generator; `@DIR@` in a name or a file stands for the case's
 * directory (writeCase fills it in).
 */
import fc from "fast-check";

/**
 * A module that leaves a file named RAN beside itself when it runs, so a test can tell that
 * a refused plugin's code never ran. Its default export is no definition: were it loaded, the
 * refusal would be another one.
 */
export const MARKING_MODULE = `import { writeFileSync } from "node:fs";
writeFileSync(new URL("./RAN", import.meta.url), "the code ran");
export default [];
`;

/** What a case adds to the santos base: its `plugins` entry and the files, links, pipes around it. */
export interface PluginSetup {
  label: string;
  plugin: unknown;
  files?: Record<string, string>;
  links?: Record<string, string>;
  directories?: string[];
  fifos?: string[];
  /** The scenario lives in this sub-directory (so that `../outside/` is beside it). */
  inSubdirectory?: boolean;
}

/** A plugin file ./p.mjs beside the scenario, with `code`. */
const module = (label: string, code: string): PluginSetup => ({ label, plugin: "./p.mjs", files: { "p.mjs": code } });

/** Outside the scenario's directory: `outside/evil.mjs` next to `s/` where the scenario is. */
const outside = { inSubdirectory: true, directories: ["outside"], files: { "outside/evil.mjs": MARKING_MODULE } };

const SETUPS: PluginSetup[] = [
  { label: "../ to a file beside the scenario's directory", plugin: "../outside/evil.mjs", ...outside },
  { label: "../ hidden in the middle", plugin: "./sub/../../outside/evil.mjs", ...outside },
  { label: "an absolute path", plugin: "@DIR@/outside/evil.mjs", ...outside },
  { label: "a file: URL", plugin: "file://@DIR@/outside/evil.mjs", ...outside },
  {
    label: "a data: URL",
    plugin: `data:text/javascript,import("node:fs").then((fs)=>fs.writeFileSync("@DIR@/RAN","x"));export default [];`,
  },
  { label: "an http: URL", plugin: "http://127.0.0.1:9/evil.mjs" },
  { label: "an https: URL", plugin: "https://example.com/evil.mjs" },
  { label: "a node: built-in", plugin: "node:child_process" },
  { label: "a Windows path", plugin: "C:\\evil\\plugin.mjs" },
  { label: "backslashes", plugin: ".\\..\\outside\\evil.mjs", ...outside },
  { label: "a package name that climbs", plugin: "some-package/../../../outside/evil.mjs", ...outside },
  { label: "a scoped name that climbs", plugin: "@scope/../../outside/evil.mjs", ...outside },
  {
    label: "a symbolic link to a file outside",
    plugin: "./link.mjs",
    ...outside,
    links: { "s/link.mjs": "@DIR@/outside/evil.mjs" },
  },
  { label: "a named pipe", plugin: "./pipe.mjs", fifos: ["pipe.mjs"] },
  { label: "a symbolic link to /dev/zero", plugin: "./zero.mjs", links: { "zero.mjs": "/dev/zero" } },
  { label: "/dev/zero", plugin: "/dev/zero" },
  { label: "a directory", plugin: "./plugin.mjs", directories: ["plugin.mjs"] },
  { label: "a missing file", plugin: "./missing.mjs" },
  { label: "a package that is not installed", plugin: "losslab-no-such-plugin" },
  { label: "an empty name", plugin: "" },
  { label: "a name with a NUL", plugin: "./plugin\u0000.mjs" },
  { label: "a number", plugin: 42 },
  { label: "a 100 kB name", plugin: `./${"p".repeat(100_000)}.mjs` },
  module("a module that throws null", "throw null;\n"),
  module("a module that throws undefined", "throw undefined;\n"),
  module("a module that throws a string", 'throw "no";\n'),
  module(
    "a module that throws an object whose toString throws",
    'throw { toString() { throw new Error("again"); } };\n',
  ),
  module("a module that throws an object without a prototype", "throw Object.create(null);\n"),
  module("a module that rejects with null", "await Promise.reject(null);\n"),
  module("a module whose top-level await never settles", "await new Promise(() => {});\nexport default [];\n"),
  module(
    "a module that waits for ever on a timer",
    "await new Promise((resolve) => setTimeout(resolve, 2 ** 31 - 1));\nexport default [];\n",
  ),
  module("a syntax error", "export default {\n"),
  module("a default export that is a number", "export default 42;\n"),
  module("no default export", "export const kind = 1;\n"),
  module("an empty list", "export default [];\n"),
  {
    label: "a definition of an unknown family",
    plugin: "./p.mjs",
    files: {
      "p.mjs": 'export default { family: "weather", kind: "rain", parameters: {}, create: () => ({}) };\n',
    },
  },
  module("a definition whose getter throws", "export default { get family() { throw null; } };\n"),
  module("a 40 MB module", `// ${"x".repeat(40 * 1024 * 1024)}\nexport default [];\n`),
];

export const pluginSetup: fc.Arbitrary<PluginSetup> = fc.constantFrom(...SETUPS);
