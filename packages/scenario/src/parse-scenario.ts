import { didYouMean } from "@losslab/core";
import type { z } from "zod";
import { formatPath } from "./field-path.js";
import { formatList } from "./format-list.js";
import { tooDeep } from "./nesting-depth.js";
import { quoteValue } from "./quote-value.js";
import { ScenarioError } from "./scenario-error.js";
import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { MAX_DEPTH } from "./scenario-limits.js";
import { type Scenario, scenarioSchemaFor } from "./schema.js";

/** The most problems one error lists (a list of 65,536 bad flows has as many). */
const MAX_PROBLEMS = 5;

/**
 * Validates a scenario object (parsed from JSON) and fills in defaults. Throws a
 * ScenarioError listing each problem as `field.path: what is wrong (got value)`; values are
 * quoted up to 200 characters, and at most 5 problems are listed. `kinds`: the kinds the
 * file may name (the built-in ones unless plugins add some, `withPlugins`).
 */
export function parseScenario(input: unknown, kinds: ScenarioKinds = builtInKinds): Scenario {
  const deep = tooDeep(input);
  if (deep !== undefined) throw invalid([`${formatPath(deep)}: nested more than ${MAX_DEPTH} levels deep`]);
  const result = scenarioSchemaFor(kinds).safeParse(input);
  if (result.success) return result.data;
  throw invalid(result.error.issues.flatMap((issue) => describeIssue(issue, input)));
}

function invalid(problems: string[]): ScenarioError {
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > shown.length) shown.push(`... and ${problems.length - shown.length} more problems`);
  return new ScenarioError(`invalid scenario:\n  ${shown.join("\n  ")}`);
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string[] {
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // A value that fits no branch of a union (e.g. `flows`: a pattern object or a list):
    // report the branch that got furthest, i.e. whose first problem is not the value's type.
    const wrongType = (issues: z.core.$ZodIssue[]) => issues[0]?.code === "invalid_type" && issues[0].path.length === 0;
    const branch = issue.errors.find((issues) => !wrongType(issues)) ?? issue.errors[0]!;
    return branch.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, input));
  }
  return [describeOne(issue, input)];
}

function describeOne(issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatPath(issue.path) || "(top level)";
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.slice(0, MAX_PROBLEMS).map((key) => quoteValue(key));
    const more = issue.keys.length > keys.length ? ` and ${issue.keys.length - keys.length} more` : "";
    return `${path}: unknown field ${keys.join(", ")}${more}`;
  }
  const got = valueAt(input, issue.path);
  const allowed = allowedNames(issue);
  if (allowed !== undefined) {
    // A kind or another name from a fixed list: the list, and the closest name to a typo.
    if (got === undefined) return `${path} is missing; allowed: ${formatList(allowed)}`;
    return `${path}: unknown ${quoteValue(got)}${didYouMean(got, allowed)}; allowed: ${formatList(allowed)}`;
  }
  return `${path}: ${issue.message} (${got === undefined ? "missing" : `got ${quoteValue(got)}`})`;
}

/**
 * The names a field takes when the issue is a value outside them: a discriminated union's
 * `kind` that matches no branch, or a string enum; undefined for any other issue.
 */
function allowedNames(issue: z.core.$ZodIssue): string[] | undefined {
  const names =
    issue.code === "invalid_union" && issue.errors.length === 0 && "options" in issue
      ? issue.options
      : issue.code === "invalid_value"
        ? issue.values
        : undefined;
  if (!Array.isArray(names) || names.length === 0 || !names.every((name) => typeof name === "string")) return undefined;
  return names as string[];
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
