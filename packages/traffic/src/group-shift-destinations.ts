import { type InputOf, KindError } from "@losslab/kinds";
import { type DestinationPattern, defineDestinationPattern } from "./destination-pattern.js";

const groupShiftParameters = {
  groupSize: {
    type: "integer",
    min: 1,
    max: 1_000_000,
    description: "hosts per group: the hosts, in the network's order, make groups of this many (a Dragonfly's a·p)",
  },
  shift: {
    type: "integer",
    min: 1,
    max: 1_000_000,
    default: 1,
    description: "group i sends to group i + shift (mod groups)",
  },
} as const;

/**
 * Group shift: the network's hosts, in order, form groups of `groupSize`; every message from
 * a host of group i goes to a uniformly random host of group (i + shift) mod groups. With a
 * Dragonfly's a·p hosts per group and shift 1 it is the worst case of Kim et al. (ISCA 2008
 * sec. 4, "WC"; BookSim2's `bad_dragon`): minimal routing puts all of a group's traffic on the
 * one global link to the next group. Stream per source: `traffic/<name>/<source>/destinations`,
 * one draw per message.
 */
export function groupShiftDestinations(
  { groupSize, shift }: InputOf<typeof groupShiftParameters>,
  path: string,
): DestinationPattern {
  const by = shift ?? 1;
  return {
    bind(scope, sources) {
      const hosts = scope.hosts;
      const groups = hosts.length / groupSize;
      if (!Number.isInteger(groups) || groups < 2) {
        throw new KindError(
          `${path}.groupSize`,
          `${path}.groupSize must divide the ${hosts.length} hosts into at least 2 groups, got ${groupSize}`,
        );
      }
      if (by % groups === 0) {
        throw new KindError(`${path}.shift`, `${path}.shift must not be a multiple of the ${groups} groups, got ${by}`);
      }
      const index = new Map(hosts.map((host, i) => [host, i]));
      const choosers = new Map<string, () => string>();
      for (const source of sources) {
        const first = ((Math.floor((index.get(source) as number) / groupSize) + by) % groups) * groupSize;
        const stream = scope.stream(`${source}/destinations`);
        choosers.set(source, () => hosts[first + Math.floor(stream.next() * groupSize)] as string);
      }
      return (source) => (choosers.get(source) as () => string)();
    },
  };
}

/** Registry entry (destination-patterns.ts). */
export const groupShiftDestinationsDefinition = defineDestinationPattern({
  kind: "group-shift",
  description:
    "hosts in order form groups of `groupSize`; group i sends to a uniform host of group i + `shift` (Kim et al.'s Dragonfly worst case)",
  parameters: groupShiftParameters,
  create: (values, { path }) => groupShiftDestinations(values, path),
});
