import type { Packet, SwitchView } from "@losslab/core";

/*
 * The queue of an output port as the output-side policies (opm, mvpm's validation, ib-cca)
 * judge it. In a switch with output buffers (CIOQ) it is the output buffer. A switch
 * without them (`outputCapacity` 0: input-buffered, input-queued) keeps the packets for an
 * output in its input buffers, so there the queue is every packet held in an input buffer
 * and routed to `output` (the one being transmitted included, as an output buffer includes
 * the one on its link), judged against a buffer the size of that port's input buffer.
 */

/** Whether `output` has an output buffer of its own (a CIOQ switch). */
export function hasOutputBuffer(view: SwitchView, output: number): boolean {
  return view.outputCapacity(output) > 0;
}

/** The packets queued for `output`, oldest first within each buffer (see `hasOutputBuffer`). */
export function outputQueue(view: SwitchView, output: number): readonly Packet[] {
  if (hasOutputBuffer(view, output)) return view.outputPackets(output);
  const queued: Packet[] = [];
  for (let input = 0; input < view.portCount; input++) {
    for (const packet of view.inputPackets(input)) if (view.outputOf(packet) === output) queued.push(packet);
  }
  return queued;
}

/** The capacity in bytes the queue of `output` is judged against: its output buffer's, else its input buffer's. */
export function outputQueueCapacity(view: SwitchView, output: number): number {
  return hasOutputBuffer(view, output) ? view.outputCapacity(output) : view.inputCapacity(output);
}
