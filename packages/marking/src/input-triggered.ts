import type { Packet, SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { MarkCounters } from "./mark-counters.js";
import { defineMarkingPolicy } from "./marking-definition.js";
import { StartedPackets } from "./started-packets.js";

/** A policy marking with the cnt1/cnt2 counters of santos-2002 sec. 5. */
export interface CounterMarkingPolicy extends CountedMarkingPolicy {
  /** cnt2 of `output`: how many of the next packets to leave on it will be marked. */
  pendingMarks(output: number): number;
}

/**
 * The input-triggered policy's state for one switch. Exported to the package so
 * input-output-triggered can add its output trigger on top.
 */
export class InputTriggeredPolicy implements CounterMarkingPolicy {
  readonly switchName: string;
  protected readonly view: SwitchView;
  protected readonly counters: MarkCounters;
  private readonly started: StartedPackets;

  constructor(view: SwitchView) {
    this.view = view;
    this.switchName = view.name;
    this.counters = new MarkCounters(view);
    this.started = new StartedPackets(view);
  }

  get marked(): number {
    return this.counters.marked;
  }

  /**
   * santos-2002 sec. 5, steps 1-2: "packet marking is triggered when one of the switch
   * input buffers becomes full"; "any output link that is the destination for at least one
   * packet in the full buffer is classified as a congested link", and its cnt2 = cnt1. Only
   * packets still waiting count: one already being transmitted (a victim cutting through,
   * footnote 5) does not make its output congested.
   */
  bufferFull(input: number): void {
    for (const packet of this.started.waitingIn(input)) {
      const output = this.view.outputOf(packet);
      if (output >= 0) this.counters.trigger(output);
    }
  }

  /** Step 3, without the scan: mark the next cnt2 packets transmitted on `output`. */
  packetDeparting(packet: Packet, _input: number, output: number): void {
    this.started.add(packet, output);
    this.counters.departing(packet, output);
  }

  pendingMarks(output: number): number {
    return this.counters.pending(output);
  }
}

/**
 * The input-triggered policy (santos-2002 sec. 5, Fig. 4(b); santos-2003 sec. IV.A): a full
 * input buffer classifies the outputs its waiting packets are destined to as congested, and
 * each such output marks its next cnt1 departing data packets (cnt1: packets waiting for it
 * at that moment). A new full-buffer event sets cnt2 = cnt1 again.
 *
 * @example
 * const marking = inputTriggered();
 * new InputBufferedSwitch(engine, { ...options, marking });
 */
export function inputTriggered(): CountedMarkingFactory<CounterMarkingPolicy> {
  return countedFactory("input-triggered", (view) => new InputTriggeredPolicy(view));
}

/** Registry entry (marking-policies.ts). */
export const inputTriggeredDefinition = defineMarkingPolicy({
  kind: "input-triggered",
  description:
    "santos-2002 sec. 5: a full input buffer triggers marking on the outputs its packets wait for, the culprit flows",
  parameters: {},
  create: () => inputTriggered(),
});
