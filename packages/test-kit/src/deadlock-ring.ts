/**
 * A run that fails in the model, for tests of what a failing point or preset leaves: the
 * ring of examples/deadlock-ring.yaml stops with a DeadlockError 2 ms in, which `validate`
 * cannot foresee (it only warns of the credit loop). Shorter runs end before the watchdog
 * can tell, and succeed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseScenario, runScenario } from "@losslab/scenario";
import { parse } from "yaml";
import { errorOf } from "./errors.js";
import { repositoryRoot } from "./repository.js";

/** The deadlock ring as a scenario object (its `durationMs` is 5). */
export const ringScenario = (): Record<string, unknown> =>
  parse(readFileSync(join(repositoryRoot, "examples", "deadlock-ring.yaml"), "utf8")) as Record<string, unknown>;

/** The error a ring run of `durationMs` (>= 2) ends with; sweeps and reports record its `errorLine`. */
export const ringDeadlock = (durationMs: number): Error =>
  errorOf(Error, () => runScenario(parseScenario({ ...ringScenario(), durationMs })));
