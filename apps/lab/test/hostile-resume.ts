/**
 * Damaged resume files (issue 42): a small sweep's results.csv and results.json as an earlier
 * run left them, then made wrong in one way (a blanked cell, an extra column, a reordered
 * header, a duplicate row, an edited number, a file cut short, a named pipe, a directory,
 * /dev/zero, ...). `losslab sweep` run again on them must end as a run from scratch would:
 * exit code 0, only `losslab:` lines on stderr, and byte for byte the same files, whatever it
 * re-uses. Shared by the property test (bad-input.property.test.ts) and
 * scripts/hostile-scenarios.ts.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";

/** The sweep: four points of a short santos run (about a second in all). */
export const RESUME_SWEEP = {
  base: {
    name: "resume",
    durationMs: 2,
    topology: { kind: "two-switch", local: 1, remote: 1 },
    flows: { pattern: "santos", victimMs: null },
  },
  parameters: { "topology.local": [1, 2], "limits.window": [1, 2] },
};

/** One way to damage the earlier outputs in `out` (results.csv and results.json of RESUME_SWEEP). */
export interface ResumeDamage {
  label: string;
  damage(out: string): void;
}

const csvOf = (out: string) => join(out, "results.csv");
const jsonOf = (out: string) => join(out, "results.json");
const lines = (out: string) => readFileSync(csvOf(out), "utf8").trimEnd().split("\n");
const writeLines = (out: string, text: string[]) => writeFileSync(csvOf(out), `${text.join("\n")}\n`);
/** Replaces a file by something that is not one: a pipe, a directory, a link to a device. */
function replaceBy(path: string, kind: "fifo" | "directory" | "zero" | "dangling") {
  rmSync(path, { force: true });
  if (kind === "fifo") execFileSync("mkfifo", [path]);
  else if (kind === "directory") mkdirSync(path);
  else symlinkSync(kind === "zero" ? "/dev/zero" : "/nonexistent/results", path);
}

/** Cells of a line, split on commas (the rows of RESUME_SWEEP hold no quoted cell). */
const cells = (line: string) => line.split(",");

const row = fc.integer({ min: 1, max: 4 });

