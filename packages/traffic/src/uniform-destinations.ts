import { formatValue } from "@losslab/core";
import { type InputOf, KindError } from "@losslab/kinds";
import { distinctHosts } from "./check-spec.js";
import { type DestinationPattern, defineDestinationPattern } from "./destination-pattern.js";
import { hostList } from "./traffic-parameters.js";

const uniformParameters = {
  hosts: { ...hostList, optional: true, description: "the candidate destinations (default: every host)" },
} as const;

/**
 * Uniform random destinations (ferrer-2012 Table 3, "Uniform"): each message picks one of
 * the candidate hosts other than its source, all equally likely. Stream per source:
 * `traffic/<name>/<source>/destinations`, one draw per message.
 */
export function uniformDestinations(
  { hosts: listed }: InputOf<typeof uniformParameters>,
  path: string,
): DestinationPattern {
  distinctHosts(listed, `${path}.hosts`);
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
          throw new KindError(
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

/** Registry entry (destination-patterns.ts). */
export const uniformDestinationsDefinition = defineDestinationPattern({
  kind: "uniform",
  description: "each message to one of `hosts` other than its source, uniformly (ferrer-2012 Table 3)",
  parameters: uniformParameters,
  create: (values, { path }) => uniformDestinations(values, path),
});
