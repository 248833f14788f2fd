import type { z } from "zod";
import { ScenarioError } from "./scenario-error.js";
import { type Scenario, scenarioSchema } from "./schema.js";

/**
 * Validates a scenario object (parsed from JSON) and fills in defaults. Throws a
 * ScenarioError listing each problem as `field.path: what is wrong (got value)`.
 */
export function parseScenario(input: unknown): Scenario {
  const result = scenarioSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.flatMap((issue) => describeIssue(issue, input));
  throw new ScenarioError(`invalid scenario:\n  ${problems.join("\n  ")}`);
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown): string[] {
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // A value that fits no branch of a union (e.g. `flows`: a pattern object or a list):
    // report the branch that got furthest, i.e. whose first problem is not the value's type.
    const branch = issue.errors.find((issues) => issues[0]?.path.length !== 0) ?? issue.errors[0]!;
    return branch.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] }, input));
  }
  return [describeOne(issue, input)];
}

function describeOne(issue: z.core.$ZodIssue, input: unknown): string {
  const path = formatPath(issue.path);
  const got = valueAt(input, issue.path);
  const gotText = got === undefined ? "missing" : `got ${JSON.stringify(got)}`;
  if (issue.code === "unrecognized_keys") {
    return `${path || "(top level)"}: unknown field ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
  }
  return `${path || "(top level)"}: ${issue.message} (${gotText})`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) text += typeof key === "number" ? `[${key}]` : text === "" ? String(key) : `.${String(key)}`;
  return text;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}
