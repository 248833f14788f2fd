/**
 * What a call throws, for tests that look inside the error (its field, its message): the one
 * helper every package's tests use instead of a try/catch of their own.
 */

/** A class of errors, abstract or not: `TopologyError`, `KindError`, `ScenarioError`, `Error`... */
export type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/**
 * The error `run` throws, checked to be a `kind`. Throws when `run` returns (nothing was
 * thrown) and rethrows an error of another class, so a test fails on either with the reason.
 */
export function errorOf<E extends Error>(kind: ErrorClass<E>, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected a ${kind.name}, but nothing was thrown`);
}
