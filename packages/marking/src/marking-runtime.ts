/**
 * What a policy may need from the simulation besides its switch, given in code (never in a
 * scenario file) as `createMarking`'s second argument: data and a random stream. Control
 * frames a policy sends go through its switch (`SwitchView.notify`). Policies that need
 * none of it ignore it; `qcn` needs `random` when it draws.
 */
export interface MarkingRuntime {
  /** Bytes of a QCN CNM (default 64). */
  readonly notificationBytes?: number;
  /** A uniform draw in [0, 1) from a seeded stream of the simulation. */
  readonly random?: () => number;
  /**
   * turner-2001 sec. 6.2: the subnet manager. A `turner` switch that sets the ECN bit of a
   * data packet addressed to one of `nonCompliantHosts` (not already marked upstream) sends a
   * CN packet of `noticeBytes` about it to host `host`, the manager.
   */
  readonly subnetManager?: {
    readonly host: number;
    readonly nonCompliantHosts: ReadonlySet<number>;
    readonly noticeBytes: number;
  };
  /**
   * Whether the device at the far end of output `output` of switch `switchName` is a
   * non-compliant switch (turner-2001 sec. 6.1): `turner` with
   * `markBlockedTowardNonCompliant` asks it once per output when a switch is built.
   */
  readonly nextIsNonCompliant?: (switchName: string, output: number) => boolean;
}
