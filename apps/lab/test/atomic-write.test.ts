import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  discardPendingFiles,
  openAtomicFile,
  writeFileAtomic,
  writeFileAtomicSync,
} from "../src/files/atomic-write.js";

const fresh = () => mkdtempSync(join(tmpdir(), "losslab-atomic-"));

describe("atomic writes", () => {
  it("replace a file whole and leave no temporary file", async () => {
    const dir = fresh();
    const file = join(dir, "results.csv");
    writeFileSync(file, "old\n");
    await writeFileAtomic(file, "new\n");
    expect(readFileSync(file, "utf8")).toBe("new\n");
    writeFileAtomicSync(file, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(file)]).toEqual([1, 2, 3]);
    expect(readdirSync(dir)).toEqual(["results.csv"]);
  });

  it("a stream shows nothing under its final name before close; discard keeps the old file", () => {
    const dir = fresh();
    const file = join(dir, "trace.ndjson");
    writeFileSync(file, "old\n");
    const stream = openAtomicFile(file);
    stream.write("a\n");
    stream.write("b\n");
    expect(readFileSync(file, "utf8")).toBe("old\n");
    stream.close();
    expect(readFileSync(file, "utf8")).toBe("a\nb\n");

    const dropped = openAtomicFile(file);
    dropped.write("half a li");
    dropped.discard();
    expect(readFileSync(file, "utf8")).toBe("a\nb\n");
    expect(readdirSync(dir)).toEqual(["trace.ndjson"]);
  });

  it("an interruption removes the files still being written", () => {
    const dir = fresh();
    const stream = openAtomicFile(join(dir, "trace.ndjson"));
    stream.write("a\n");
    expect(readdirSync(dir)).toHaveLength(1);
    discardPendingFiles();
    expect(readdirSync(dir)).toEqual([]);
    stream.close(); // after the interruption: nothing to put in place
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes what a killed process left for the same file, not what a running one is writing", async () => {
    const dir = fresh();
    // Above Linux's largest pid (2^22): no such process.
    const dead = join(dir, ".results.csv.99999999-3.tmp");
    const running = join(dir, `.results.csv.${process.ppid}-1.tmp`);
    const other = join(dir, ".other.csv.99999999-1.tmp");
    for (const file of [dead, running, other]) writeFileSync(file, "half");
    await writeFileAtomic(join(dir, "results.csv"), "whole\n");
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it("a write that cannot be done is one line for the user, naming the file", async () => {
    const file = join(fresh(), "missing", "results.csv");
    await expect(writeFileAtomic(file, "x")).rejects.toThrow(`cannot write "${file}": ENOENT`);
    expect(() => openAtomicFile(file)).toThrow(`cannot write "${file}": ENOENT`);
  });
});
