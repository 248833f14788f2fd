import { creditsFor, DEFAULT_CREDIT_BYTES } from "@losslab/core";
import { ns } from "@losslab/engine";
import { MAX_BUFFER_BYTES, MAX_PACKET_BYTES, MAX_PACKETS, MAX_TIME_NS, type ValuesOf } from "@losslab/kinds";
import type { FlowControlOption } from "./flow-control.js";

/** Input buffers hold this many maximum-size packets unless sized in bytes (santos-2002 Table 1). */
export const DEFAULT_BUFFER_PACKETS = 4;

/**
 * The parameters every switch has, whatever its organisation, as scenario files write them
 * (`switch.flowControl`, `switch.bufferPackets`, ...; scenario units): defined once, here. The
 * scenario schema, its JSON Schema, the switch README's table and the options a scenario gives
 * every switch model (`commonSwitchOptions`) derive from them; `option` names the model option
 * a parameter sets where the models name it otherwise.
 */
export const switchParameters = {
  flowControl: {
    type: "spec",
    family: "flowControl",
    default: { kind: "credits" },
    description:
      "link-level flow control of the input buffers, a flowControl kind: credits (InfiniBand), or PAUSE with XOFF/XON thresholds (chrysos sec. II-III)",
  },
  bufferPackets: {
    type: "integer",
    min: 1,
    max: MAX_PACKETS,
    optional: true,
    option: "inputBufferBytes",
    description: `input buffer per port (per VL with several vls), in maximum-size data packets of whole credit blocks; default ${DEFAULT_BUFFER_PACKETS} (santos-2002 Table 1) unless inputBufferBytes is given`,
  },
  inputBufferBytes: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    optional: true,
    description:
      "input buffer per port (per VL with several vls), bytes, rounded down to whole credit blocks; or give bufferPackets",
  },
  forwardingDelayNs: {
    type: "number",
    min: 0,
    max: MAX_TIME_NS,
    default: 40,
    option: "forwardingDelay",
    description:
      "from a header's arrival to the earliest start of its forwarding (cut-through), ns (santos-2002 Table 1: 40)",
  },
  creditBytes: {
    type: "integer",
    min: 1,
    max: MAX_PACKET_BYTES,
    default: DEFAULT_CREDIT_BYTES,
    description: "credit block, bytes: buffers are counted in whole blocks (santos-2002 Table 1: 64)",
  },
} as const;

/** The fields every switch has, checked, with their defaults (the flow control still a spec). */
export type SwitchValues = ValuesOf<typeof switchParameters>;

/**
 * Bytes of each input buffer: `inputBufferBytes`, else `bufferPackets` (default
 * `DEFAULT_BUFFER_PACKETS`) packets of `packetBytes` in whole credit blocks.
 */
export function inputBufferBytesOf(
  values: {
    readonly inputBufferBytes?: number | undefined;
    readonly bufferPackets?: number | undefined;
    readonly creditBytes: number;
  },
  packetBytes: number,
): number {
  const packets = values.bufferPackets ?? DEFAULT_BUFFER_PACKETS;
  return values.inputBufferBytes ?? packets * creditsFor(packetBytes, values.creditBytes) * values.creditBytes;
}

/**
 * The options every switch model takes from the fields every switch has, in model units
 * (the option each parameter names): the input buffer's bytes, the credit block, the
 * forwarding delay in ps and `flowControl`, the spec built by its registry.
 */
export function commonSwitchOptions(
  values: Omit<SwitchValues, "flowControl">,
  packetBytes: number,
  flowControl: FlowControlOption,
): { inputBufferBytes: number; creditBytes: number; forwardingDelay: number; flowControl: FlowControlOption } {
  return {
    inputBufferBytes: inputBufferBytesOf(values, packetBytes),
    creditBytes: values.creditBytes,
    forwardingDelay: ns(values.forwardingDelayNs),
    flowControl,
  };
}
