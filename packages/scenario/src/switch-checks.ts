import { creditsFor } from "@losslab/core";
import { ns } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import type { Lanes } from "@losslab/switch";
import { bandwidthOf, inputBufferBytesOf } from "./derived-values.js";
import type { Report } from "./field-report.js";
import { type OptionFields, switchOptionFields } from "./option-fields.js";
import type { ScenarioFields } from "./scenario-fields.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import { MAX_BUFFER_BYTES } from "./scenario-limits.js";
import { switchLanes } from "./switch-lanes.js";

/** A field's name and path by the model option it sets (`switchOptionFields`); `switch` when none does. */
interface FieldOf {
  readonly options: OptionFields;
  name(option: string): string;
  path(option: string): string[];
}

function fieldOf(fields: ScenarioFields, kinds: ScenarioKinds): FieldOf {
  const options = switchOptionFields(fields.switch, kinds);
  const name = (option: string) => options.fieldOf(option) ?? "switch";
  return { options, name, path: (option) => name(option).split(".") };
}

/**
 * The rules of a scenario's switch buffers that span fields, each from a definition: buffers
 * that hold a packet (the input buffer, and the output buffers of an organisation that sizes
 * them, its `outputBufferParameter`); the flow control's own rules against those buffers and
 * the links (its `inputSettings` and `checkLink`, which the switches apply when the fabric is
 * built). A problem is reported at the field its option comes from.
 */
export function checkSwitchBuffers(fields: ScenarioFields, kinds: ScenarioKinds, report: Report): void {
  const field = fieldOf(fields, kinds);
  if (checkBuffers(fields, kinds, field, report)) {
    checkFlowControl(fields, kinds, switchLanes(fields, kinds), field.options, report);
  }
}

/**
 * Every buffer holds one maximum-size packet in whole credit blocks (the switch models refuse
 * less), at most MAX_BUFFER_BYTES. False when the input buffer does not, so the rules that
 * divide it are not checked.
 */
function checkBuffers(fields: ScenarioFields, kinds: ScenarioKinds, field: FieldOf, report: Report): boolean {
  const sw = fields.switch;
  if (sw.bufferPackets !== undefined && sw.inputBufferBytes !== undefined) {
    report(["switch", "inputBufferBytes"], "give bufferPackets or inputBufferBytes, not both");
    return false;
  }
  const packet = fields.packets.dataBytes;
  const block = sw.creditBytes;
  const packetBlocks = creditsFor(packet, block);
  const holds = (bytes: number) => Math.floor(bytes / block) >= packetBlocks;
  const why = (bytes: number) =>
    `${bytes} B is ${Math.floor(bytes / block)} credit blocks of ${field.name("creditBytes")} ${block} B; one packet of packets.dataBytes ${packet} B needs ${packetBlocks}`;
  const input = inputBufferBytesOf(fields);
  const inputField = field.path("inputBufferBytes");
  if (input > MAX_BUFFER_BYTES) {
    report(inputField, `the input buffer is ${input} B; at most ${MAX_BUFFER_BYTES} B per port`);
    return false;
  }
  if (!holds(input)) {
    report(inputField, `the input buffer cannot hold one packet: ${why(input)}`);
    return false;
  }
  const parameter = kinds.switch.get(sw.kind)?.outputBufferParameter;
  const output = parameter === undefined ? undefined : (sw as unknown as Record<string, unknown>)[parameter];
  if (typeof output === "number" && !holds(output)) {
    report(["switch", parameter!], `the output buffer cannot hold one packet: ${why(output)}`);
  }
  return true;
}

/**
 * The flow control's rules, as the switches apply them to every port when the fabric is
 * wired: its option against the input buffers (PAUSE: XOFF below the buffer, XON at most
 * XOFF, at most 8 priorities) and against the links into them (PAUSE: the headroom above
 * XOFF for what is still in flight, `pauseHeadroom`), here with the topology's links; then
 * the organisation's own rules against them (its `checkBuffers`: the shared buffer's XOFF
 * within its pool, one alpha per VL).
 */
function checkFlowControl(
  fields: ScenarioFields,
  kinds: ScenarioKinds,
  lanes: Lanes,
  options: OptionFields,
  report: Report,
): void {
  const sw = fields.switch;
  const definition = kinds.flowControl.get(sw.flowControl.kind);
  if (definition === undefined) return;
  const block = sw.creditBytes;
  const capacityBytes = Math.floor(inputBufferBytesOf(fields) / block) * block;
  const buffers = { name: "switch", capacityBytes, vls: lanes.vls, maxPacketBytes: fields.packets.dataBytes };
  const delay = ns(fields.topology.delayNs);
  const link = {
    bandwidth: bandwidthOf(fields),
    delay,
    reverseDelay: delay,
    overheadBytes: fields.packets.wireOverheadBytes,
  };
  try {
    const flowControl = kinds.flowControl.create(sw.flowControl, undefined, "switch.flowControl");
    const settings = definition.inputSettings(flowControl, buffers);
    if (settings !== undefined) definition.checkLink?.(settings, buffers, link);
    kinds.switch
      .get(sw.kind)
      ?.checkBuffers?.(sw as unknown as Readonly<Record<string, unknown>>, { ...buffers, settings });
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    report((options.fieldOf(error.option) ?? "switch.flowControl").split("."), error.problem);
  }
}

/**
 * VL weights (with "wrr") and quanta (with "dwrr"), one per VL; every flow, and the hosts'
 * control frames (`adapter.controlVl`), on a VL the switches have (the organisation's `lanes`).
 */
export function checkVirtualLanes(fields: ScenarioFields, kinds: ScenarioKinds, report: Report): void {
  const field = fieldOf(fields, kinds);
  const lanes = switchLanes(fields, kinds);
  const { vls, vlWeights: weights, vlQuantaBytes: quanta } = lanes;
  const scheduling = lanes.vlScheduling ?? "wrr";
  const schedulingField = field.name("vlScheduling");
  if (weights !== undefined && scheduling !== "wrr") {
    report(field.path("vlWeights"), `applies to ${schedulingField} "wrr" only; got "${scheduling}"`);
  } else if (weights !== undefined && weights.length !== vls) {
    report(field.path("vlWeights"), `must list one weight per VL (${field.name("vls")} ${vls})`);
  }
  if (quanta !== undefined && scheduling !== "dwrr") {
    report(field.path("vlQuantaBytes"), `applies to ${schedulingField} "dwrr" only; got "${scheduling}"`);
  } else if (quanta !== undefined && quanta.length !== vls) {
    report(field.path("vlQuantaBytes"), `must list one quantum per VL (${field.name("vls")} ${vls})`);
  }
  const kind = fields.switch.kind;
  const below =
    kinds.switch.get(kind)?.lanes === undefined
      ? `must be below 1: switch.kind "${kind}" has one VL`
      : `must be below ${field.name("vls")} (${vls})`;
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
