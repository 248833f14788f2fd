import { formatValue } from "@losslab/core";
import { optionalHostList, type SpecFields } from "./check-spec.js";
import type { DestinationPattern } from "./destination-pattern.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/**
 * Uniform random destinations (ferrer-2012 Table 3, "Uniform"): each message picks one of
 * the candidate hosts other than its source, all equally likely. Stream per source:
 * `traffic/<name>/<source>/destinations`, one draw per message.
 */
export function uniformDestinations(spec: SpecFields, path: string): DestinationPattern {
  const listed = optionalHostList(spec.hosts, `${path}.hosts`);
  return {
    bind(scope, sources, sourceField) {
      scope.checkHosts(listed, `${path}.hosts`);
      const candidates = listed ?? scope.hosts;
      const choosers = new Map<string, () => string>();
      sources.forEach((source, index) => {
        // Draw among the candidates with the source taken out, without copying the list:
        // the same numbers as `stream.pick(candidates without source)`.
        const self = candidates.indexOf(source);
        const count = self < 0 ? candidates.length : candidates.length - 1;
        if (count === 0) {
          throw new TrafficSpecError(
            sourceField(index),
            `${sourceField(index)}: source ${formatValue(source)} has no uniform destination other than itself (${path}.hosts)`,
          );
        }
        const stream = scope.stream(`${source}/destinations`);
        choosers.set(source, () => {
          const drawn = Math.floor(stream.next() * count);
          return candidates[self >= 0 && drawn >= self ? drawn + 1 : drawn] as string;
        });
      });
      return (source) => (choosers.get(source) as () => string)();
    },
  };
}
