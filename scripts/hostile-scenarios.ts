/**
 * Writes bad and hostile scenario files (apps/lab/test/hostile-scenarios.ts) and runs
 * `losslab validate` and `losslab run` on each in a child process with a time limit and a
 * memory cap (see runCli), then counts how each ended and the largest peak RSS: a clean
 * error (one `losslab:` line, exit 2), an untidy one (exit 2 and no stack trace, but several
 * lines or a huge one), a stack trace (anything else that exits), a hang (killed at the time
 * limit), out of memory (V8's heap limit, or an allocation refused under the address-space
 * cap), accepted (exit 0: the file was called valid, or ran) or "ran code" (a plugin named
 * from outside the scenario's directory ran: it leaves a file named RAN behind).
 *
 * `--resume N` also damages N sweeps' resume files (apps/lab/test/hostile-resume.ts) and runs
 * `losslab sweep` on each: "same" (exit 0 and the files of a run from scratch), "refused"
 * (exit 2, one clean line), "wrong" (exit 0 but other files: a damaged row was re-used), a
 * stack trace, a hang or out of memory.
 *
 *   node --conditions=@losslab/source --import tsx scripts/hostile-scenarios.ts \
 *     [--count 300] [--seed 1] [--timeout 20] [--memory-mb 3072] [--cli source|built|PATH] [--keep DIR] [--resume 0]
 *
 * `--cli built` runs apps/lab/dist/cli.js (after `pnpm build`), which starts faster; `--cli
 * PATH` another built cli.js (a build of an older commit, to compare).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { snapshot } from "@losslab/test-kit/sweep-files";
import fc from "fast-check";
import { RESUME_SWEEP, resumeDamage } from "../apps/lab/test/hostile-resume.js";
import {
  type HostileCase,
  hostileCase,
  isCleanError,
  pluginRan,
  writeCase,
} from "../apps/lab/test/hostile-scenarios.js";

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
    timeout: { type: "string", default: "20" },
    "memory-mb": { type: "string", default: "3072" },
    cli: { type: "string", default: "source" },
    keep: { type: "string" },
    resume: { type: "string", default: "0" },
  },
});
const count = Number(values.count);
const timeoutSeconds = Number(values.timeout);
const memoryMb = Number(values["memory-mb"]);
const root = join(import.meta.dirname, "..");
// "source": apps/lab/src/cli.ts through tsx; "built": apps/lab/dist/cli.js; else the path of a built cli.js.
const source = values.cli === "source";
const builtCli = values.cli === "built" ? join(root, "apps/lab/dist/cli.js") : resolve(values.cli);
const cli = source
  ? ["--conditions=@losslab/source", "--import", "tsx", join(root, "apps/lab/src/cli.ts")]
  : [builtCli];

type Outcome = "clean" | "untidy" | "stack" | "hang" | "oom" | "accepted" | "ran code";

/** Marks the line /usr/bin/time adds to stderr with the peak resident set size. */
const RSS_MARK = "hostile-scenarios max RSS kB:";

/**
 * Runs one command under `timeout` and /usr/bin/time (for its peak RSS). The built CLI also
 * runs under `ulimit -v` (typed arrays live outside V8's heap); the source CLI cannot, since
 * tsx's WebAssembly reserves more address space than any sane cap, so there only V8's heap
 * limit applies and the peak RSS shows the rest.
 */
