/**
 * `reproduce --all` run again: presets whose files an earlier run left whole are not run
 * again, damaged ones are; an interruption keeps the finished presets; a preset that fails
 * is reported and the others run.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findPreset, type Preset } from "@losslab/reproductions";
import { parseScenario, runScenario } from "@losslab/scenario";
import { ringDeadlock, ringScenario } from "@losslab/test-kit/deadlock-ring";
import { losslab, startLosslab } from "@losslab/test-kit/losslab-cli";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reproduceAll } from "../src/commands/reproduce-all.js";
import { readKeptPreset } from "../src/report/preset-output.js";
import { errorLine } from "../src/terminal/error-line.js";

/** Every file of a preset's directory but the manifest (whose wall time differs between runs). */
function presetFiles(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    if (name !== "manifest.json") files[name] = readFileSync(join(dir, name)).toString("base64");
  }
  return files;
}

describe("reproduce --all, run again", () => {
  it("re-uses verified preset directories and runs damaged ones again, to the same files", {
    timeout: 90_000,
  }, async () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-all-"));
    const only = ["--all", "--only", "santos2002-fig2b,santos2002-fig6", "--out", out, "--workers", "1"];
    const first = losslab("reproduce", ...only);
    expect(first.status).toBe(0);
    const fig3b = presetFiles(join(out, "santos2002-fig2b"));
    const fig6 = presetFiles(join(out, "santos2002-fig6"));
    expect(Object.keys(fig3b)).toContain("result.json");

    // result.json cut short in one, the manifest itself damaged in the other: both run again.
    const result = join(out, "santos2002-fig2b", "result.json");
    writeFileSync(result, readFileSync(result, "utf8").slice(0, 100));
    const manifest = join(out, "santos2002-fig6", "manifest.json");
    writeFileSync(manifest, readFileSync(manifest, "utf8").slice(0, -20));
    const second = losslab("reproduce", ...only);
    expect(second.status).toBe(0);
    expect(second.stderr).toContain(
      `[1/2] santos2002-fig2b: ${join(out, "santos2002-fig2b")}/ is not re-used (result.json changed since it was written); running`,
    );
    expect(second.stderr).toContain(
      `[2/2] santos2002-fig6: ${join(out, "santos2002-fig6")}/ is not re-used (manifest.json is damaged); running`,
    );
    expect(presetFiles(join(out, "santos2002-fig2b"))).toEqual(fig3b);
    expect(presetFiles(join(out, "santos2002-fig6"))).toEqual(fig6);

    // Everything whole: nothing runs, and the report and the summary are the same as before.
    const third = losslab("reproduce", ...only);
    expect(third.status).toBe(0);
    expect(third.stderr).toContain(
      `[1/2] santos2002-fig2b: kept from an earlier run in ${join(out, "santos2002-fig2b")}/`,
    );
    expect(third.stderr).toContain("[2/2] santos2002-fig6: kept from an earlier run");
    expect(third.stderr).not.toContain("running");
    expect(third.stdout.split("\n").at(-2)).toMatch(/^2 presets, (\d+) of \1 claims pass/);
    const html = readFileSync(join(out, "index.html"), "utf8");
    for (const preset of ["santos2002-fig2b", "santos2002-fig6"]) expect(html).toContain(`<h2>${preset}</h2>`);
    expect(html.match(/<svg[\s>]/g)?.length).toBe(
      Object.keys({ ...fig3b, ...fig6 }).filter((name) => name.endsWith(".svg")).length,
    );

    // Another seed's results are not these.
    expect(await readKeptPreset(join(out, "santos2002-fig6"), findPreset("santos2002-fig6"), 2)).toEqual({
      problem: "it was run with seed 1",
    });
  });

  it("SIGINT between presets keeps the finished ones; the same command goes on from there", {
    timeout: 90_000,
  }, async () => {
    const out = mkdtempSync(join(tmpdir(), "losslab-all-"));
    const presets = "santos2002-fig2a,santos2002-fig2b,santos2002-fig6";
    const run = startLosslab("reproduce", "--all", "--only", presets, "--out", out, "--workers", "1");
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(join(out, "santos2002-fig2a", "manifest.json"))) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    run.child.kill("SIGINT");
    const exit = await run.exit;
    // Ended by the signal itself, after its line (the shell's 130).
    expect(exit.signal).toBe("SIGINT");
    const kept = presets.split(",").filter((p) => existsSync(join(out, p, "manifest.json")));
    expect(kept.length).toBeLessThan(3);
    expect(run.stderr().trim().split("\n").at(-1)).toBe(
      `losslab: interrupted; ${kept.length} of 3 presets kept in ${out}/; run the same command again to resume`,
    );
    expect(existsSync(join(out, "index.html"))).toBe(false);

    const resumed = losslab("reproduce", "--all", "--only", presets, "--out", out, "--workers", "1");
    expect(resumed.status).toBe(0);
    for (const preset of kept) expect(resumed.stderr).toContain(`${preset}: kept from an earlier run`);
    expect(resumed.stderr.match(/: running \(expected/g)).toHaveLength(3 - kept.length);
    expect(existsSync(join(out, "index.html"))).toBe(true);
  });
});

