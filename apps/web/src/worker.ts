/**
 * The Web Worker that runs the simulation: one request per worker (the page starts a new
 * worker for each run, and stops a run by terminating its worker, which ends the workers of a
 * split run's other parts with it). See protocol.ts.
 */
import { handleRequest, type Message, type Request, type ThreadsHost } from "./protocol.js";
import { observeRuns } from "./scenario-tap.js";

/** The parts of the worker's global scope used here (the DOM lib types `self` as a Window). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Message): void;
  crossOriginIsolated: boolean;
};

const host: ThreadsHost = {
  isolated: scope.crossOriginIsolated,
  startPart: () => new Worker(new URL("./part-worker.ts", import.meta.url), { type: "module" }),
};

scope.onmessage = (event) => {
  void handleRequest(event.data, (message) => scope.postMessage(message), observeRuns, host);
};
