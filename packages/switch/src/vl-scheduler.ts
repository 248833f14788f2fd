import { ClassScheduler } from "@losslab/core";
import type { SwitchOptions } from "./switch-model.js";

/**
 * The VL scheduler of a switch's outputs (`ClassScheduler` of core: `vlScheduling` "wrr"
 * with `vlWeights`, "strict" or "dwrr" with `vlQuantaBytes`, default quanta the largest
 * packet), the one component every organisation uses to pick which VL an output serves
 * (InfiniBand VL arbitration, turner-2001 sec. 2; 802.1Q priorities). Undefined with one VL
 * and no VL option: there is nothing to choose, and the models keep their one-VL path. With
 * one VL and a VL option the scheduler is built anyway, so the option is checked.
 */
export function createVlScheduler(ports: number, options: SwitchOptions): ClassScheduler | undefined {
  const vls = options.vls ?? 1;
  if (vls === 1 && options.vlWeights === undefined && options.vlQuantaBytes === undefined) return undefined;
  return new ClassScheduler(options.name, ports, vls, {
    scheduling: options.vlScheduling,
    weights: options.vlWeights,
    quanta: options.vlQuantaBytes,
    defaultQuantum: options.maxPacketBytes,
  });
}
