/**
 * Progress for long runs on stderr (so --json stdout stays clean): a single updating line
 * with percentage and ETA on a terminal, nothing when stderr is not a TTY.
 */
export function terminalProgress(label: string): (done: number, total: number, detail?: string) => void {
  if (!process.stderr.isTTY) return () => {};
  const start = Date.now();
  return (done, total, detail) => {
    const fraction = total > 0 ? done / total : 1;
    const elapsed = (Date.now() - start) / 1000;
    const eta = fraction > 0 ? elapsed * (1 / fraction - 1) : Number.NaN;
    const bar = "#".repeat(Math.round(fraction * 20)).padEnd(20, ".");
    const etaText = Number.isFinite(eta) ? `ETA ${eta.toFixed(0)} s` : "";
    process.stderr.write(`\r${label} [${bar}] ${(fraction * 100).toFixed(0)}% ${etaText} ${detail ?? ""}\x1b[K`);
    if (done >= total) process.stderr.write("\n");
  };
}
