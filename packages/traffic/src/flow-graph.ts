import type { Engine, Time } from "@losslab/engine";
import type { TrafficSink } from "./traffic-sink.js";

/**
 * One flow of a dependency graph: it starts `delay` after the last of the flows it waits for
 * (`after`, indices into the graph: several make a barrier) is delivered, or `delay` after the
 * graph's start if it waits for none. Built by the `flow-graph` kind from its JSON form and by
 * the collectives from their schedules; checked acyclic with `checkAcyclic` before it runs.
 */
export interface GraphFlow {
  readonly source: string;
  readonly destination: string;
  /** Bytes to send: the flow is done when its last packet is delivered. */
  readonly bytes: number;
  readonly after: readonly number[];
  /** ps. */
  readonly delay: Time;
  readonly group: string;
}

/** What a running graph tells its owner: each flow's start and completion, then the end of all of them. */
export interface GraphHooks {
  started?(index: number, time: Time): void;
  completed?(index: number, time: Time): void;
  /** Every flow has been delivered. */
  done?(time: Time): void;
}

/**
 * A flow on a cycle of `after` edges among `flows`, as the cycle's indices (first repeated at
 * the end), or undefined if there is none (Kahn's algorithm, then a walk among what is left).
 */
export function findCycle(flows: readonly GraphFlow[]): number[] | undefined {
  const waiting = flows.map((flow) => flow.after.length);
  const { offsets, targets } = dependentsOf(flows);
  const ready = flows.flatMap((flow, index) => (flow.after.length === 0 ? [index] : []));
  let resolved = 0;
  while (ready.length > 0) {
    const index = ready.pop() as number;
    resolved++;
    for (let k = offsets[index]!; k < offsets[index + 1]!; k++) {
      const next = targets[k]!;
      if (--(waiting[next] as number) === 0) ready.push(next);
    }
  }
  if (resolved === flows.length) return undefined;
  // Every flow left waits for at least one other flow left: follow those edges until one repeats.
  let at = waiting.findIndex((count) => count > 0);
  const seen = new Map<number, number>();
  const path: number[] = [];
  while (!seen.has(at)) {
    seen.set(at, path.length);
    path.push(at);
    at = (flows[at] as GraphFlow).after.find((before) => (waiting[before] as number) > 0) as number;
  }
  return [...path.slice(seen.get(at)), at].reverse();
}

/**
 * For each flow, the flows that wait for it, packed (a collective has millions of flows): those
 * of flow i are `targets[offsets[i]]` up to `targets[offsets[i + 1]]`, in flow order.
 */
function dependentsOf(flows: readonly GraphFlow[]): { offsets: Int32Array; targets: Int32Array } {
  const offsets = new Int32Array(flows.length + 1);
  for (const flow of flows) for (const before of flow.after) offsets[before + 1]!++;
  for (let i = 0; i < flows.length; i++) offsets[i + 1]! += offsets[i]!;
  const targets = new Int32Array(offsets[flows.length]!);
  const filled = offsets.slice(0, flows.length);
  flows.forEach((flow, index) => {
    for (const before of flow.after) targets[filled[before]!++] = index;
  });
  return { offsets, targets };
}

/**
 * Runs an acyclic graph of flows on `sink` from `start`. A flow starts in an event of its own,
 * never inside the delivery that released it (so the adapter that delivered a packet is not
 * re-entered). A flow due at or after `end` never starts, and neither does anything waiting
 * for it: the graph is then never done.
 */
export function runFlowGraph(
  run: { readonly engine: Engine; readonly sink: TrafficSink; readonly end: Time },
  flows: readonly GraphFlow[],
  start: Time,
  hooks: GraphHooks = {},
): void {
  const { engine, sink, end } = run;
  const waiting = Int32Array.from(flows, (flow) => flow.after.length);
  const { offsets, targets } = dependentsOf(flows);
  let left = flows.length;
  const schedule = (index: number, from: Time): void => {
    const at = from + (flows[index] as GraphFlow).delay;
    if (at < end) engine.at(at, begin, 0, index);
  };
  const begin = (index: number): void => {
    const { source, destination, bytes, group } = flows[index] as GraphFlow;
    hooks.started?.(index, engine.now);
    sink.startFlow({ source, destination, bytes, group }, () => complete(index));
  };
  const complete = (index: number): void => {
    const now = engine.now;
    hooks.completed?.(index, now);
    for (let k = offsets[index]!; k < offsets[index + 1]!; k++) {
      const next = targets[k]!;
      if (--waiting[next]! === 0) schedule(next, now);
    }
    if (--left === 0) hooks.done?.(now);
  };
  flows.forEach((flow, index) => {
    if (flow.after.length === 0) schedule(index, start);
  });
}
