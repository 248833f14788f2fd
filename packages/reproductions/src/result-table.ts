import type { PresetResult, SummaryValue } from "./preset.js";

/** The human-readable rendering of a preset's result: summary values, then claims with PASS/FAIL. */
export function formatResultTable(preset: string, result: PresetResult): string {
  const lines = [`${preset}`, "", "summary:"];
  for (const [key, value] of flatten(result.summary)) lines.push(`  ${key.padEnd(32)} ${formatNumber(value)}`);
  lines.push("", "checks:");
  for (const check of result.checks) {
    lines.push(
      `  ${check.pass ? "PASS" : "FAIL"}  ${check.id.padEnd(7)} ${check.claim}: ${formatNumber(check.value)} (expected ${check.expected})`,
    );
  }
  const failed = result.checks.filter((c) => !c.pass).length;
  lines.push(
    "",
    `${result.checks.length - failed} of ${result.checks.length} claims pass; fingerprint ${result.fingerprint}`,
  );
  return `${lines.join("\n")}\n`;
}

function flatten(values: Record<string, SummaryValue>, prefix = ""): Array<[string, number | null]> {
  const rows: Array<[string, number | null]> = [];
  for (const [key, value] of Object.entries(values)) {
    if (value !== null && typeof value === "object") rows.push(...flatten(value, `${prefix}${key}.`));
    else rows.push([`${prefix}${key}`, value]);
  }
  return rows;
}

function formatNumber(value: number | null): string {
  if (value === null) return "n/a";
  return Number.isInteger(value) ? String(value) : value.toPrecision(4);
}
