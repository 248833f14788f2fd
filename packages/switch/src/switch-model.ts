import type { Device, Packet, SwitchView } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { CioqSwitch } from "./cioq-switch.js";
import { InputBufferedSwitch } from "./input-buffered-switch.js";
import { InputQueuedSwitch } from "./input-queued-switch.js";
import type { OutputOrder } from "./output-order.js";
import type { SwitchOptions } from "./switch-base.js";

/** The buffer organisations a switch may have (DESIGN.md "Modelling rules"). */
export type SwitchOrganisation = "input-buffered" | "fifo" | "voq" | "cioq";

export const SWITCH_ORGANISATIONS: readonly SwitchOrganisation[] = ["input-buffered", "fifo", "voq", "cioq"];

/** A switch of any organisation: links connect to it as a `Device`, marking policies read it as a `SwitchView`. */
export interface SwitchModel extends Device, SwitchView {
  /** Virtual lanes per port (`vls`). */
  readonly vls: number;
  /** Capacity in bytes of VL `vl`'s buffer at input `port`; without `vl`, of the whole port. */
  inputCapacity(port: number, vl?: number): number;
  /** Bytes held in VL `vl`'s buffer at input `port`; without `vl`, in the whole port. */
  inputOccupancy(port: number, vl?: number): number;
  /** Packets held at input `port` on VL `vl`, oldest first; without `vl`, of every VL in arrival order. */
  inputPackets(port: number, vl?: number): readonly Packet[];
  /** Under PAUSE: whether input `port` has sent XOFF upstream and not yet XON. Always false with credits. */
  inputPaused(port: number): boolean;
  /** Sends a congestion notification the switch generated (a QCN CNM) toward its destination, ahead of queued data. */
  sendNotification(frame: Packet): void;
  /** Calls `listener` with every control frame a marking policy sends from this switch (`SwitchView.notify`). */
  onNotification(listener: (frame: Packet) => void): void;
}

/** The common options of every model plus each organisation's own. */
export interface SwitchModelOptions extends SwitchOptions {
  /** "input-buffered" only: how often an output's FIFO head may be bypassed. Default 4. */
  maxBypass?: number;
  /** "input-buffered" only: the order free outputs are offered a packet in (`OutputOrder`). Default "rotate". */
  outputOrder?: OutputOrder;
  /** "voq", and "cioq" with `inputQueues: "voq"`: iSLIP iterations per arbitration. Default 1. */
  islipIterations?: number;
  /** "cioq" only: crossbar speedup (>= 1). Default 2. */
  speedup?: number;
  /** "cioq" only, and required there: bytes per output buffer, at least one maximum-size packet. */
  outputBufferBytes?: number;
  /** "cioq" only: "fifo" (default, HOL blocking at inputs) or "voq" (iSLIP). */
  inputQueues?: "fifo" | "voq";
}

/** The options each organisation takes beyond the common ones. */
const SPECIFIC_OPTIONS: Record<SwitchOrganisation, readonly (keyof SwitchModelOptions)[]> = {
  "input-buffered": ["maxBypass", "outputOrder"],
  fifo: [],
  voq: ["islipIterations"],
  cioq: ["islipIterations", "speedup", "outputBufferBytes", "inputQueues"],
};
const ALL_SPECIFIC = [
  "maxBypass",
  "outputOrder",
  "islipIterations",
  "speedup",
  "outputBufferBytes",
  "inputQueues",
] as const;

/**
 * Builds a switch of the given organisation: "input-buffered" (santos-2002 Table 1),
 * "fifo" (strict FIFO inputs, head-of-line blocking), "voq" (virtual output queues, iSLIP)
 * or "cioq" (input and output buffers, crossbar speedup). Throws RangeError, naming the
 * option, for an unknown organisation, an option the organisation does not take, or a bad
 * value.
 */
export function createSwitch(
  engine: Engine,
  organisation: SwitchOrganisation,
  options: SwitchModelOptions,
): SwitchModel {
  if (!SWITCH_ORGANISATIONS.includes(organisation)) {
    throw new RangeError(
      `${options.name}: unknown switch organisation ${JSON.stringify(organisation)}; allowed: ${SWITCH_ORGANISATIONS.map((o) => `"${o}"`).join(", ")}`,
    );
  }
  for (const option of ALL_SPECIFIC) {
    if (options[option] !== undefined && !SPECIFIC_OPTIONS[organisation].includes(option)) {
      const takers = SWITCH_ORGANISATIONS.filter((o) => SPECIFIC_OPTIONS[o].includes(option));
      throw new RangeError(
        `${options.name}: option ${option} does not apply to organisation "${organisation}"; it applies to ${takers.map((o) => `"${o}"`).join(", ")}`,
      );
    }
  }
  switch (organisation) {
    case "input-buffered":
      return new InputBufferedSwitch(engine, options);
    case "fifo":
      return new InputQueuedSwitch(engine, { ...options, inputQueues: "fifo" });
    case "voq":
      return new InputQueuedSwitch(engine, { ...options, inputQueues: "voq" });
    case "cioq": {
      const { outputBufferBytes } = options;
      if (outputBufferBytes === undefined) {
        throw new RangeError(`${options.name}: organisation "cioq" needs outputBufferBytes (bytes per output buffer)`);
      }
      return new CioqSwitch(engine, { ...options, outputBufferBytes });
    }
  }
}
