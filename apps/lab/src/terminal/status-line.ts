/** How often the status is logged when stderr is not a terminal (a log file, CI). */
const LOG_INTERVAL_MS = 60_000;

/**
 * Messages on stderr with a status beneath them, for work of several parts at once
 * (`reproduce --all` on several threads): on a terminal the status is one line kept at the
 * bottom, cut to the terminal's width (a message clears it, prints, and draws it again); otherwise (a log, CI) the
 * messages, and the status as a line of its own at most once a minute.
 */
export interface StatusLine {
  /** One whole line (ending in a newline). */
  say(line: string): void;
  /** The status now (no newline). */
  update(status: string): void;
  /** Clears the status line for good. */
  end(): void;
}

export function statusLine(): StatusLine {
  const tty = process.stderr.isTTY === true;
  let status = "";
  let logged = Date.now();
  const clear = () => (tty && status !== "" ? "\r\x1b[K" : "");
  return {
    say(line) {
      process.stderr.write(`${clear()}${line}${tty ? status : ""}`);
    },
    update(full) {
      // One screen line: a longer one would wrap, and the next redraw would leave its first part.
      const columns = process.stderr.columns ?? 80;
      const next = tty && full.length >= columns ? `${full.slice(0, columns - 2)}…` : full;
      if (tty) {
        if (next !== status) process.stderr.write(`\r${next}\x1b[K`);
      } else if (Date.now() - logged >= LOG_INTERVAL_MS) {
        logged = Date.now();
        process.stderr.write(`${next}\n`);
      }
      status = next;
    },
    end() {
      if (tty && status !== "") process.stderr.write("\r\x1b[K");
      status = "";
    },
  };
}
