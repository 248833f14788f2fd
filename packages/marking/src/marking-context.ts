import { formatValue, KindError } from "@losslab/kinds";

/**
 * What a marking policy may ask of the run it is built for, besides its switch (whose
 * `SwitchView` it reads and sends control frames through). Each member is a capability a
 * definition names in `uses`; the policy's `create` receives exactly the ones it named, from
 * what its caller offers (`createMarking(spec, context)`; a scenario run offers all of them,
 * `subnetManager` when the scenario has one). Given in code, never read from a scenario file.
 */
export interface MarkingContext {
  /**
   * "random": a uniform draw in [0, 1) from a seeded stream of the run. A scenario run gives
   * the policy a stream of its own kind (`marking/<kind>`), shared by its switches.
   */
  readonly random: () => number;
  /**
   * "timers": the run's clock (integer ps) and its event queue, to act at a time of the
   * policy's choosing; events at equal times run in the order they were scheduled.
   */
  readonly timers: MarkingTimers;
  /**
   * "notifications": the policy sends control frames toward sources (`SwitchView.notify`, as
   * QCN's CNMs). The run then keeps every source queue open to hear them, records them, and
   * counts them in its switches' largest packet; `bytes` is the size such a frame has.
   */
  readonly notifications: { readonly bytes: number };
  /**
   * "subnetManager": the run's subnet manager (turner-2001 sec. 6.2), the host a switch sends
   * CN packets of `noticeBytes` to about data packets for one of `nonCompliantHosts` (CAs
   * that echo no marks). Offered only by a run that has one.
   */
  readonly subnetManager: {
    readonly host: number;
    readonly nonCompliantHosts: ReadonlySet<number>;
    readonly noticeBytes: number;
  };
  /** "fabric": facts about the fabric around a switch. */
  readonly fabric: {
    /**
     * Whether output `output` of switch `switchName` leads to a non-compliant switch, one that
     * marks nothing (turner-2001 sec. 6.1).
     */
    nextIsNonCompliant(switchName: string, output: number): boolean;
    /** Whether output `output` of switch `switchName` links to a host (a ToR's downlink). */
    leadsToHost(switchName: string, output: number): boolean;
    /**
     * The share of its link's speed output `output` of switch `switchName` runs at: 1, or
     * below 1 on a degraded link, whose queue thresholds a policy scales by it (uet-htsim
     * scales a degraded link's ECN thresholds, `dc/fat_tree_topology.cpp:1190-1191`).
     */
    outputRatio(switchName: string, output: number): number;
  };
}

/** The run's clock and timers, as a marking policy may use them: an `Engine` (@losslab/engine) is one. */
export interface MarkingTimers {
  /** The time now, integer ps. */
  readonly now: number;
  /** Calls `callback` at `time` (integer ps, not before now); the id is for `cancel`. */
  at(time: number, callback: () => void): number;
  /** Cancels a call `at` scheduled; false if it ran or was cancelled already. */
  cancel(id: number): boolean;
}

/** A capability of the context: `"random"`, `"timers"`, `"notifications"`, `"subnetManager"`, `"fabric"`. */
export type MarkingCapability = keyof MarkingContext;

/**
 * An entry of a definition's `uses`: a capability the policy needs (`"random"`: its caller
 * must offer it), or with `?` one it uses when its caller offers it (`"subnetManager?"`).
 */
export type MarkingUse = MarkingCapability | `${MarkingCapability}?`;

type Needed<U> = U extends `${string}?` ? never : U;
type Wanted<U> = U extends `${infer Capability}?` ? Capability : never;

/** The context a policy that `uses` these gets: what it needs, and what it may use if offered. */
export type GrantedContext<Uses extends readonly MarkingUse[]> = Pick<
  MarkingContext,
  Needed<Uses[number]> & MarkingCapability
> &
  Partial<Pick<MarkingContext, Wanted<Uses[number]> & MarkingCapability>>;

const capabilities: readonly MarkingCapability[] = ["random", "timers", "notifications", "subnetManager", "fabric"];

/** The capability an entry of `uses` names, without its `?`. */
export function capabilityOf(use: MarkingUse): MarkingCapability {
  return (use.endsWith("?") ? use.slice(0, -1) : use) as MarkingCapability;
}

/** `uses` of a definition, checked to name capabilities of the context (a plugin written in JS may misspell one). */
export function checkUses(kind: string, uses: readonly string[]): readonly MarkingUse[] {
  for (const use of uses) {
    if (!capabilities.includes(capabilityOf(use as MarkingUse))) {
      throw new TypeError(
        `marking ${formatValue(kind)} uses ${formatValue(use)}, which is no capability of a marking context; known: ${capabilities.join(", ")}`,
      );
    }
  }
  return uses as readonly MarkingUse[];
}

/**
 * The part of `offered` that policy `kind` asked for in `uses`, and nothing else. A needed
 * capability its caller does not offer is a `KindError` naming both.
 */
export function grantContext(kind: string, uses: readonly MarkingUse[], offered: Partial<MarkingContext>): object {
  const granted: Record<string, unknown> = {};
  for (const use of uses) {
    const capability = capabilityOf(use);
    const value = offered[capability];
    if (value !== undefined) granted[capability] = value;
    else if (capability === use) {
      const offers = capabilities.filter((name) => offered[name] !== undefined);
      throw new KindError(
        "marking.kind",
        `marking.kind: ${formatValue(kind)} uses the context's "${capability}", which its caller does not offer (offered: ${offers.length === 0 ? "none" : offers.join(", ")})`,
      );
    }
  }
  return Object.freeze(granted);
}
