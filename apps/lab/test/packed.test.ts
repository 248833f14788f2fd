/**
 * What `npm i @losslab/...` gives a user: every workspace package packed once with pnpm,
 * checked by publint and @arethetypeswrong/cli, and installed outside the workspace from
 * those tarballs alone (packed-install.ts). There: ESM and CommonJS programs load the packages, `tsc` accepts them
 * under node16 (.mts and .cts), nodenext and bundler resolution, every README's runnable
 * example runs, and the installed `losslab` bin runs, shipped examples and worker threads
 * included.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readGolden } from "@losslab/test-kit/preset-golden";
import { readmeExamples, showsOutput } from "@losslab/test-kit/readme-examples";
import { repositoryRoot } from "@losslab/test-kit/repository";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attwReport,
  manifestProblems,
  type Packed,
  publintMessages,
  RESOLUTION_KINDS,
  runProcess,
} from "../../../scripts/packing.js";
import { assertExampleGolden, examplePart, exampleScenarios } from "./example-records.js";
import { installPacked, type PackedInstall } from "./packed-install.js";

let install: PackedInstall;
let app = "";
let bin = "";
const installed = (...args: string[]) => spawnSync(bin, args, { cwd: app, encoding: "utf8" });
let packed: Packed[] = [];

/** Runs a command in the app directory, without a shell; resolves with its exit code and output. */
const runInApp = (command: string, args: string[]) => runProcess(command, args, app);

/** `work` on each item, two at a time (the machine has two cores). */
async function twoAtATime<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all([lane(), lane()]);
  return results;
}

beforeAll(() => {
  install = installPacked();
  ({ app, bin, packed } = install);
}, 300_000);

afterAll(() => install.remove());

describe("the packed tarballs", () => {
  it("have clean manifests, no publint message, and attw finds every entry point right in every column", {
    timeout: 120_000,
  }, async () => {
    expect(packed.map(({ name }) => name)).toHaveLength(14);
    const reports = await twoAtATime(packed, async ({ name, tarball }) => ({
      name,
      manifest: manifestProblems(tarball),
      publint: await publintMessages(tarball),
      attw: await attwReport(tarball),
    }));
    for (const { name, manifest, publint, attw } of reports) {
      expect({ name, manifest, publint, attw: attw.problems }).toEqual({ name, manifest: [], publint: [], attw: [] });
      const main = attw.entrypoints["."];
      expect(main, name).toEqual({
        node10: "ok",
        "node16-cjs": "ok (CJS)",
        "node16-esm": "ok (ESM)",
        bundler: "ok",
      });
      for (const row of Object.values(attw.entrypoints)) {
        for (const kind of RESOLUTION_KINDS) expect(row[kind], `${name} ${kind}`).toMatch(/^ok/);
      }
    }
  });
});

