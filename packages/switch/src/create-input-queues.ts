import type { ClassScheduler, PacketReader } from "@losslab/core";
import { MAX_ISLIP_ITERATIONS, OptionError } from "@losslab/kinds";
import { FifoInputQueues } from "./fifo-input-queues.js";
import type { InputQueues } from "./input-queues.js";
import { LaneQueues } from "./lane-queues.js";
import { VirtualOutputQueues } from "./virtual-output-queues.js";

/** The parameter of the organisations with VOQ inputs: iSLIP iterations per arbitration (McKeown 1999 sec. III). */
export const islipIterations = {
  type: "integer",
  min: 1,
  max: MAX_ISLIP_ITERATIONS,
  description: "iSLIP iterations per arbitration",
} as const;

/**
 * The input organisation `kind`, validating the iSLIP iterations. With a VL scheduler (the
 * switch has several VLs, or VL options: `createVlScheduler`) the queues are per VL and the
 * outputs pick their VL with it (`LaneQueues`); without, the one-VL queues.
 */
export function createInputQueues(
  name: string,
  ports: number,
  kind: "fifo" | "voq",
  iterations: number | undefined,
  vls: number,
  vlScheduler: ClassScheduler | undefined,
  packets: PacketReader,
): InputQueues {
  if (kind === "fifo") {
    if (iterations !== undefined) {
      throw OptionError.of(name, "islipIterations", 'applies to VOQ inputs only (inputQueues "voq"), not "fifo"');
    }
    return vlScheduler === undefined
      ? new FifoInputQueues(ports)
      : new LaneQueues(packets, ports, vls, "fifo", 1, vlScheduler);
  }
  if (kind === "voq") {
    const given = iterations ?? 1;
    if (!Number.isInteger(given) || given < 1) {
      throw OptionError.of(name, "islipIterations", "must be a positive integer", { value: given, limit: 1 });
    }
    return vlScheduler === undefined
      ? new VirtualOutputQueues(ports, given)
      : new LaneQueues(packets, ports, vls, "voq", given, vlScheduler);
  }
  throw OptionError.of(name, "inputQueues", 'must be "fifo" or "voq"', { value: kind });
}