describe("reproduce --all, kept outputs are data (issue 42)", () => {
  afterEach(() => vi.restoreAllMocks());
  const preset = findPreset("santos2002-fig2a");
  const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");

  /** reproduce --all of santos2002-fig2a into `out`, here: its exit code and stderr. */
  async function again(out: string): Promise<{ code: number; stderr: string }> {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const code = await reproduceAll([preset], { out, seed: 1, workers: 1 });
      return { code, stderr: stderr.join("") };
    } finally {
      vi.restoreAllMocks();
    }
  }

  /** A directory where santos2002-fig2a ran once: `out`, and the preset's own `dir`. */
  async function ranOnce(): Promise<{ out: string; dir: string }> {
    const out = mkdtempSync(join(tmpdir(), "losslab-kept-"));
    expect((await again(out)).code).toBe(0);
    return { out, dir: join(out, preset.name) };
  }

  /** Changes the first check of a kept result.json (and its SHA-256 in the manifest). */
  const tamperCheck = (dir: string, change: (check: Record<string, unknown>) => void) =>
    tamper(dir, "result.json", (text) => {
      const result = JSON.parse(text);
      change(result.checks[0]);
      return `${JSON.stringify(result, null, 2)}\n`;
    });

  /** Changes a kept file and its SHA-256 in the manifest, as someone who meant it would. */
  function tamper(dir: string, file: string, change: (text: string) => string) {
    const path = join(dir, file);
    writeFileSync(path, change(readFileSync(path, "utf8")));
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    manifest.files[file] = sha256(readFileSync(path));
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
  }

  it("runs again a preset whose kept chart holds a script, whose manifest names files outside, or whose claims were flipped", {
    timeout: 120_000,
  }, async () => {
    const { out, dir } = await ranOnce();
    const files = presetFiles(dir);
    const kept = await again(out);
    expect(kept.stderr).toContain(`[1/1] ${preset.name}: kept from an earlier run in ${dir}/ (verified)`);

    // A kept SVG with a script: the report inlined it, and the script ran when the report was opened.
    tamper(dir, `${preset.name}.svg`, (svg) =>
      svg.replace(/(<svg[^>]*>)/, '$1<script>document.title="pwned"</script>'),
    );
    const script = await again(out);
    expect(script.stderr).toContain(
      `is not re-used (${preset.name}.svg is not a chart as losslab draws it (a <script> element)); running`,
    );
    expect(readFileSync(join(out, "index.html"), "utf8")).not.toContain("<script");
    expect(presetFiles(dir)).toEqual(files);

    // A manifest naming a file outside the directory: it was read and inlined into the report.
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    manifest.files["../../../../etc/hostname"] = sha256(readFileSync("/etc/hostname"));
    manifest.charts.push({ name: "../../../../etc/hostname", title: "x" });
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
    expect((await again(out)).stderr).toContain("is not re-used (manifest.json is damaged); running");
    const extra = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    extra.files["hostname.svg"] = "0".repeat(64);
    writeFileSync(join(dir, "manifest.json"), JSON.stringify(extra));
    expect((await again(out)).stderr).toContain(
      'is not re-used (manifest.json does not list the files losslab writes there ("hostname.svg")); running',
    );
    expect(readFileSync(join(out, "index.html"), "utf8")).not.toContain(readFileSync("/etc/hostname", "utf8").trim());

    // A claim flipped in result.json (and the manifest's hash with it): it was reported "(verified)".
    tamperCheck(dir, (check) => {
      check.pass = !check.pass;
    });
    expect((await again(out)).stderr).toContain(
      "is not re-used (result.json's claims are not what its numbers give (changed since it was written)); running",
    );
    // The value changed to pass, and the summary left as it was: the same.
    tamperCheck(dir, (check) => {
      check.value = 0.15;
    });
    expect((await again(out)).stderr).toContain("result.json's claims are not what its numbers give");
    expect(presetFiles(dir)).toEqual(files);
  });

  it("reads only regular files: a manifest that is a named pipe is run again, and SIGTERM ends the command", {
    timeout: 120_000,
  }, async () => {
    const { out, dir } = await ranOnce();
    rmSync(join(dir, "manifest.json"));
    execFileSync("mkfifo", [join(dir, "manifest.json")]);
    const piped = await again(out);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toContain(
      'is not re-used ("manifest.json": not a regular file (a device, pipe or socket)); running',
    );
    // With a pipe again, and a preset running: SIGTERM ends the command at once, by the signal.
    rmSync(join(dir, "manifest.json"));
    execFileSync("mkfifo", [join(dir, "manifest.json")]);
    const run = startLosslab(
      "reproduce",
      "--all",
      "--only",
      `${preset.name},turner-apsn`,
      "--out",
      out,
      "--workers",
      "1",
    );
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (run.stderr().includes("running")) {
          clearInterval(poll);
          resolve();
        }
      }, 10);
    });
    const signalled = Date.now();
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.signal).toBe("SIGTERM");
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(run.stderr()).toMatch(/losslab: interrupted; \d of 2 presets kept in /);
  });
});

