import { creditsFor, DEFAULT_PAUSE_REACTION_DELAY, PAUSE_FRAME_BYTES, PAUSE_PRIORITIES } from "@losslab/core";
import { ns } from "@losslab/engine";
import { pauseHeadroom } from "@losslab/switch";
import type { z } from "zod";
import { bandwidthOf, durationMsOf, inputBufferBytesOf } from "./derived-values.js";
import type { ScenarioFields } from "./scenario-fields.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { MAX_BUFFER_BYTES, MAX_DURATION_MS, MAX_HOSTS, MAX_TIME_US } from "./scenario-limits.js";
import { topologyKindOf } from "./scenario-topology.js";
import { switchLanes } from "./switch-lanes.js";

type Report = (path: PropertyKey[], message: string) => void;

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
  const lanes = switchLanes(fields, kinds);
  checkDuration(fields, report);
  checkHosts(fields, report, kinds);
  checkBuffers(fields, lanes, report);
  checkFlows(fields, report);
  checkVirtualLanes(fields, lanes, report);
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
  if ((fields.durationMs === undefined) === (fields.durationCycles === undefined)) {
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

/**
 * Every buffer holds one maximum-size packet in whole credit blocks (the switch models
 * refuse less), at most MAX_BUFFER_BYTES; under PAUSE, XOFF leaves room for what is still in
 * flight (`pauseHeadroom`, the rule the switches apply to every port when the fabric is wired).
 */
function checkBuffers(fields: ScenarioFields, lanes: number, report: Report): void {
  const sw = fields.switch;
  if (sw.bufferPackets !== undefined && sw.inputBufferBytes !== undefined) {
    report(["switch", "inputBufferBytes"], "give bufferPackets or inputBufferBytes, not both");
    return;
  }
  const packet = fields.packets.dataBytes;
  const block = sw.creditBytes;
  const packetBlocks = creditsFor(packet, block);
  const holds = (bytes: number) => Math.floor(bytes / block) >= packetBlocks;
  const why = (bytes: number) =>
    `${bytes} B is ${Math.floor(bytes / block)} credit blocks of switch.creditBytes ${block} B; one packet of packets.dataBytes ${packet} B needs ${packetBlocks}`;
  const input = inputBufferBytesOf(fields);
  const inputField = sw.inputBufferBytes === undefined ? "bufferPackets" : "inputBufferBytes";
  if (input > MAX_BUFFER_BYTES) {
    report(["switch", inputField], `the input buffer is ${input} B; at most ${MAX_BUFFER_BYTES} B per port`);
    return;
  }
  if (!holds(input)) {
    report(["switch", inputField], `the input buffer cannot hold one packet: ${why(input)}`);
    return;
  }
  // An organisation with output buffers of its own size (cioq).
  const output = "outputBufferBytes" in sw ? sw.outputBufferBytes : undefined;
  if (output !== undefined && !holds(output)) {
    report(["switch", "outputBufferBytes"], `the output buffer cannot hold one packet: ${why(output)}`);
  }
  const flow = sw.flowControl;
  if (flow.kind !== "pause") return;
  const capacity = Math.floor(input / block) * block;
  if (flow.xoffBytes >= capacity) {
    report(["switch", "flowControl", "xoffBytes"], `must be below the input buffer's ${capacity} B`);
    return;
  }
  if (flow.xonBytes > flow.xoffBytes) {
    report(["switch", "flowControl", "xonBytes"], `must be at most xoffBytes (${flow.xoffBytes})`);
    return;
  }
  if (lanes > PAUSE_PRIORITIES) {
    report(
      ["switch", "vls"],
      `flowControl "pause" (PFC, 802.1Qbb) has ${PAUSE_PRIORITIES} priorities; got vls ${lanes}`,
    );
    return;
  }
  const bandwidth = bandwidthOf(fields);
  const delay = Math.round(fields.topology.delayNs * 1000);
  const needed = pauseHeadroom({
    bandwidth,
    delay,
    reverseDelay: delay,
    maxPacketBytes: packet,
    overheadBytes: fields.packets.wireOverheadBytes,
    pauseFrameBytes: flow.pauseFrameBytes ?? PAUSE_FRAME_BYTES,
    reactionDelay: flow.reactionDelayNs === undefined ? DEFAULT_PAUSE_REACTION_DELAY : ns(flow.reactionDelayNs),
  });
  if (capacity - flow.xoffBytes < needed) {
    report(
      ["switch", "flowControl", "xoffBytes"],
      `leaves ${capacity - flow.xoffBytes} B of the ${capacity} B input buffer above XOFF, but ${needed} B can still arrive after XOFF (link rate, delay and reaction): lower xoffBytes or raise the buffer`,
    );
  }
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

/**
 * VL weights (with "wrr") and quanta (with "dwrr"), one per VL; every flow, and the hosts'
 * control frames (`adapter.controlVl`), on a VL the switches have.
 */
function checkVirtualLanes(fields: ScenarioFields, vls: number, report: Report): void {
  const sw = fields.switch;
  const scheduling = "vlScheduling" in sw ? sw.vlScheduling : "wrr";
  const weights = "vlWeights" in sw ? sw.vlWeights : undefined;
  if (weights !== undefined && scheduling !== "wrr") {
    report(["switch", "vlWeights"], `applies to switch.vlScheduling "wrr" only; got "${scheduling}"`);
  } else if (weights !== undefined && weights.length !== vls) {
    report(["switch", "vlWeights"], `must list one weight per VL (switch.vls ${vls})`);
  }
  const quanta = "vlQuantaBytes" in sw ? sw.vlQuantaBytes : undefined;
  if (quanta !== undefined && scheduling !== "dwrr") {
    report(["switch", "vlQuantaBytes"], `applies to switch.vlScheduling "dwrr" only; got "${scheduling}"`);
  } else if (quanta !== undefined && quanta.length !== vls) {
    report(["switch", "vlQuantaBytes"], `must list one quantum per VL (switch.vls ${vls})`);
  }
  // Every built-in organisation takes vls; a plugin's without it has one VL.
  const kind = (sw as { readonly kind: string }).kind;
  const below = `must be below switch.vls (${vls}${"vls" in sw ? "" : `: switch.kind "${kind}" has one VL`})`;
  const controlVl = fields.adapter.controlVl;
  if (controlVl !== undefined && controlVl >= vls) report(["adapter", "controlVl"], below);
  if (!Array.isArray(fields.flows)) return;
  for (const [i, flow] of fields.flows.entries()) {
    if (flow.vl >= vls) {
      report(["flows", i, "vl"], below);
      return;
    }
  }
}
