import type { z } from "zod";
import { durationMsOf } from "./derived-values.js";
import type { Report } from "./field-report.js";
import type { ScenarioFields } from "./scenario-fields.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { MAX_DURATION_MS, MAX_HOSTS, MAX_TIME_US } from "./scenario-limits.js";
import { topologyKindOf } from "./scenario-topology.js";
import { checkSwitchBuffers, checkVirtualLanes } from "./switch-checks.js";

/** Samples of `metrics.queueLengths` in a run: each buffer that holds data keeps one number per sample. */
const MAX_QUEUE_SAMPLES = 1_000_000;

/**
 * Rules that involve several fields, checked once every field is in its own range: the run's
 * length, the size of the fabric, buffers that hold a packet (and PAUSE headroom), times that
 * stay on the engine's clock once multiplied, VLs. Whatever passes here, the switch models
 * and the engine accept when the fabric is built. `kinds`: the kinds the fields name.
 */
export function crossFieldChecks(fields: ScenarioFields, context: z.RefinementCtx, kinds: ScenarioKinds): void {
  const report: Report = (path, message) => context.addIssue({ code: "custom", path, message });
  checkDuration(fields, report);
  checkHosts(fields, report, kinds);
  checkSwitchBuffers(fields, kinds, report);
  checkFlows(fields, report);
  checkVirtualLanes(fields, kinds, report);
  if (fields.packets.headerBytes >= fields.packets.dataBytes) {
    report(["packets", "headerBytes"], `must be smaller than packets.dataBytes (${fields.packets.dataBytes})`);
  }
  const adapter = fields.adapter;
  if (adapter.ackCoalescing > 1 && adapter.ackCoalescingTimeoutUs === undefined) {
    report(
      ["adapter", "ackCoalescingTimeoutUs"],
      "needed when adapter.ackCoalescing > 1 (the longest an unmarked packet waits for its ACK)",
    );
  }
}

function checkDuration(fields: ScenarioFields, report: Report): void {
  // Both agreeing is a parsed scenario read again (its durationMs derived from the cycles): a sweep
  // point or a run handed to a worker thread.
  const derived =
    fields.durationMs !== undefined &&
    fields.durationCycles !== undefined &&
    fields.durationMs === durationMsOf({ durationCycles: fields.durationCycles, cycleNs: fields.cycleNs });
  if ((fields.durationMs === undefined) === (fields.durationCycles === undefined) && !derived) {
    report(["durationMs"], "give durationMs or durationCycles (not both)");
    return;
  }
  if (fields.durationCycles !== undefined && fields.cycleNs === undefined) {
    report(["durationCycles"], "needs cycleNs (the length of a cycle)");
    return;
  }
  const durationMs = durationMsOf(fields);
  if (fields.durationCycles !== undefined && !(durationMs * 1e9 >= 1 && durationMs <= MAX_DURATION_MS)) {
    report(
      ["durationCycles"],
      `durationCycles x cycleNs is ${durationMs} ms; a run lasts from 1 ps to ${MAX_DURATION_MS} ms (durationMs's range)`,
    );
  }
  const queues = fields.metrics.queueLengths;
  if (queues !== undefined) {
    const intervalUs = queues.intervalUs ?? fields.metrics.binUs;
    const samples = (durationMs * 1000) / intervalUs;
    if (samples > MAX_QUEUE_SAMPLES) {
      report(
        ["metrics", "queueLengths", "intervalUs"],
        `${intervalUs} us gives ${Math.ceil(samples)} samples over ${durationMs} ms; at most ${MAX_QUEUE_SAMPLES}: a larger intervalUs`,
      );
    }
  }
  const edges = fields.metrics.slowdownEdgesBytes;
  if (edges?.some((edge, i) => i > 0 && !(edge > edges[i - 1]!))) {
    report(["metrics", "slowdownEdgesBytes"], `must increase; got [${edges.join(", ")}]`);
  }
  const measure = fields.metrics.measureMs;
  if (measure !== undefined && !(measure[0] < measure[1] && measure[1] <= durationMs)) {
    report(["metrics", "measureMs"], `must be an interval [from, to] with from < to <= durationMs (${durationMs})`);
  }
}

/**
 * At most MAX_HOSTS hosts, counted from the parameters by the kind's `size` (2-ary 30-trees
 * are not built to find out); the kind's `hostCount` says how its parameters make them.
 */
function checkHosts(fields: ScenarioFields, report: Report, kinds: ScenarioKinds): void {
  const { definition, values } = topologyKindOf(fields.topology, kinds);
  const { hosts } = definition.size(values);
  if (hosts <= MAX_HOSTS) return;
  report(["topology"], `${definition.hostCount} makes ${hosts} hosts; a fabric has at most ${MAX_HOSTS} hosts`);
}

/** Something to send, and the santos pattern's last flow starting on the clock. */
function checkFlows(fields: ScenarioFields, report: Report): void {
  const flows = fields.flows;
  if (Array.isArray(flows)) {
    if (flows.length === 0 && fields.traffic.length === 0) {
      report(["flows"], "nothing to send: give at least one flow, or traffic generators in `traffic`");
    }
    return;
  }
  if (fields.topology.kind !== "two-switch") return;
  const staticFlows =
    fields.topology.local - (flows.dynamic?.local ?? 0) + fields.topology.remote - (flows.dynamic?.remote ?? 0);
  const lastStartUs = flows.staggerUs * Math.max(0, staticFlows - 1);
  if (lastStartUs > MAX_TIME_US) {
    report(
      ["flows", "staggerUs"],
      `the last of ${staticFlows} flows would start at ${lastStartUs} us; times are at most ${MAX_TIME_US} us`,
    );
  }
}
