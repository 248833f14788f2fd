import { formatValue } from "@losslab/core";
import type { RandomStream } from "@losslab/engine";
import { type InputOf, KindError } from "@losslab/kinds";
import { distinctHosts } from "./check-spec.js";
import { type DestinationPattern, defineDestinationPattern } from "./destination-pattern.js";
import { hostList } from "./traffic-parameters.js";

const permutationParameters = {
  hosts: { ...hostList, optional: true, description: "the permuted hosts (default: every host); every source is one" },
} as const;

/**
 * A uniformly random derangement of `hosts`: Fisher-Yates shuffles, drawn again until no
 * host maps to itself (about e = 2.72 tries on average).
 */
export function derangement(hosts: readonly string[], stream: RandomStream): Map<string, string> {
  const images = [...hosts];
  for (;;) {
    for (let i = images.length - 1; i > 0; i--) {
      const j = stream.uniformInt(0, i);
      [images[i], images[j]] = [images[j] as string, images[i] as string];
    }
    if (images.every((image, index) => image !== hosts[index])) {
      return new Map(hosts.map((host, index) => [host, images[index] as string]));
    }
  }
}

/**
 * Permutation traffic: one random permutation without fixed points, drawn once per run from
 * the stream `traffic/<name>/permutation`; each source always sends to its image.
 */
export function permutationDestinations(
  { hosts: listed }: InputOf<typeof permutationParameters>,
  path: string,
): DestinationPattern {
  distinctHosts(listed, `${path}.hosts`);
  return {
    bind(scope, sources, sourceField) {
      scope.checkHosts(listed, `${path}.hosts`);
      const hosts = listed ?? scope.hosts;
      if (hosts.length < 2) {
        throw new KindError(
          `${path}.hosts`,
          `${path}.hosts: a permutation without fixed points needs at least 2 hosts, got ${hosts.length}`,
        );
      }
      const members = new Set(hosts);
      sources.forEach((source, index) => {
        if (!members.has(source)) {
          throw new KindError(
            sourceField(index),
            `${sourceField(index)}: source ${formatValue(source)} is not one of the permutation's hosts (${path}.hosts)`,
          );
        }
      });
      const image = derangement(hosts, scope.stream("permutation"));
      return (source) => image.get(source) as string;
    },
  };
}

/** Registry entry (destination-patterns.ts). */
export const permutationDestinationsDefinition = defineDestinationPattern({
  kind: "permutation",
  description:
    "a random permutation of `hosts` without fixed points, drawn once per run; each source sends to its image",
  parameters: permutationParameters,
  create: (values, { path }) => permutationDestinations(values, path),
});
