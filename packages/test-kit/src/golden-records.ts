/**
 * Golden records, compared: a record is the JSON of what a run gave once (a preset's runs in
 * packages/reproductions/golden/, an example scenario's `losslab run --json` in
 * apps/lab/golden/examples/), and a run now must give the same numbers. On a mismatch the
 * report names each value that moved and by how much. `pnpm golden:update` rewrites them.
 */
import { round } from "@losslab/reproductions";

/**
 * The values that differ between a golden record's part and the run's, one line each:
 * `path: golden -> now (+delta, +percent)`. Empty when they are the same.
 */
export function differences(golden: unknown, now: unknown, path = ""): string[] {
  if (typeof golden === "number" && typeof now === "number") {
    if (golden === now) return [];
    const delta = now - golden;
    const percent = golden === 0 ? "" : `, ${delta > 0 ? "+" : ""}${round((100 * delta) / Math.abs(golden))} %`;
    return [`${path}: ${golden} -> ${now} (${delta > 0 ? "+" : ""}${round(delta)}${percent})`];
  }
  if (golden !== null && now !== null && typeof golden === "object" && typeof now === "object") {
    const keys = [...new Set([...Object.keys(golden), ...Object.keys(now)])];
    return keys.flatMap((key) =>
      differences(
        (golden as Record<string, unknown>)[key],
        (now as Record<string, unknown>)[key],
        path === "" ? key : `${path}.${key}`,
      ),
    );
  }
  return golden === now ? [] : [`${path}: ${JSON.stringify(golden)} -> ${JSON.stringify(now)}`];
}

/**
 * Throws a readable report when `now` differs from `golden`, read from `file`: what `label`
 * gives now moved from the record of `name` (the name `pnpm golden:update` takes).
 */
export function assertUnmoved(file: string, name: string, label: string, golden: unknown, now: unknown): void {
  const lines = differences(golden, now);
  if (lines.length > 0) {
    throw new Error(
      `${label} moved from its golden record ${file}:\n  ${lines.join("\n  ")}\n` +
        `If the change is meant to move it, run \`pnpm golden:update ${name}\` and say why in the commit message.`,
    );
  }
}
