import type { MarkingPolicy, MarkingPolicyFactory, SwitchView } from "@losslab/core";

/** A marking policy attached to one switch, counting the packets it marked. */
export interface CountedMarkingPolicy extends MarkingPolicy {
  /** The name of the switch this policy is attached to (its view's `name`). */
  readonly switchName: string;
  /**
   * Data packets this policy marked (set `CongestionBit.Ecn` on; MB, `CongestionBit.Marked`,
   * for `mvpm`), each counted once. A packet that already carried the bit from an upstream
   * switch still counts: the count is this switch's marking decisions.
   */
  readonly marked: number;
}

/**
 * A `MarkingPolicyFactory` that remembers the policies it built, so metrics can read their
 * counters after a run. Build one factory per simulation (`createMarking` or a policy
 * function such as `naive()`): the totals cover every switch the factory was attached to.
 *
 * @example
 * const marking = inputTriggered();
 * const sw = new InputBufferedSwitch(engine, { ...options, marking });
 * // ... run ...
 * marking.marked; // packets marked at all switches
 * marking.policies.map((p) => [p.switchName, p.marked]);
 */
export interface CountedMarkingFactory<Policy extends CountedMarkingPolicy = CountedMarkingPolicy>
  extends MarkingPolicyFactory {
  (view: SwitchView): Policy;
  /** The registry name of the policy (`"input-triggered"`, ...). */
  readonly kind: string;
  /** Packets marked by all the policies built so far, summed. */
  readonly marked: number;
  /** The policies built so far, one per switch, in the order the switches were built. */
  readonly policies: readonly Policy[];
}

/** Wraps a per-switch constructor into a `CountedMarkingFactory`. For policy modules. */
export function countedFactory<Policy extends CountedMarkingPolicy>(
  kind: string,
  build: (view: SwitchView) => Policy,
): CountedMarkingFactory<Policy> {
  const policies: Policy[] = [];
  const factory = (view: SwitchView): Policy => {
    const policy = build(view);
    policies.push(policy);
    return policy;
  };
  return Object.defineProperties(factory, {
    kind: { value: kind, enumerable: true },
    marked: { get: () => policies.reduce((sum, policy) => sum + policy.marked, 0), enumerable: true },
    policies: { value: policies, enumerable: true },
  }) as CountedMarkingFactory<Policy>;
}
