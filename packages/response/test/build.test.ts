import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { packageDirectory, repositoryRoot } from "@losslab/test-kit/repository";
import { afterAll, describe, expect, it } from "vitest";

const packageDir = packageDirectory("response");
const work = mkdtempSync(join(tmpdir(), "losslab-response-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("@losslab/response stands almost alone", () => {
  it("imports nothing outside itself but @losslab/kinds (the vocabulary its controller kinds are defined in)", () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({ "@losslab/kinds": "workspace:^" });
    for (const field of ["peerDependencies", "optionalDependencies"]) {
      expect(manifest[field] ?? {}).toEqual({});
    }
    const sources = readdirSync(join(packageDir, "src")).filter((file) => file.endsWith(".ts"));
    for (const file of sources) {
      const text = readFileSync(join(packageDir, "src", file), "utf8");
      for (const match of text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"/g)) {
        const specifier = match[1] ?? match[2] ?? "";
        expect(specifier.startsWith("./") || specifier === "@losslab/kinds", `${file} imports ${specifier}`).toBe(true);
      }
    }
  });

  it("builds with tsup and works from a directory outside the workspace", async () => {
    const tsup = join(repositoryRoot, "node_modules", "tsup", "dist", "cli-default.js");
    // @losslab/kinds, built and installed beside it as npm would.
    const kindsDir = packageDirectory("kinds");
    const kinds = join(work, "node_modules", "@losslab", "kinds");
    mkdirSync(kinds, { recursive: true });
    execFileSync(
      process.execPath,
      [tsup, "src/index.ts", "--format", "esm", "--out-dir", join(kinds, "dist"), "--silent"],
      {
        cwd: kindsDir,
        stdio: "pipe",
      },
    );
    // As published: pnpm swaps in publishConfig's exports (no workspace source condition).
    const kindsManifest = JSON.parse(readFileSync(join(kindsDir, "package.json"), "utf8"));
    writeFileSync(join(kinds, "package.json"), JSON.stringify({ ...kindsManifest, ...kindsManifest.publishConfig }));
    // Its declarations read @losslab/kinds' sources (the workspace's condition), not a build.
    const tsconfig = join(work, "tsconfig.build.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: join(repositoryRoot, "tsconfig.base.json"),
        compilerOptions: { customConditions: ["@losslab/source"] },
        include: [join(packageDir, "src")],
      }),
    );
    const installed = join(work, "node_modules", "@losslab", "response");
    const dist = join(installed, "dist");
    mkdirSync(installed, { recursive: true });
    execFileSync(
      process.execPath,
      [tsup, "src/index.ts", "--format", "esm", "--dts", "--tsconfig", tsconfig, "--out-dir", dist, "--silent"],
      { cwd: packageDir, stdio: "pipe" },
    );
    cpSync(join(packageDir, "package.json"), join(installed, "package.json"));
    const files = readdirSync(dist);
    expect(files).toContain("index.js");
    expect(files).toContain("index.d.ts");
    const js = readFileSync(join(dist, "index.js"), "utf8");
    expect(js).not.toMatch(/\bfrom\s*["'](?!\.|@losslab\/kinds["'])/); // no bare imports but its dependency

    // Resolved by package name, through the exports map, by plain Node.
    const script = join(work, "use.mjs");
    writeFileSync(
      script,
      [
        'import { fimd, incrementCurve, perAck, checkConditions } from "@losslab/response";',
        "const f = fimd({ Rmax: 1e9 });",
        "const c = perAck({ response: 'lipd', mode: 'discrete' })({ lineRate: 1e9, packetSize: 2048 });",
        "c.onAck({ marked: true, bytes: 2048, seq: 1 });",
        "console.log(JSON.stringify({ ms: incrementCurve(f, { packetSize: 2048 }).duration * 1e3, rate: c.rate, ok: checkConditions(f).holds }));",
      ].join("\n"),
    );
    const output = execFileSync(process.execPath, [script], { cwd: work, encoding: "utf8" });
    expect(JSON.parse(output)).toEqual({ ms: expect.closeTo(4.194304, 9), rate: 5e8, ok: true });

    // And by file URL, from this process.
    const api = await import(pathToFileURL(join(dist, "index.js")).href);
    expect(api.lipd({ Rmax: 256, Rmin: 1 }).decrease(256)).toBe(128);
    expect(Object.keys(api)).toContain("deriveIncrease");
  }, 30_000);
});
