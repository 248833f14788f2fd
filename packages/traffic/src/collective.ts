import { formatValue } from "@losslab/core";
import { type Time, us } from "@losslab/engine";
import { checkValues, KindError, MAX_HOSTS, type Parameters, type ValuesOf } from "@losslab/kinds";
import { distinctHosts } from "./check-spec.js";
import { type GraphFlow, runFlowGraph } from "./flow-graph.js";
import { openScope } from "./run-scope.js";
import { hostList, messageBytes, nonEmptyText, startUsParameter, streamName, timeUs } from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/**
 * One flow of a collective's schedule, between ranks: in `step`, `source` sends `bytes` to
 * `destination` once the flows `after` (indices into the schedule) are delivered, plus the
 * collective's `stepUs`; a flow that waits for none starts with the collective.
 */
export interface ScheduledFlow {
  readonly source: number;
  readonly destination: number;
  readonly bytes: number;
  readonly step: number;
  readonly after: readonly number[];
}

/** A collective's flows over `ranks` ranks, and how many steps they make. */
export interface CollectiveSchedule {
  readonly steps: number;
  readonly flows: readonly ScheduledFlow[];
}

/** The parameters every collective has: size, placement, repetitions, compute times. */
export function collectiveParameters<const Kind extends string>(kind: Kind) {
  return {
    name: streamName(kind),
    bytes: {
      ...messageBytes,
      default: 1_048_576,
      description: "the collective's size S, bytes (each rank's buffer)",
    },
    hosts: {
      ...hostList,
      minItems: 2,
      optional: true,
      description: "the ranks' hosts, rank 0 first (default: placed by offset and stride)",
    },
    ranks: {
      type: "integer",
      min: 2,
      max: MAX_HOSTS,
      optional: true,
      description: "how many ranks (default: as many as hosts, or as the network's hosts at offset and stride allow)",
    },
    offset: {
      type: "integer",
      min: 0,
      max: MAX_HOSTS - 1,
      default: 0,
      description: "without hosts: rank 0's host, an index into the network's hosts",
    },
    stride: {
      type: "integer",
      min: 1,
      max: MAX_HOSTS,
      default: 1,
      description: "without hosts: rank i on the network's host offset + i x stride",
    },
    iterations: {
      type: "integer",
      min: 1,
      max: 100_000,
      default: 1,
      description: "how many times it runs, each after the previous completes",
    },
    computeUs: { ...timeUs, default: 0, description: "compute time between iterations, us" },
    stepUs: {
      ...timeUs,
      default: 0,
      description: "compute time before each flow that waits for another (a reduction), us",
    },
    group: { ...nonEmptyText, optional: true, description: "group of its flows (default: the name)" },
    startUs: startUsParameter,
  } as const;
}

type CollectiveParameters = ReturnType<typeof collectiveParameters<string>>;

/** A collective's checked values. */
export type CollectiveValues = ValuesOf<CollectiveParameters>;

/**
 * The ranks' hosts: `hosts` as given (then `ranks`, if given, must match), or rank i on the
 * network's host offset + i x stride, for `ranks` ranks or as many as fit.
 */
export function placeRanks(values: CollectiveValues, network: readonly string[], path: string): string[] {
  const { hosts, ranks, offset, stride } = values;
  if (hosts !== undefined) {
    if (ranks !== undefined && ranks !== hosts.length) {
      throw new KindError(`${path}.ranks`, `${path}.ranks: ${ranks} ranks but ${path}.hosts lists ${hosts.length}`);
    }
    return [...hosts];
  }
  const fit = network.length > offset ? Math.floor((network.length - 1 - offset) / stride) + 1 : 0;
  const count = ranks ?? fit;
  if (count > fit || count < 2) {
    throw new KindError(
      ranks === undefined ? `${path}.stride` : `${path}.ranks`,
      `${path}.${ranks === undefined ? "stride" : "ranks"}: ${count} ranks at offset ${offset} and stride ${stride} need ${offset + (Math.max(count, 2) - 1) * stride + 1} hosts; the network has ${network.length} (at most ${fit} ranks fit)`,
    );
  }
  return Array.from({ length: count }, (_, rank) => network[offset + rank * stride] as string);
}

