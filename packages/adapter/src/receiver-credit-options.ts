import type { Time } from "@losslab/engine";
import { OptionError } from "@losslab/kinds";
import { checkOversubscribedCc, type OversubscribedCcOptions } from "./oversubscribed-cc.js";

/** Bytes per pull quantum: pull targets and pull numbers count in it (uet-htsim `uecpacket.h:31-32`). */
export const PULL_QUANTUM = 256;

/**
 * Receiver credits, Ultra Ethernet's RCCC (docs/spec/uec.md sec. 3, as uet-htsim implements
 * it): a source sends only with credit, beyond a first window it may send before any; each
 * destination paces pulls, which grant credit, at about its link rate.
 */
export interface ReceiverCreditOptions {
  /** Credit one pull grants at most, bytes (uet-htsim: 16 384, 4 x its MSS of 4096; docs/spec/uec.md choice C2). */
  readonly creditPerPull: number;
  /** The pull pacer's rate, bytes/s: credit granted per second (uet-htsim: 0.99 x the link rate, `dc/main_uec.cpp:754-755`). */
  readonly pullRate: number;
  /**
   * configured_maxwnd, bytes: what a source may send before its first pull or ACK
   * (speculative), and the most credit it ever holds (uet-htsim: 1.5 x BDP, `uec.cpp:192-193`, `803-804`).
   */
  readonly windowBytes: number;
  /**
   * The least time between two RTS of a flow, ps: a flow that times out without credit asks
   * its destination for some (uet-htsim: network_rtt, `uec.cpp:2173-2203`).
   */
  readonly rtsInterval: Time;
  /**
   * The receiver's OversubscribedCC, which scales the pull rate to the congestion it sees
   * (docs/spec/uec.md choice C15; uet-htsim runs it with RCCC alone on an oversubscribed
   * topology, `dc/main_uec.cpp:688-692`); undefined: off.
   */
  readonly oversubscribed?: OversubscribedCcOptions;
}

/** Checks `options` (`HostAdapterOptions.receiverCredits`) for adapter `name`. */
export function checkReceiverCredits(name: string, options: ReceiverCreditOptions): ReceiverCreditOptions {
  for (const field of ["creditPerPull", "pullRate", "windowBytes", "rtsInterval"] as const) {
    const value = options[field];
    if (!(Number.isFinite(value) && value > 0)) {
      throw OptionError.of(name, `receiverCredits.${field}`, "must be a finite number > 0", { value });
    }
  }
  if (options.creditPerPull < PULL_QUANTUM) {
    throw OptionError.of(
      name,
      "receiverCredits.creditPerPull",
      `must be at least one pull quantum, ${PULL_QUANTUM} B`,
      {
        value: options.creditPerPull,
        limit: PULL_QUANTUM,
      },
    );
  }
  if (options.oversubscribed !== undefined) checkOversubscribedCc(name, options.oversubscribed);
  return options;
}