const DAMAGES: fc.Arbitrary<ResumeDamage>[] = [
  fc.tuple(row, fc.nat()).map(([r, c]) => ({
    label: `a blanked summary cell (row ${r})`,
    damage: (out: string) => {
      const text = lines(out);
      const all = cells(text[r]!);
      const column = 2 + (c % (all.length - 3));
      all[column] = "";
      text[r] = all.join(",");
      writeLines(out, text);
    },
  })),
  fc
    .tuple(fc.constantFrom("evil", "groups.extra", "links.X->Y", "completions.x.count", "zzz"), fc.nat())
    .map(([name, at]) => ({
      label: `an extra column ${name}`,
      damage: (out: string) => {
        const text = lines(out).map(cells);
        const column = 2 + (at % (text[0]!.length - 2));
        for (const [i, all] of text.entries()) all.splice(column, 0, i === 0 ? name : "0.5");
        writeLines(
          out,
          text.map((all) => all.join(",")),
        );
      },
    })),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => ({
    label: "a reordered header",
    damage: (out: string) => {
      const text = lines(out);
      const header = cells(text[0]!);
      const summary = header.length - 3;
      const i = 2 + (a % summary);
      let j = 2 + (b % summary);
      if (j === i) j = 2 + ((j - 1) % summary);
      if (j === i) j = i + 1 < header.length - 1 ? i + 1 : i - 1;
      [header[i], header[j]] = [header[j]!, header[i]!];
      text[0] = header.join(",");
      writeLines(out, text);
    },
  })),
  fc.tuple(row, fc.boolean()).map(([r, adjacent]) => ({
    label: `a duplicate row (row ${r})`,
    damage: (out: string) => {
      const text = lines(out);
      if (adjacent) text.splice(r, 0, text[r]!);
      else text.push(text[r]!);
      writeLines(out, text);
    },
  })),
  fc.tuple(row, fc.nat(), fc.integer({ min: 1, max: 9 })).map(([r, c, digit]) => ({
    label: `an edited number (row ${r})`,
    damage: (out: string) => {
      const text = lines(out);
      const all = cells(text[r]!);
      const column = 2 + (c % (all.length - 3));
      all[column] = all[column] === String(digit) ? String(digit + 1) : String(digit);
      text[r] = all.join(",");
      writeLines(out, text);
    },
  })),
  fc.tuple(row, fc.integer({ min: 0, max: 15 })).map(([r, at]) => ({
    label: `another fingerprint of 16 hex digits (row ${r})`,
    damage: (out: string) => {
      const text = lines(out);
      const all = cells(text[r]!);
      const fingerprint = all.at(-1)!;
      const digit = fingerprint[at] === "0" ? "1" : "0";
      all[all.length - 1] = fingerprint.slice(0, at) + digit + fingerprint.slice(at + 1);
      text[r] = all.join(",");
      writeLines(out, text);
    },
  })),
  fc.tuple(row, fc.constantFrom("=1+1", "+cmd", "-1+2", "@SUM(A1)", "3")).map(([r, value]) => ({
    label: `a parameter cell set to ${value}`,
    damage: (out: string) => {
      const text = lines(out);
      const all = cells(text[r]!);
      all[0] = value;
      text[r] = all.join(",");
      writeLines(out, text);
    },
  })),
  fc.double({ min: 0, max: 1, noNaN: true }).map((fraction) => ({
    label: `results.csv cut short at ${Math.round(fraction * 100)} %`,
    damage: (out: string) => {
      const text = readFileSync(csvOf(out), "utf8");
      writeFileSync(csvOf(out), text.slice(0, Math.floor(text.length * fraction)));
    },
  })),
  fc.uint8Array({ minLength: 0, maxLength: 2000 }).map((bytes) => ({
    label: `results.csv replaced by ${bytes.length} random bytes`,
    damage: (out: string) => writeFileSync(csvOf(out), bytes),
  })),
  fc.constantFrom("fifo", "directory", "zero", "dangling").map((kind) => ({
    label: `results.csv is a ${kind}`,
    damage: (out: string) => replaceBy(csvOf(out), kind as "fifo"),
  })),
  fc.constantFrom("fifo", "directory", "zero", "dangling").map((kind) => ({
    label: `results.json is a ${kind}`,
    damage: (out: string) => replaceBy(jsonOf(out), kind as "fifo"),
  })),
  fc.constantFrom<ResumeDamage>(
    {
      label: "CRLF line endings",
      damage: (out) =>
        writeLines(
          out,
          lines(out).map((line) => `${line}\r`),
        ),
    },
    { label: "no results.json", damage: (out) => rmSync(jsonOf(out)) },
    {
      label: "results.json cut short",
      damage: (out) => writeFileSync(jsonOf(out), readFileSync(jsonOf(out), "utf8").slice(0, 300)),
    },
    {
      label: "a number edited in results.json",
      damage: (out) => writeFileSync(jsonOf(out), readFileSync(jsonOf(out), "utf8").replace(/(\d)\.(\d)/, "$1.9")),
    },
    {
      label: "a 40 MB results.csv",
      damage: (out) => writeFileSync(csvOf(out), `${lines(out)[0]}\n${"1,1,0.5\n".repeat(5_000_000)}`),
    },
    {
      label: "results.csv not UTF-8",
      damage: (out) => writeFileSync(csvOf(out), Buffer.from([0xff, 0xfe, 0x00, 0x41])),
    },
    {
      label: "results.json nested 100000 deep",
      damage: (out) => writeFileSync(jsonOf(out), `${"[".repeat(100_000)}${"]".repeat(100_000)}`),
    },
  ),
];

export const resumeDamage: fc.Arbitrary<ResumeDamage> = fc.oneof(...DAMAGES);
