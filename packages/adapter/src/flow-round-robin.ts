import { removeAt } from "@losslab/core";
import type { Flow } from "./flow.js";

/**
 * The flows the send scheduler walks, in round-robin order, and where each VL's round robin
 * resumes. A flow is here from `addFlow` (started or not) until it retires or its queue runs
 * dry: dynamic traffic creates many short flows, and the scheduler walks only the live ones.
 */
export class FlowRoundRobin {
  readonly flows: Flow[] = [];
  /** Per VL (one slot with one VL): the index in `flows` its round robin starts from. */
  readonly next: Int32Array;

  constructor(vls: number) {
    this.next = new Int32Array(vls);
  }

  add(flow: Flow): void {
    this.flows.push(flow);
  }

  /** Takes `flow` out; every round robin still resumes at the flow it would have reached. */
  remove(flow: Flow): void {
    const flows = this.flows;
    const index = flows.indexOf(flow);
    removeAt(flows, index); // a queue leaves with each message it sends: no splice array
    const next = this.next;
    for (let vl = 0; vl < next.length; vl++) {
      if (next[vl]! > index) next[vl]!--;
      if (next[vl]! >= flows.length) next[vl] = 0;
    }
  }

  /** Round robin `pointer` served the flow at `index`: it resumes after it. */
  served(pointer: number, index: number): void {
    this.next[pointer] = (index + 1) % this.flows.length;
  }
}
