import type { Scenario } from "./schema.js";

/** A flow group's window (packets) and rate limit (bytes/s); either absent: no limit. */
export interface GroupLimits {
  window?: number;
  rate?: number;
}

/**
 * The sink's `limitsOf`: a group's own limits (`limits.groups`), else the scenario's
 * defaults, worked out once per group (a reopened per-destination queue asks for its group's
 * limits with every message).
 */
export function groupLimits(scenario: Scenario): (group: string) => GroupLimits {
  const known = new Map<string, GroupLimits>();
  const bandwidth = scenario.topology.bandwidth;
  return (group) => {
    let limits = known.get(group);
    if (limits === undefined) {
      const own = scenario.limits.groups[group] ?? {};
      const window = own.window ?? scenario.limits.window;
      const rate = own.rate ?? scenario.limits.rate;
      limits = {
        ...(window === undefined ? {} : { window }),
        ...(rate === undefined ? {} : { rate: rate * bandwidth }),
      };
      known.set(group, limits);
    }
    return limits;
  };
}
