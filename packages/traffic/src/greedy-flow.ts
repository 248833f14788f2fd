import type { Time } from "@losslab/engine";

/**
 * A greedy flow: from `start` until `stop` it always has data to send, so only the network
 * and its source's window and rate limits bound it (santos-2002 sec. 3: "flows try to use
 * all the network bandwidth that they can").
 */
export interface GreedyFlow {
  /** Source host id (as in the topology). */
  source: string;
  /** Destination host id. */
  destination: string;
  /** When the flow starts sending. */
  start: Time;
  /** Default: never stops. */
  stop?: Time;
  /** Free-form group name for metrics ("local", "remote", "victim"). */
  group: string;
}
