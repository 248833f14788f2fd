/** How often progress is logged when stderr is not a terminal (a log file, CI). */
const LOG_INTERVAL_MS = 60_000;

/**
 * Progress for long runs on stderr (so --json stdout stays clean): on a terminal, a single
 * updating line with percentage and ETA, redrawn once per update that changes it, ended
 * by a newline once; otherwise (a log, CI) one plain line per minute at
 * most, so runs shorter than a minute print nothing and hour-long ones show they move.
 */
export function terminalProgress(label: string): (done: number, total: number, detail?: string) => void {
  const tty = process.stderr.isTTY === true;
  const start = Date.now();
  let logged = start;
  // A run that reports its end twice (a sweep, then its preset) prints the finished line once.
  let complete = false;
  // The line on screen: an update that would redraw it unchanged writes nothing.
  let shown = "";
  return (done, total, detail) => {
    if (done >= total && complete) return;
    complete = done >= total;
    const fraction = total > 0 ? Math.min(done / total, 1) : 1;
    const now = Date.now();
    const elapsed = (now - start) / 1000;
    const eta = fraction > 0 ? elapsed * (1 / fraction - 1) : Number.NaN;
    // Rounded down: 100% only at the end, never for a point at 99.6% that ends later.
    const percent = `${Math.floor(fraction * 100)}%`;
    if (!tty) {
      if (now - logged < LOG_INTERVAL_MS || done >= total) return;
      logged = now;
      const etaText = Number.isFinite(eta) && fraction > 0 ? `, ETA ${formatMinutes(eta)}` : "";
      process.stderr.write(
        `${label}: ${percent} after ${formatMinutes(elapsed)}${etaText}${detail ? `, ${detail}` : ""}\n`,
      );
      return;
    }
    const bar = "#".repeat(Math.floor(fraction * 20)).padEnd(20, ".");
    const etaText = Number.isFinite(eta) ? `ETA ${eta.toFixed(0)} s` : "";
    const line = `\r${label} [${bar}] ${percent} ${etaText} ${detail ?? ""}\x1b[K`;
    const end = complete ? "\n" : "";
    // One write per update: the line (unless already on screen) and, at the end, the newline.
    if (line !== shown || end !== "") process.stderr.write(`${line === shown ? "" : line}${end}`);
    shown = complete ? "" : line;
  };
}

function formatMinutes(seconds: number): string {
  return seconds < 90 ? `${seconds.toFixed(0)} s` : `${(seconds / 60).toFixed(0)} min`;
}

/**
 * Progress of one simulation: `terminalProgress` with the simulated time reached and the
 * rate, in simulated time and in events per wall second.
 */
export function simulationProgress(label: string): (doneMs: number, totalMs: number, events: number) => void {
  const show = terminalProgress(label);
  const start = Date.now();
  return (doneMs, totalMs, events) => {
    const seconds = Math.max((Date.now() - start) / 1000, 1e-3);
    const rate = `${formatMs(doneMs / seconds)} ms/s, ${(events / seconds / 1e6).toFixed(2)} M events/s`;
    show(doneMs, totalMs, `${formatMs(doneMs)} of ${formatMs(totalMs)} ms simulated, ${rate}`);
  };
}

function formatMs(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);
}