function runCli(
  command: string,
  ...args: string[]
): { outcome: Outcome; detail: string; rssKb: number; status: number | null } {
  const node = [process.execPath, `--max-old-space-size=${Math.floor(memoryMb / 2)}`, ...cli, command, ...args];
  const quoted = node.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
  const cap = source ? "" : `ulimit -v ${memoryMb * 1024}; `;
  const shell = `${cap}exec timeout -s KILL ${timeoutSeconds} /usr/bin/time -f '${RSS_MARK} %M' ${quoted}`;
  const result = spawnSync("bash", ["-c", shell], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const lines = (result.stderr ?? "").split("\n");
  const rssLine = lines.find((line) => line.startsWith(RSS_MARK));
  const rssKb = rssLine === undefined ? 0 : Number(rssLine.slice(RSS_MARK.length));
  // time(1) adds its own line, and "Command exited with non-zero status N" on failures.
  const stderr = lines.filter((line) => line !== rssLine && !line.startsWith("Command exited with")).join("\n");
  const detail =
    stderr
      .split("\n")
      .find((line) => line.trim() !== "")
      ?.slice(0, 300) ?? "";
  const classify = (): { outcome: Outcome; detail: string } => {
    if (result.status === 137 || result.signal === "SIGKILL" || rssLine === undefined) {
      return { outcome: "hang", detail: "killed at the time limit" };
    }
    if (
      /heap out of memory|Array buffer allocation failed|Cannot allocate memory|std::bad_alloc|OutOfMemory/i.test(
        stderr,
      )
    ) {
      return { outcome: "oom", detail };
    }
    if (result.status === 0) return { outcome: "accepted", detail: result.stdout.split("\n")[0]?.slice(0, 200) ?? "" };
    if (result.status === 2 && isCleanError(stderr)) return { outcome: "clean", detail };
    // A user error without a stack trace, but on several lines or longer than the contract allows.
    if (result.status === 2 && stderr.startsWith("losslab: ") && !/^\s+at /m.test(stderr)) {
      return {
        outcome: "untidy",
        detail: `${stderr.split("\n").length - 1} lines, ${stderr.length} characters: ${detail}`,
      };
    }
    return { outcome: "stack", detail: `exit ${result.status ?? result.signal}: ${detail}` };
  };
  return { ...classify(), rssKb, status: result.status };
}

const cases: HostileCase[] = fc.sample(hostileCase, { seed: Number(values.seed), numRuns: count });
const work = values.keep ?? mkdtempSync(join(tmpdir(), "losslab-hostile-"));
const tally: Record<string, Record<Outcome, number>> = {};
const peakRssKb: Record<string, number> = {};
const notable: string[] = [];
for (const [i, hostile] of cases.entries()) {
  const dir = join(work, `case-${String(i + 1).padStart(4, "0")}`);
  mkdirSync(dir, { recursive: true });
  const file = writeCase(dir, hostile);
  for (const command of ["validate", "run"]) {
    const result = runCli(command, file);
    const { detail, rssKb } = result;
    // A refused plugin whose code ran anyway is a breach whatever the exit: the worst outcome.
    const outcome: Outcome = pluginRan(dir) ? "ran code" : result.outcome;
    peakRssKb[command] = Math.max(peakRssKb[command] ?? 0, rssKb);
    tally[command] ??= { clean: 0, untidy: 0, stack: 0, hang: 0, oom: 0, accepted: 0, "ran code": 0 };
    tally[command]![outcome]++;
    if (outcome !== "clean") notable.push(`${command} ${outcome.padEnd(8)} ${hostile.label.slice(0, 90)} | ${detail}`);
  }
  // Keep the disk small: the cases with big files are rewritten each time anyway.
  if (values.keep === undefined) rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`\r${i + 1}/${cases.length}`);
}
process.stderr.write("\n");

// Resume files: a fresh run of the sweep, then each damage on a copy of its outputs, then the sweep again.
type ResumeOutcome = "same" | "refused" | "wrong" | "stack" | "hang" | "oom";
const resumeTally: Record<ResumeOutcome, number> = { same: 0, refused: 0, wrong: 0, stack: 0, hang: 0, oom: 0 };
const resumeCount = Number(values.resume);
if (resumeCount > 0) {
  const sweepDir = join(work, "resume");
  mkdirSync(sweepDir, { recursive: true });
  const sweepFile = join(sweepDir, "sweep.json");
  writeFileSync(sweepFile, JSON.stringify(RESUME_SWEEP));
  const fresh = join(sweepDir, "fresh");
  const first = runCli("sweep", sweepFile, "--workers", "1", "--out", fresh);
  if (first.status !== 0) throw new Error(`the fresh sweep failed: ${first.detail}`);
  const expected = JSON.stringify(snapshot(fresh));
  const damages = fc.sample(resumeDamage, { seed: Number(values.seed), numRuns: resumeCount });
  for (const [i, { label, damage }] of damages.entries()) {
    const out = join(sweepDir, `case-${i + 1}`);
    cpSync(fresh, out, { recursive: true });
    damage(out);
    const result = runCli("sweep", sweepFile, "--workers", "1", "--out", out);
    const outcome: ResumeOutcome =
      result.outcome === "accepted"
        ? JSON.stringify(snapshot(out)) === expected
          ? "same"
          : "wrong"
        : result.outcome === "clean"
          ? "refused"
          : result.outcome === "untidy"
            ? "stack"
            : (result.outcome as ResumeOutcome);
    resumeTally[outcome]++;
    if (outcome !== "same")
      notable.push(`sweep    ${outcome.padEnd(8)} resume: ${label.slice(0, 80)} | ${result.detail}`);
    rmSync(out, { recursive: true, force: true });
    process.stderr.write(`\rresume ${i + 1}/${damages.length}`);
  }
  process.stderr.write("\n");
}

for (const line of notable) console.log(line);
console.log(`\n${cases.length} files, seed ${values.seed}, ${timeoutSeconds} s and ${memoryMb} MB per command:`);
const columns: Outcome[] = ["clean", "untidy", "stack", "hang", "oom", "accepted", "ran code"];
console.log(`command  ${columns.map((name) => name.padStart(9)).join("")}  peak RSS`);
for (const [command, counts] of Object.entries(tally)) {
  const rss = `${Math.round((peakRssKb[command] ?? 0) / 1024)} MB`;
  console.log(
    `${command.padEnd(9)}${columns.map((name) => String(counts[name]).padStart(9)).join("")}  ${rss.padStart(8)}`,
  );
}
if (resumeCount > 0) {
  console.log(`\n${resumeCount} damaged resume files (sweep run again on them):`);
  console.log(
    Object.entries(resumeTally)
      .map(([name, n]) => `${name} ${n}`)
      .join(", "),
  );
}
if (values.keep === undefined) rmSync(work, { recursive: true, force: true });