describe("programs using the installed packages", () => {
  const names = () => packed.map(({ name }) => name);
  /** One export of each package, so that every package's entry point is loaded and typed. */
  const oneExport: Record<string, string> = {
    "@losslab/adapter": "HostAdapter",
    "@losslab/core": "PacketStore",
    "@losslab/engine": "Engine",
    "@losslab/fabric": "buildFabric",
    "@losslab/kinds": "Registry",
    "@losslab/lab": "runLosslab",
    "@losslab/marking": "markingPolicies",
    "@losslab/metrics": "ByteCounter",
    "@losslab/reproductions": "presets",
    "@losslab/response": "lipd",
    "@losslab/scenario": "parseScenario",
    "@losslab/switch": "Link",
    "@losslab/topology": "twoSwitch",
    "@losslab/traffic": "createGenerator",
  };
  /** The identifier a package is bound to in the programs below ("switch" is a keyword). */
  const local = (name: string) => `${name.slice("@losslab/".length)}Package`;
  const program = `
const rate = responsePackage.lipd({ Rmax: 1e9 }).decrease(1e9);
const result = scenarioPackage.runScenario(
  scenarioPackage.parseScenario({ durationMs: 1, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } }),
);
console.log(rate, result.summary.groups.local > 0, reproductionsPackage.presets.length > 0, typeof labPackage.runLosslab);
`;

  it("an ES module imports every package; a CommonJS module requires every package", async () => {
    expect(Object.keys(oneExport).sort()).toEqual(names().sort());
    const esm = names()
      .map((name) => `import * as ${local(name)} from "${name}";`)
      .join("\n");
    writeFileSync(join(app, "esm.mjs"), `${esm}\n${program}`);
    const cjs = names()
      .map((name) => `const ${local(name)} = require("${name}");`)
      .join("\n");
    writeFileSync(join(app, "cjs.cjs"), `${cjs}\n${program}`);
    for (const file of ["esm.mjs", "cjs.cjs"]) {
      const run = await runInApp(process.execPath, [file]);
      expect({ file, stderr: run.stderr, stdout: run.stdout }).toEqual({
        file,
        stderr: "",
        stdout: "500000000 true true function\n",
      });
    }
    // Each format loads its own build: the CommonJS one through the "require" condition.
    const which = await runInApp(process.execPath, [
      "--input-type=commonjs",
      "-e",
      'console.log(require.resolve("@losslab/response"))',
    ]);
    expect(which.stdout.trim()).toMatch(/dist[/\\]index\.cjs$/);
  });

  it("tsc accepts them under node16 (.mts and .cts), nodenext and bundler resolution, README examples included", {
    timeout: 120_000,
  }, async () => {
    const imports = names()
      .map((name) => `import { ${oneExport[name]} as ${local(name)} } from "${name}";`)
      .join("\n");
    const uses = `\nexport const used = [${names().map(local).join(", ")}];\nexport const rate: number = responsePackage({ Rmax: 1e9 }).decrease(1e9);\n`;
    mkdirSync(join(app, "types"), { recursive: true });
    for (const file of ["consumer.mts", "consumer.cts", "consumer.ts"])
      writeFileSync(join(app, "types", file), imports + uses);
    // The README examples, as a user would save them (the package.json says "type": "module").
    mkdirSync(join(app, "readme"), { recursive: true });
    const examples = readmes().flatMap(({ name, examples }) =>
      examples.map(({ code }, i) => {
        const file = `${name.slice("@losslab/".length)}-${i + 1}.ts`;
        writeFileSync(join(app, "readme", file), code);
        return `readme/${file}`;
      }),
    );
    // skipLibCheck: the declaration files themselves are checked by tsup's build and by attw;
    // checking them again here (with the DOM lib) would triple the time of these runs.
    const base = {
      strict: true,
      noEmit: true,
      target: "ES2022",
      lib: ["ES2022", "DOM"],
      types: [],
      skipLibCheck: true,
    };
    const configs = {
      node16: {
        compilerOptions: { ...base, module: "node16", moduleResolution: "node16" },
        files: ["types/consumer.mts", "types/consumer.cts"],
      },
      nodenext: {
        compilerOptions: { ...base, module: "nodenext", moduleResolution: "nodenext" },
        files: ["types/consumer.ts", "types/consumer.cts"],
      },
      bundler: {
        compilerOptions: { ...base, module: "preserve", moduleResolution: "bundler" },
        files: ["types/consumer.ts", ...examples],
      },
    };
    const tsc = join(repositoryRoot, "node_modules", ".bin", "tsc");
    const results = await twoAtATime(Object.entries(configs), async ([name, config]) => {
      writeFileSync(join(app, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
      const run = await runInApp(tsc, ["-p", `tsconfig.${name}.json`]);
      return { name, status: run.status, output: run.stdout + run.stderr };
    });
    for (const result of results) expect(result).toEqual({ name: result.name, status: 0, output: "" });
  });

  it("every package README has a runnable example, and each runs as printed in the README", {
    timeout: 120_000,
  }, async () => {
    const tsx = join(repositoryRoot, "node_modules", ".bin", "tsx");
    const all = readmes().flatMap(({ name, examples }) =>
      examples.map(({ code, output }, i) => ({ name, code, output, i })),
    );
    for (const { name, examples } of readmes()) expect(examples.length, name).toBeGreaterThan(0);
    const runs = await twoAtATime(all, async ({ name, code, output, i }) => {
      const file = join(app, "readme", `run-${name.slice("@losslab/".length)}-${i + 1}.ts`);
      writeFileSync(file, code);
      return { name, output, ...(await runInApp(tsx, [file])) };
    });
    for (const { name, output, status, stdout, stderr } of runs) {
      expect({ name, status, stderr }).toEqual({ name, status: 0, stderr: "" });
      // Where the README shows what the example prints, it prints that, line by line.
      if (output !== undefined && !showsOutput(output, stdout)) expect(stdout, name).toBe(output);
    }
  });
});

/** The README and runnable examples of every published package but the app (whose README shows commands). */
function readmes() {
  return packed
    .filter(({ name }) => name !== "@losslab/lab")
    .map(({ name, dir }) => {
      const readme = readFileSync(join(repositoryRoot, dir, "README.md"), "utf8");
      return { name, readme, examples: readmeExamples(readme) };
    });
}

describe("the installed losslab bin", () => {
  it("prints the version of the package", () => {
    const { version } = JSON.parse(readFileSync(join(repositoryRoot, "apps", "lab", "package.json"), "utf8"));
    expect(installed("--version").stdout.trim()).toBe(version);
  });

  it("runs the commands of the README's installed section, on the example scenarios the package ships", {
    timeout: 60_000,
  }, () => {
    const readme = readFileSync(join(repositoryRoot, "apps", "lab", "README.md"), "utf8");
    const block = /^```sh\n(# where @losslab\/lab is installed[\s\S]*?)^```$/m.exec(readme)?.[1];
    expect(block).toBeDefined();
    const commands = block!
      .split("\n")
      .map((line) => line.replace(/\s+#.*$/, "").trim())
      .filter((line) => line.startsWith("npx losslab "));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const command of commands) {
      const run = installed(...command.split(/\s+/).slice(2));
      expect({ command, status: run.status, stderr: run.stderr }).toEqual({ command, status: 0, stderr: "" });
    }
  });

  it("validates every shipped example scenario, and runs one on the trajectory of its golden record", () => {
    const examples = join(app, "node_modules", "@losslab", "lab", "examples");
    for (const example of exampleScenarios()) {
      const valid = installed("validate", join(examples, example));
      expect(valid.stdout, example).toContain(": valid (");
    }
    const run = installed("run", join(examples, "santos-fig2a.json"), "--json");
    expect(run.stderr).toBe("");
    assertExampleGolden("santos-fig2a.json", examplePart(JSON.parse(run.stdout)));
  });

  it("runs a scenario naming an installed plugin package, whose marks are in the summary", { timeout: 60_000 }, () => {
    const scenario = readFileSync(join(repositoryRoot, "examples", "plugin-marking", "scenario.yaml"), "utf8").replace(
      'plugins: ["./index.js"]',
      'plugins: ["losslab-marking-dctcp"]',
    );
    writeFileSync(join(app, "plugin-scenario.yaml"), scenario);
    const run = installed("run", "plugin-scenario.yaml", "--json");
    expect(run.stderr).toBe("");
    const result = JSON.parse(run.stdout);
    expect(result.scenario.marking.kind).toBe("dctcp-step");
    expect(result.marked).toBeGreaterThan(0);
    // Named twice (file and flag), loaded once.
    expect(installed("validate", "plugin-scenario.yaml", "--plugin", "losslab-marking-dctcp").status).toBe(0);
  });

  it("runs a sweep on 2 worker threads, with the results of 1", { timeout: 60_000 }, () => {
    const sweep = join(install.dir, "sweep.json");
    writeFileSync(
      sweep,
      JSON.stringify({
        base: { durationMs: 2, topology: { kind: "two-switch", local: 1, remote: 1 }, flows: { pattern: "santos" } },
        parameters: { "topology.local": [1, 2, 3] },
      }),
    );
    const results = ["1", "2"].map((workers) => {
      const out = join(install.dir, `sweep-${workers}`);
      const run = installed("sweep", sweep, "--workers", workers, "--out", out);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      return readFileSync(join(out, "results.csv"), "utf8");
    });
    expect(results[1]).toBe(results[0]);
    expect(results[0]!.trim().split("\n")).toHaveLength(4);
  });

  it("reproduces ferrer-fig5 on 2 worker threads, on the trajectory of its golden record", { timeout: 180_000 }, () => {
    const run = installed("reproduce", "ferrer-fig5", "--workers", "2", "--json");
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.checks.every((check: { pass: boolean }) => check.pass)).toBe(true);
    expect(result.fingerprint).toBe(readGolden("ferrer-fig5").full!.fingerprint);
  });
});
