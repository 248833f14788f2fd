import { afterEach, describe, expect, it, vi } from "vitest";
import { terminalProgress } from "../src/progress.js";

describe("terminalProgress off a terminal (logs, CI)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("logs one plain line per minute at most, with the ETA, and nothing for short runs", () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const tty = process.stderr.isTTY;
    process.stderr.isTTY = false;
    try {
      const progress = terminalProgress("big");
      now += 30_000;
      progress(0.1, 4); // 30 s: too early
      now += 40_000;
      progress(1, 4); // 70 s, a quarter done: 210 s left
      now += 10_000;
      progress(1.2, 4); // 10 s later: too early
      now += 3_000_000;
      progress(4, 4); // done: the caller reports completion itself
    } finally {
      process.stderr.isTTY = tty;
    }
    expect(lines).toEqual(["big: 25% after 70 s, ETA 4 min\n"]);
  });
});

describe("terminalProgress on a terminal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("ends the line once when the end is reported twice, and starts a new line for a new phase", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const tty = process.stderr.isTTY;
    process.stderr.isTTY = true;
    try {
      const progress = terminalProgress("fig");
      progress(1, 2);
      progress(2, 2);
      progress(2, 2); // a sweep's end, then its preset's
      progress(0, 3); // the next phase
      progress(3, 3);
    } finally {
      process.stderr.isTTY = tty;
    }
    expect(lines.filter((line) => line === "\n")).toHaveLength(2);
    expect(lines.filter((line) => line.includes("100%"))).toHaveLength(2);
  });
});
