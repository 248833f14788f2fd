import type { Time } from "@losslab/engine";
import type { KindDefinition, Parameters } from "@losslab/kinds";
import type { PauseHeadroomOptions } from "./pause-headroom.js";

/**
 * A switch's link-level flow control as its `flowControl` option: the kind and the fields that
 * kind takes, in model units (bytes, ps). Each kind's file says its fields
 * (`CreditFlowControl`, `PauseFlowControl`); `FlowControl` is the built-in ones.
 */
export interface FlowControlOption {
  readonly kind: string;
}

/**
 * What a switch's input buffers run with under a flow control that stops its upstream by
 * frames (PAUSE, PFC): XOFF at `xoffBytes`, XON below `xonBytes`, frames of `pauseFrameBytes`,
 * and the reaction delay assumed of the devices upstream (and honoured by this switch's
 * outputs).
 */
export interface PauseSettings {
  readonly xoffBytes: number;
  readonly xonBytes: number;
  readonly reactionDelay: Time;
  readonly pauseFrameBytes: number;
}

/** How a switch's input buffers return credits under CBFC: an update frame of `frameBytes` per priority at most every `period`. */
export interface CreditUpdateSettings {
  readonly period: Time;
  readonly frameBytes: number;
}

/** The input buffers a flow control governs: what its option is checked against. */
export interface ControlledBuffers {
  /** The device (and port) errors name: `S`, `S input 3`. */
  readonly name: string;
  /** Bytes of one (port, VL) buffer, in whole credit blocks. */
  readonly capacityBytes: number;
  /** VLs (priorities) per port. */
  readonly vls: number;
  /** The largest frame either side of a link sends, bytes. */
  readonly maxPacketBytes: number;
}

/** The link into an input buffer and the way back, as far as a flow control's rule needs them. */
export type InboundTiming = Pick<
  PauseHeadroomOptions,
  "bandwidth" | "delay" | "reverseBandwidth" | "reverseDelay" | "overheadBytes"
>;

/**
 * What a switch and a simulation must know of a flow control kind besides its parameters, so
 * that nothing outside its definition tests it by name. `F`: its option.
 */
export interface FlowControlTraits<F extends FlowControlOption = FlowControlOption> {
  /**
   * The settings the input buffers run with: undefined for credits, PAUSE thresholds for a
   * kind that stops its upstream by frames. Checks the option against the buffers first and
   * throws `OptionError` naming it (`flowControl.xoffBytes`): switch models call it when they
   * are built, a scenario's checks before.
   */
  inputSettings(flowControl: F, buffers: ControlledBuffers): PauseSettings | undefined;
  /**
   * The rule for the link into a buffer, checked when the fabric is wired (and by a
   * scenario's checks, with its links): PAUSE's headroom above XOFF. Throws `OptionError`.
   */
  checkLink?(settings: PauseSettings, buffers: ControlledBuffers, link: InboundTiming): void;
  /**
   * Credits go back upstream in periodic credit-update frames on the link (CBFC) instead of
   * after each packet out of band: the period and the frame's size.
   */
  creditUpdates?(flowControl: F): CreditUpdateSettings;
  /** Its switches send PAUSE frames (802.3x, PFC): a run meters how long they hold senders. */
  readonly pauseFrames?: boolean;
  /** How soon hosts must honour its frames: the reaction delay the switches' rules assumed of them. */
  hostReactionDelay?(flowControl: F): Time | undefined;
}

/** A link-level flow control as scenario files know it (`switch.flowControl.kind`). */
export type FlowControlDefinition<F extends FlowControlOption = FlowControlOption> = KindDefinition<
  string,
  Parameters,
  undefined,
  F
> &
  FlowControlTraits<F>;

/**
 * Defines a flow control kind, built in or in a plugin, beside its implementation: its name,
 * description, parameters (scenario units), `create` (from them to its option, model units)
 * and its traits.
 */
export function defineFlowControl<const Kind extends string, const Ps extends Parameters, F extends FlowControlOption>(
  definition: Omit<KindDefinition<Kind, Ps, undefined, F>, "family"> & FlowControlTraits<F>,
): KindDefinition<Kind, Ps, undefined, F> & FlowControlTraits<F> {
  return Object.freeze({ family: "flowControl", ...definition });
}
