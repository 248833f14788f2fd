import { CLASS_SCHEDULINGS, MAX_VLS } from "@losslab/core";
import {
  type CheckedSpecOf,
  MAX_BUFFER_BYTES,
  MAX_ISLIP_ITERATIONS,
  MAX_PACKET_BYTES,
  MAX_PACKETS,
  MAX_SPEEDUP,
  MAX_VL_WEIGHT,
  Registry,
  type SpecOf,
} from "@losslab/kinds";
import { CioqSwitch } from "./cioq-switch.js";
import { InputBufferedSwitch } from "./input-buffered-switch.js";
import { InputQueuedSwitch } from "./input-queued-switch.js";
import { OUTPUT_ORDERS } from "./output-order.js";
import { defineSwitchOrganisation, type SwitchOrganisationDefinition } from "./switch-organisation.js";

const islipIterations = {
  type: "integer",
  min: 1,
  max: MAX_ISLIP_ITERATIONS,
  default: 1,
  description: "iSLIP iterations per arbitration",
} as const;

/**
 * The VL parameters every organisation takes (turner-2001 sec. 2; PFC priorities under
 * `flowControl` "pause", 802.1Qbb): how many, and how an output picks among them
 * (`createVlScheduler`).
 */
const vlParameters = {
  vls: {
    type: "integer",
    min: 1,
    max: MAX_VLS,
    default: 1,
    description:
      'virtual lanes per port, each with its own buffers (of the sizes given; cioq: input and output) and credits (turner-2001 sec. 2); under flowControl "pause" PFC priorities, at most 8',
  },
  vlWeights: {
    type: "list",
    items: { type: "integer", min: 1, max: MAX_VL_WEIGHT, description: "packets per turn" },
    maxItems: MAX_VLS,
    optional: true,
    description:
      'with vlScheduling "wrr": the weight of each VL at each output (the hosts\' too), packets per turn; default all 1',
  },
  vlScheduling: {
    type: "choice",
    values: CLASS_SCHEDULINGS,
    default: "wrr",
    description:
      'how each output (the hosts\' too) picks among its VLs: "wrr" weighted round robin in packets (vlWeights), "strict" the highest VL first (802.1Q), "dwrr" deficit round robin in bytes (vlQuantaBytes; Shreedhar-Varghese 1995)',
  },
  vlQuantaBytes: {
    type: "list",
    items: { type: "integer", min: 1, max: MAX_PACKET_BYTES, description: "bytes per round" },
    maxItems: MAX_VLS,
    optional: true,
    description: 'with vlScheduling "dwrr": the quantum of each VL, bytes per round; default all packets.dataBytes',
  },
} as const;

/** Virtual lanes per port an organisation's values give (its `lanes` trait). */
const lanes = (values: Readonly<Record<string, unknown>>): number => values.vls as number;

/** santos-2002 Table 1's switch. */
export const inputBufferedDefinition = defineSwitchOrganisation({
  kind: "input-buffered",
  description: "santos-2002 Table 1: per-output FIFO with bounded bypass",
  parameters: {
    maxBypass: {
      type: "integer",
      min: 0,
      max: MAX_PACKETS,
      default: 4,
      description: "how many times the head of an output's FIFO may be bypassed (santos-2002 Table 1: 4)",
    },
    outputOrder: {
      type: "choice",
      values: OUTPUT_ORDERS,
      default: "rotate",
      description:
        'which free output an input holding packets for several serves first: "rotate", "longest-idle" or "oldest-packet" (santos-2002 leaves it open; OutputOrder)',
    },
    ...vlParameters,
  },
  lanes,
  create: (values, { engine, options }) => new InputBufferedSwitch(engine, { ...options, ...values }),
});

export const fifoDefinition = defineSwitchOrganisation({
  kind: "fifo",
  description: "strict FIFO input queues (head-of-line blocking)",
  parameters: vlParameters,
  lanes,
  create: (values, { engine, options }) =>
    new InputQueuedSwitch(engine, { ...options, ...values, inputQueues: "fifo" }),
});

export const voqDefinition = defineSwitchOrganisation({
  kind: "voq",
  description: "virtual output queues at the inputs, iSLIP allocator",
  parameters: { islipIterations, ...vlParameters },
  lanes,
  pairQueues: () => true,
  create: (values, { engine, options }) => new InputQueuedSwitch(engine, { ...options, ...values, inputQueues: "voq" }),
});

export const cioqDefinition = defineSwitchOrganisation({
  kind: "cioq",
  description: "combined input-output queued, crossbar speedup, output buffers",
  parameters: {
    speedup: {
      type: "number",
      min: 1,
      max: MAX_SPEEDUP,
      default: 2,
      description: "crossbar speedup (ferrer-2012 sec. 5.1: 2)",
    },
    outputBufferBytes: {
      type: "integer",
      min: 1,
      max: MAX_BUFFER_BYTES,
      optional: true,
      description: "output buffer per port (per VL with several vls), bytes; default the input buffer's size",
    },
    inputQueues: {
      type: "choice",
      values: ["fifo", "voq"],
      default: "fifo",
      description: "input buffer organisation: strict FIFO (ferrer-2012) or VOQs with iSLIP (chrysos)",
    },
    islipIterations: {
      type: "integer",
      min: 1,
      max: MAX_ISLIP_ITERATIONS,
      optional: true,
      description: 'iSLIP iterations per arbitration, with inputQueues "voq" only (default 1)',
    },
    ...vlParameters,
  },
  lanes,
  pairQueues: (values) => values.inputQueues === "voq",
  create: ({ outputBufferBytes, ...values }, { engine, options }) =>
    new CioqSwitch(engine, { ...options, ...values, outputBufferBytes: outputBufferBytes ?? options.inputBufferBytes }),
});

const builtIn = [inputBufferedDefinition, fifoDefinition, voqDefinition, cioqDefinition] as const;

/**
 * The built-in switch organisations (DESIGN.md "Modelling rules"), the only list of them:
 * scenario files name them as `switch.kind`; `createSwitch` builds through it.
 */
export const switchOrganisations: Registry<SwitchOrganisationDefinition> = new Registry<SwitchOrganisationDefinition>(
  "switch",
  builtIn,
);

/** A built-in organisation's spec, e.g. `{ kind: "cioq", speedup: 2, inputQueues: "voq" }`. */
export type SwitchOrganisationSpec = SpecOf<(typeof builtIn)[number]>;

/** A built-in organisation's name. */
export type SwitchOrganisation = SwitchOrganisationSpec["kind"];

/** The built-in organisations' names, in registry order (derived from `switchOrganisations`). */
export const SWITCH_ORGANISATIONS = switchOrganisations.kinds as readonly SwitchOrganisation[];

/** A built-in organisation's spec after checking: every default filled in. */
export type SwitchOrganisationValues = CheckedSpecOf<(typeof builtIn)[number]>;