describe("reproduce --all on two threads", () => {
  it("runs the presets at once, longest first, to the same files and the same result tables, in order", {
    timeout: 120_000,
  }, () => {
    // In the presets' order (that of `losslab list`); fig4b ("2 s") is the longest, fig6 ("< 1 s") the shortest.
    // (turner-apsn was the longest until issue 41's event order made its TA.1 fail: docs/spec/turner.md.)
    const only = "santos2002-fig2b,santos2002-fig4b,santos2002-fig6";
    const outputs = ["1", "2"].map((workers) => {
      const out = mkdtempSync(join(tmpdir(), `losslab-all-${workers}-`));
      const run = losslab("reproduce", "--all", "--only", only, "--out", out, "--workers", workers);
      expect(run.status, run.stderr).toBe(0);
      const files = only.split(",").map((preset) => presetFiles(join(out, preset)));
      // The last line says how long it took.
      const report = readFileSync(join(out, "index.html"), "utf8");
      return { run, files, report, tables: run.stdout.split("\n").slice(0, -2).join("\n") };
    });
    const [one, two] = outputs as [(typeof outputs)[0], (typeof outputs)[0]];
    expect(two.files).toEqual(one.files);
    expect(two.tables).toEqual(one.tables);
    expect(two.report).toContain("presets ran at once");
    expect(one.report).not.toContain("presets ran at once");
    expect(two.tables.indexOf("santos2002-fig4b")).toBeLessThan(two.tables.indexOf("santos2002-fig6"));
    // On one thread in their order; on two the shortest waits for a thread, which the other two took.
    const starts = (stderr: string) => [...stderr.matchAll(/\] (\S+): running/g)].map((m) => m[1]);
    expect(starts(one.run.stderr)).toEqual(only.split(","));
    expect(starts(two.run.stderr)[2]).toBe("santos2002-fig6");
    expect(two.run.stderr).toMatch(/\[\d\/3\] santos2002-fig4b: (\d+) of \1 claims pass/);
    expect(two.run.stdout.split("\n").at(-2)).toMatch(/^3 presets, (\d+) of \1 claims pass/);
  });
});

describe("reproduce --all, a preset that fails", () => {
  afterEach(() => vi.restoreAllMocks());

  // A preset whose simulation fails in the model at run time (the deadlock ring, see
  // the test kit's deadlock-ring.ts), next to a real one.
  const failing: Preset = {
    name: "failing",
    description: "a preset whose one run fails",
    expectedRuntime: "< 1 s",
    scenarios: () => [],
    run: async () => {
      runScenario(parseScenario({ ...ringScenario(), durationMs: 3 }));
      throw new Error("unreachable: the run above fails");
    },
  };

  it("is reported with its error, in the report too; the others run; exit code 3", async () => {
    const stderr: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const out = mkdtempSync(join(tmpdir(), "losslab-all-"));
    const code = await reproduceAll([failing, findPreset("santos2002-fig6")], { out, seed: 1, workers: 1 });
    expect(code).toBe(3);
    const error = errorLine(ringDeadlock(3));
    expect(stderr).toContain(`losslab: [1/2] failing failed: ${error}\n`);
    expect(stderr.join("")).not.toContain("    at ");
    expect(stderr.at(-1)).toBe(
      "losslab: 1 of 2 presets failed to run (failing); their errors are above and in the report, and the same command runs them again\n",
    );
    expect(existsSync(join(out, "santos2002-fig6", "manifest.json"))).toBe(true);
    expect(existsSync(join(out, "failing", "manifest.json"))).toBe(false);
    const html = readFileSync(join(out, "index.html"), "utf8");
    // The report escapes the message's "->" arrows as HTML text.
    const escaped = error.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
    expect(html).toContain(`<span class="badge fail">ERROR</span> ${escaped}`);
    expect(html).toContain("<h2>santos2002-fig6</h2>");

    // Run again: the failed preset runs again, the other is kept; with --fresh both run.
    stderr.length = 0;
    expect(await reproduceAll([failing, findPreset("santos2002-fig6")], { out, seed: 1, workers: 1 })).toBe(3);
    expect(stderr.join("")).toContain("[2/2] santos2002-fig6: kept from an earlier run");
    expect(stderr.join("")).toContain("[1/2] failing: running");
    stderr.length = 0;
    await reproduceAll([failing, findPreset("santos2002-fig6")], { out, seed: 1, workers: 1, fresh: true });
    expect(stderr.join("")).toContain("[2/2] santos2002-fig6: running");
  });
});
