import { FifoInputQueues } from "./fifo-input-queues.js";
import type { InputQueues } from "./input-queues.js";
import { VirtualOutputQueues } from "./virtual-output-queues.js";

/** The input organisation `kind`, validating the iSLIP iterations. */
export function createInputQueues(
  name: string,
  ports: number,
  kind: "fifo" | "voq",
  islipIterations: number | undefined,
): InputQueues {
  if (kind === "fifo") {
    if (islipIterations !== undefined) {
      throw new RangeError(`${name}: islipIterations applies to VOQ inputs only (inputQueues "voq"), not "fifo"`);
    }
    return new FifoInputQueues(ports);
  }
  if (kind === "voq") {
    const iterations = islipIterations ?? 1;
    if (!Number.isInteger(iterations) || iterations < 1) {
      throw new RangeError(`${name}: islipIterations must be a positive integer; got ${iterations}`);
    }
    return new VirtualOutputQueues(ports, iterations);
  }
  throw new RangeError(`${name}: inputQueues must be "fifo" or "voq"; got ${JSON.stringify(kind)}`);
}
