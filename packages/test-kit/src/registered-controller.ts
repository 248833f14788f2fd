/** Test helper: a built-in controller kind built from a scenario spec, for one flow. */
import { type Controller, type ControllerContext, controllers, type FlowInfo } from "@losslab/response";

/**
 * The controller `spec` makes for `flow` (its reliable flows' one, else its unreliable flows'),
 * on a network of `flow`'s line rate and packet size with 22-byte ACKs unless `context` says otherwise.
 */
export function registered(spec: object, flow: FlowInfo, context: Partial<ControllerContext> = {}): Controller {
  const made = controllers.create(spec, {
    lineRate: flow.lineRate,
    packetBytes: flow.packetSize,
    ackBytes: 22,
    ...context,
  });
  const factory = made.reliable ?? made.unreliable;
  if (factory === undefined) throw new Error(`${JSON.stringify(spec)} controls no flow`);
  return factory(flow);
}
