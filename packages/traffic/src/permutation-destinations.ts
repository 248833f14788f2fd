import { formatValue } from "@losslab/core";
import type { RandomStream } from "@losslab/engine";
import { optionalHostList, type SpecFields } from "./check-spec.js";
import type { DestinationPattern } from "./destination-pattern.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

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
export function permutationDestinations(spec: SpecFields, path: string): DestinationPattern {
  const listed = optionalHostList(spec.hosts, `${path}.hosts`);
  return {
    bind(scope, sources, sourceField) {
      scope.checkHosts(listed, `${path}.hosts`);
      const hosts = listed ?? scope.hosts;
      if (hosts.length < 2) {
        throw new TrafficSpecError(
          `${path}.hosts`,
          `${path}.hosts: a permutation without fixed points needs at least 2 hosts, got ${hosts.length}`,
        );
      }
      const members = new Set(hosts);
      sources.forEach((source, index) => {
        if (!members.has(source)) {
          throw new TrafficSpecError(
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
