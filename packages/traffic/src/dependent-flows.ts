import { formatValue } from "@losslab/core";
import { us } from "@losslab/engine";
import { checkValues, type InputOf, KindError, MAX_HOSTS, type SpecOf } from "@losslab/kinds";
import { checkObject } from "./check-spec.js";
import { findCycle, type GraphFlow, runFlowGraph } from "./flow-graph.js";
import { defineGenerator } from "./generator-definition.js";
import { openScope } from "./run-scope.js";
import { hostId, messageBytes, nonEmptyText, startUsParameter, streamName, timeUs } from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

/** The fields of one entry of `flows`. */
const flowFields = {
  id: { ...nonEmptyText, description: "the flow's name, unique in the list; `after` lists name it" },
  source: hostId,
  destination: hostId,
  bytes: { ...messageBytes, description: "bytes to send; the flow is done when its last packet is delivered" },
  after: {
    type: "list",
    items: { ...nonEmptyText, description: "a flow's id" },
    maxItems: MAX_HOSTS,
    default: [],
    description: "ids of the flows it waits for; it starts once all of them are delivered (a barrier)",
  },
  delayUs: {
    ...timeUs,
    default: 0,
    description: "compute time: how long after the last of `after` (or the generator's start) it starts, us",
  },
  group: { ...nonEmptyText, optional: true, description: "its group (default: the generator's)" },
} as const;

const dependentParameters = {
  name: streamName("flow-graph"),
  flows: {
    type: "json",
    shape: "list",
    description: "[{ id, source, destination, bytes, after?: [ids], delayUs?, group? }]",
  },
  group: { ...nonEmptyText, optional: true, description: "group of the flows that name none (default: the name)" },
  startUs: startUsParameter,
} as const;

/** One entry of a flow graph's `flows`, as written in a scenario. */
export type DependentFlowEntry = InputOf<typeof flowFields>;

/** Parameters of the flow graph. */
export type DependentFlowsOptions = Omit<InputOf<typeof dependentParameters>, "flows"> & {
  readonly flows: readonly DependentFlowEntry[];
};

/** The most flows one graph may list (the adapters hold one flow each at once at most). */
const MAX_GRAPH_FLOWS = 1_000_000;

/** Checks a flow graph's entries and resolves `after` ids to indices; throws naming the flow. */
function readGraph(entries: unknown, group: string, path: string): GraphFlow[] {
  if (!Array.isArray(entries) || entries.length === 0 || entries.length > MAX_GRAPH_FLOWS) {
    throw new KindError(
      `${path}.flows`,
      `${path}.flows must be a list of 1 to ${MAX_GRAPH_FLOWS} flows { id, source, destination, bytes, after?, delayUs?, group? }, got ${formatValue(entries)}`,
    );
  }
  const checked = entries.map((entry, index) =>
    checkObject(entry, `${path}.flows[${index}]`, "a flow of a flow graph", flowFields),
  );
  const indexOf = new Map<string, number>();
  checked.forEach(({ id }, index) => {
    const first = indexOf.get(id);
    if (first !== undefined) {
      throw new KindError(
        `${path}.flows[${index}].id`,
        `${path}.flows[${index}].id: flow ${formatValue(id)} is also flows[${first}]; ids must be unique`,
      );
    }
    indexOf.set(id, index);
  });
  const flows = checked.map((flow, index): GraphFlow => {
    if (flow.source === flow.destination) {
      throw new KindError(
        `${path}.flows[${index}].destination`,
        `${path}.flows[${index}] (flow ${formatValue(flow.id)}): source and destination are both ${formatValue(flow.source)}`,
      );
    }
    const after = flow.after.map((id, position) => {
      const before = indexOf.get(id);
      if (before === undefined) {
        throw new KindError(
          `${path}.flows[${index}].after[${position}]`,
          `${path}.flows[${index}].after[${position}]: flow ${formatValue(flow.id)} waits for unknown flow ${formatValue(id)}`,
        );
      }
      return before;
    });
    return {
      source: flow.source,
      destination: flow.destination,
      bytes: flow.bytes,
      after: [...new Set(after)],
      delay: us(flow.delayUs),
      group: flow.group ?? group,
    };
  });
  const cycle = findCycle(flows);
  if (cycle !== undefined) {
    const first = cycle[0] as number;
    const names = cycle.map((index) => formatValue(checked[index]?.id)).join(" -> ");
    throw new KindError(
      `${path}.flows[${first}].after`,
      `${path}.flows[${first}].after: flow ${formatValue(checked[first]?.id)} waits for itself through ${names}; a flow graph has no cycles`,
    );
  }
  return flows;
}

/**
 * Flows that start when other flows finish: each flow of `flows` starts `delayUs` after the
 * last of the flows its `after` names is delivered (all of them: a barrier), or `delayUs`
 * after `startUs` if it names none. What htsim builds with its triggers (sim/trigger.h:
 * single-shot and barrier triggers a finished flow activates) and what ASTRA-sim replays from
 * Chakra traces, in JSON. The graph is checked when the generator is built: unknown ids and
 * cycles are refused naming the flow. Draws no random numbers.
 *
 * @example
 * dependentFlows({ flows: [
 *   { id: "a", source: "H0", destination: "H1", bytes: 1e6 },
 *   { id: "b", source: "H1", destination: "H2", bytes: 1e6, after: ["a"], delayUs: 5 },
 * ] });
 */
export function dependentFlows(options: DependentFlowsOptions, path = "traffic"): TrafficGenerator {
  const { name, flows: entries, group = name, startUs } = checkValues(path, "flow-graph", dependentParameters, options);
  const flows = readGraph(entries, group, path);
  return {
    kind: "flow-graph",
    name,
    start(context) {
      const scope = openScope(context, name, { startUs });
      flows.forEach((flow, index) => {
        const field = `${path}.flows[${index}]`;
        scope.checkHost(flow.source, `${field}.source`);
        scope.checkHost(flow.destination, `${field}.destination`);
      });
      runFlowGraph(scope, flows, scope.start);
    },
  };
}

/** Registry entry (create-generator.ts). */
export const dependentFlowsDefinition = defineGenerator({
  kind: "flow-graph",
  description:
    "flows that start when named flows are delivered (`after`: all of them, a barrier), after an optional compute delay (htsim's triggers)",
  parameters: dependentParameters,
  create: (values, { path }) => dependentFlows(values as DependentFlowsOptions, path),
});

/** Scenario spec of the flow graph. */
export type DependentFlowsSpec = SpecOf<typeof dependentFlowsDefinition>;
