import type { ClassScheduler } from "@losslab/core";
import { FifoInputQueues } from "./fifo-input-queues.js";
import type { InputQueues } from "./input-queues.js";
import { LaneQueues } from "./lane-queues.js";
import { VirtualOutputQueues } from "./virtual-output-queues.js";

/**
 * The input organisation `kind`, validating the iSLIP iterations. With a VL scheduler (the
 * switch has several VLs, or VL options: `createVlScheduler`) the queues are per VL and the
 * outputs pick their VL with it (`LaneQueues`); without, the one-VL queues.
 */
export function createInputQueues(
  name: string,
  ports: number,
  kind: "fifo" | "voq",
  islipIterations: number | undefined,
  vls: number,
  vlScheduler: ClassScheduler | undefined,
): InputQueues {
  if (kind === "fifo") {
    if (islipIterations !== undefined) {
      throw new RangeError(`${name}: islipIterations applies to VOQ inputs only (inputQueues "voq"), not "fifo"`);
    }
    return vlScheduler === undefined ? new FifoInputQueues(ports) : new LaneQueues(ports, vls, "fifo", 1, vlScheduler);
  }
  if (kind === "voq") {
    const iterations = islipIterations ?? 1;
    if (!Number.isInteger(iterations) || iterations < 1) {
      throw new RangeError(`${name}: islipIterations must be a positive integer; got ${iterations}`);
    }
    return vlScheduler === undefined
      ? new VirtualOutputQueues(ports, iterations)
      : new LaneQueues(ports, vls, "voq", iterations, vlScheduler);
  }
  throw new RangeError(`${name}: inputQueues must be "fifo" or "voq"; got ${JSON.stringify(kind)}`);
}
