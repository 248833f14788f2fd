/**
 * The one CSV cell writer of losslab's outputs (chart CSVs here and in the browser lab, the
 * lab's sweep results.csv). A cell is RFC 4180 text that cannot carry code into a
 * spreadsheet (OWASP's CSV injection rule): a number is written as it is; text that begins
 * with `=`, `+`, `-`, `@`, a tab or a carriage return, which a spreadsheet would run as a
 * formula, gets a leading `'` (and is quoted); a cell holding `"`, `,`, CR or LF, or with
 * spaces at either end, is quoted, its `"` doubled.
 */

/** A number as losslab writes one (what `String(n)` gives for a finite number). */
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** Characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * `text` as a cell's content, neutralised: a number unchanged, text starting like a formula
 * with a `'` before it. Idempotent (neutralised text starts with `'`).
 */
export function csvText(text: string): string {
  return NUMBER.test(text) || !FORMULA_START.test(text) ? text : `'${text}`;
}

/** `text` as one CSV field: `csvText`, quoted when it must be. */
export function csvField(text: string): string {
  const cell = csvText(text);
  const quote = cell !== text || /[",\r\n]/.test(cell) || cell !== cell.trim();
  return quote ? `"${cell.replaceAll('"', '""')}"` : cell;
}
