import { afterEach, describe, expect, it, vi } from "vitest";
import { terminalProgress } from "../src/terminal/progress.js";
import { statusLine } from "../src/terminal/status-line.js";

/** What `report` writes to stderr, with stderr a terminal (`tty`) or not. */
function stderrOf(tty: boolean, report: () => void): string[] {
  const lines: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const wasTty = process.stderr.isTTY;
  process.stderr.isTTY = tty;
  try {
    report();
  } finally {
    process.stderr.isTTY = wasTty;
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe("terminalProgress off a terminal (logs, CI)", () => {
  it("logs one plain line per minute at most, with the ETA, and nothing for short runs", () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const lines = stderrOf(false, () => {
      const progress = terminalProgress("big");
      now += 30_000;
      progress(0.1, 4); // 30 s: too early
      now += 40_000;
      progress(1, 4); // 70 s, a quarter done: 210 s left
      now += 10_000;
      progress(1.2, 4); // 10 s later: too early
      now += 3_000_000;
      progress(4, 4); // done: the caller reports completion itself
    });
    expect(lines).toEqual(["big: 25% after 70 s, ETA 4 min\n"]);
  });
});

describe("terminalProgress on a terminal", () => {
  it("ends the line once when the end is reported twice, and starts a new line for a new phase", () => {
    const lines = stderrOf(true, () => {
      const progress = terminalProgress("fig");
      progress(1, 2);
      progress(2, 2);
      progress(2, 2); // a sweep's end, then its preset's
      progress(0, 3); // the next phase
      progress(3, 3);
    });
    expect(lines.filter((line) => line.endsWith("\n"))).toHaveLength(2);
    expect(lines.filter((line) => line.includes("100%"))).toHaveLength(2);
  });

  it("writes once per update that changes the line: the last line once, 100% only at the end", () => {
    const now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const lines = stderrOf(true, () => {
      const progress = terminalProgress("sweep");
      progress(0, 12);
      progress(10, 12);
      progress(10, 12); // a point's progress message that moves nothing
      progress(11.999, 12); // the last point almost done: 99%, not yet 100%
      progress(12, 12); // it ends
    });
    expect(lines).toHaveLength(4);
    expect(lines.map((line) => /\] (\d+)%/.exec(line)?.[1])).toEqual(["0", "83", "99", "100"]);
    expect(lines.filter((line) => line.includes("100%"))).toEqual([expect.stringMatching(/100%.*\n$/)]);
    expect(lines.slice(0, 3).every((line) => !line.includes("\n"))).toBe(true);
  });
});

describe("statusLine: messages with a status beneath (reproduce --all on threads)", () => {
  it("on a terminal keeps the status as the last line: a message clears it, prints, and draws it again", () => {
    const writes = stderrOf(true, () => {
      const status = statusLine();
      status.update("50%; running a");
      status.update("50%; running a"); // unchanged: nothing written
      status.say("[1/2] b: 1 of 1 claims pass\n");
      status.end();
    });
    expect(writes).toEqual([
      "\r50%; running a\x1b[K",
      "\r\x1b[K[1/2] b: 1 of 1 claims pass\n50%; running a",
      "\r\x1b[K",
    ]);
  });

  it("cuts the status to the terminal's width, so that it never wraps", () => {
    const columns = process.stderr.columns;
    process.stderr.columns = 12;
    try {
      const writes = stderrOf(true, () => statusLine().update("50%; running a 10%, b 5%"));
      expect(writes).toEqual(["\r50%; runni…\x1b[K"]);
    } finally {
      process.stderr.columns = columns;
    }
  });

  it("off a terminal prints the messages, and the status once a minute at most", () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const writes = stderrOf(false, () => {
      const status = statusLine();
      now += 30_000;
      status.update("10%"); // 30 s: too early
      status.say("[1/2] a: running\n");
      now += 40_000;
      status.update("40%");
      now += 10_000;
      status.update("45%"); // 10 s later: too early
      status.end();
    });
    expect(writes).toEqual(["[1/2] a: running\n", "40%\n"]);
  });
});
