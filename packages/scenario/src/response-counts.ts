import type { AckEvent, CnpEvent, Controller, ControllerFactory, LossEvent, SendEvent } from "@losslab/response";

/** Congestion feedback one flow's controller heard, and how often it slowed down. */
export interface ResponseCounts {
  /** Marked ACKs and CN packets (CNMs) delivered to the controller. */
  marks: number;
  /** Marks after which the controller's rate or window was lower than before. */
  decreases: number;
}

/**
 * Wraps a controller factory so every controller it builds counts the marks it hears and the
 * decreases they cause, by `flowId` (a persistent controller counts once per pair). The
 * controllers behave exactly as unwrapped: the wrapper only reads their rate and window. It
 * passes on no `atRest`: its counts live in it, so an adapter never forgets its flow.
 */
export function countingResponses(factory: ControllerFactory, counts: Map<string, ResponseCounts>): ControllerFactory {
  return (flow) => {
    const inner = factory(flow);
    const own: ResponseCounts = { marks: 0, decreases: 0 };
    counts.set(String(flow.flowId), own);
    const heard = (react: () => void) => {
      const rate = inner.rate;
      const window = inner.window;
      react();
      own.marks++;
      if (inner.rate < rate || inner.window < window) own.decreases++;
    };
    const wrapped: Controller = {
      get rate() {
        return inner.rate;
      },
      get window() {
        return inner.window;
      },
      get wakeAt() {
        return inner.wakeAt;
      },
      onSend: (event: SendEvent) => inner.onSend(event),
      onAck: (event: AckEvent) => (event.marked ? heard(() => inner.onAck(event)) : inner.onAck(event)),
      onCnp: (event?: CnpEvent) => heard(() => inner.onCnp(event)),
      onTimer: (now: number) => inner.onTimer(now),
      onLoss: inner.onLoss === undefined ? undefined : (event: LossEvent) => inner.onLoss!(event),
    };
    return wrapped;
  };
}

/**
 * Adds the counts another copy of the run made (a split run's part: a flow's controller hears
 * its marks at the flow's source, in that host's part) into `counts`. Every part adds every
 * flow, and with it its controller and its entry, in the same order (flows are added by the
 * run itself, which every part runs alike), so the entries keep the single run's order; the
 * other parts' entries of a flow count zero.
 */
export function absorbResponseCounts(
  counts: ReadonlyMap<string, ResponseCounts>,
  other: ReadonlyMap<string, ResponseCounts>,
): void {
  for (const [flow, theirs] of other) {
    const own = counts.get(flow)!;
    own.marks += theirs.marks;
    own.decreases += theirs.decreases;
  }
}