/** Bytes of chunk `index` of `bytes` cut into `count` chunks that differ by at most a byte and add up to `bytes`. */
export function chunkBytes(bytes: number, count: number, index: number): number {
  return Math.floor((bytes * (index + 1)) / count) - Math.floor((bytes * index) / count);
}

/**
 * A collective generator: `schedule(ranks, bytes)` gives its flows between ranks; the ranks are
 * placed on hosts when it starts, then it runs `iterations` times, each `computeUs` after the
 * previous was delivered, and reports each run to `context.onCollective` (its step and rank
 * completion times). Draws no random numbers.
 */
export function collective<Ps extends CollectiveParameters>(
  kind: string,
  parameters: Ps,
  options: unknown,
  path: string,
  schedule: (ranks: number, values: ValuesOf<Ps>, path: string) => CollectiveSchedule,
): TrafficGenerator {
  const values = checkValues(path, kind, parameters as Parameters, options as object) as ValuesOf<Ps> &
    CollectiveValues;
  const { name, bytes, iterations, computeUs, stepUs, startUs, group = name } = values;
  distinctHosts(values.hosts, `${path}.hosts`);
  // Checked now when the ranks are known; at start otherwise.
  if (values.hosts !== undefined) schedule(values.hosts.length, values, path);
  return {
    kind,
    name,
    start(context) {
      const scope = openScope(context, name, { startUs });
      scope.checkHosts(values.hosts, `${path}.hosts`);
      const hosts = placeRanks(values, scope.hosts, path);
      const plan = schedule(hosts.length, values, path);
      if (plan.flows.length === 0) return;
      const stepDelay = us(stepUs);
      // What the records need of the schedule, packed; the schedule's objects are dropped.
      const stepOf = Int32Array.from(plan.flows, (flow) => flow.step);
      const sourceOf = Int32Array.from(plan.flows, (flow) => flow.source);
      const destinationOf = Int32Array.from(plan.flows, (flow) => flow.destination);
      const flows: GraphFlow[] = plan.flows.map((flow) => ({
        source: hosts[flow.source] as string,
        destination: hosts[flow.destination] as string,
        bytes: flow.bytes,
        after: flow.after,
        delay: flow.after.length === 0 ? 0 : stepDelay,
        group,
      }));
      const steps = plan.steps;
      const runIteration = (iteration: number, start: Time): void => {
        const stepEnds = new Array<Time>(steps).fill(start);
        const rankEnds = new Array<Time>(hosts.length).fill(start);
        runFlowGraph(scope, flows, start, {
          completed(index, time) {
            const step = stepOf[index]!;
            const source = sourceOf[index]!;
            const destination = destinationOf[index]!;
            stepEnds[step] = Math.max(stepEnds[step]!, time);
            rankEnds[source] = Math.max(rankEnds[source]!, time);
            rankEnds[destination] = Math.max(rankEnds[destination]!, time);
          },
          done(end) {
            context.onCollective?.({ name, kind, iteration, bytes, hosts, start, end, stepEnds, rankEnds });
            const next = end + us(computeUs);
            if (iteration + 1 < iterations && next < scope.end)
              scope.engine.at(next, () => runIteration(iteration + 1, next));
          },
        });
      };
      runIteration(0, scope.start);
    },
  };
}

/** Throws naming `bytes` unless every one of `pieces` pieces of the collective has a byte. */
export function checkPieces(bytes: number, pieces: number, path: string, what: string): void {
  if (bytes < pieces) {
    throw new KindError(
      `${path}.bytes`,
      `${path}.bytes: ${formatValue(bytes)} bytes cannot be cut into ${pieces} ${what} of at least one byte each`,
    );
  }
}
