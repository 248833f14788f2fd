/**
 * "Did you mean" hints for error messages: the known name closest to a mistyped one, by
 * edit distance. Shared by scenario validation, the traffic specs and the CLI.
 */

/**
 * The known name closest to `typed` (case-insensitive edit distance, a swap of two
 * neighbouring characters counting as one edit; at most a third of its length, and at
 * least 1), or undefined when none is that close. Of names equally close, the first in
 * `known` wins, unless a later one begins with what was typed. A typed string much
 * longer than every name costs nothing: names whose length differs by more than the
 * allowed distance are skipped before any comparison.
 *
 * @example
 * closestName("fat-tre", ["fat-tree", "ring"]); // "fat-tree"
 * closestName("torus", ["fat-tree", "ring"]); // undefined
 */
export function closestName(typed: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(typed.length / 3)) + 1;
  let bestExtends = false;
  const lowered = typed.toLowerCase();
  for (const name of known) {
    if (Math.abs(name.length - typed.length) > bestDistance) continue;
    const distance = editDistance(lowered, name.toLowerCase());
    // Of two names as close, the one that merely completes what was typed ("fig8" -> "fig8a", not "fig5").
    const extendsTyped = name.toLowerCase().startsWith(lowered);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && extendsTyped && !bestExtends)) {
      best = name;
      bestDistance = distance;
      bestExtends = extendsTyped;
    }
  }
  return best;
}

/**
 * ` (did you mean "NAME"?)` for the known name closest to `typed`, or "" when `typed` is not
 * a string or no name is close: ready to append to an error message.
 */
export function didYouMean(typed: unknown, known: readonly string[]): string {
  if (typeof typed !== "string") return "";
  const close = closestName(typed, known);
  return close === undefined ? "" : ` (did you mean "${close}"?)`;
}

/**
 * Edit distance with transpositions (optimal string alignment): insertions, deletions,
 * substitutions and swaps of two neighbouring characters ("lpid" for "lipd") cost 1 each.
 */
function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      }
      current[j] = distance;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
