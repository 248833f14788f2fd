import type { Packet } from "@losslab/core";

/**
 * What a policy may need from the simulation besides the switch view, given in code (never
 * in a scenario file) as `createMarking`'s second argument. Policies that need none ignore
 * it; `qcn` needs `notify`, and `random` when it draws.
 */
export interface MarkingRuntime {
  /**
   * A congestion point asks for a congestion notification message (QCN's CNM): deliver one
   * to `culprit.source`, for `culprit.flow`, carrying `feedback` (QntzFb, 0..63). `at` is the
   * switch's name. The policy cannot create packets itself.
   */
  readonly notify?: (culprit: Packet, feedback: number, at: string) => void;
  /** A uniform draw in [0, 1) from a seeded stream of the simulation. */
  readonly random?: () => number;
  /**
   * turner-2001 sec. 6.2: hosts the subnet manager declared non-compliant. A `turner` switch
   * that sets the ECN bit of a data packet addressed to one of them (not already marked
   * upstream) calls `notifyManager` with it: a CN packet to the subnet manager.
   */
  readonly nonCompliantHosts?: ReadonlySet<number>;
  readonly notifyManager?: (marked: Packet, at: string) => void;
  /**
   * Whether the device at the far end of output `output` of switch `switchName` is a
   * non-compliant switch (turner-2001 sec. 6.1): `turner` with
   * `markBlockedTowardNonCompliant` asks it once per output when a switch is built.
   */
  readonly nextIsNonCompliant?: (switchName: string, output: number) => boolean;
}
