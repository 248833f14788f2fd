import { formatValue } from "@losslab/core";
import { KindError } from "@losslab/kinds";
import { type DestinationPattern, defineDestinationPattern } from "./destination-pattern.js";
import { hostId } from "./traffic-parameters.js";

/** Every message to one host (a hot spot, an incast); draws no random numbers. */
export function fixedDestination({ destination }: { destination: string }, path: string): DestinationPattern {
  return {
    bind(scope, sources, sourceField) {
      scope.checkHost(destination, `${path}.destination`);
      sources.forEach((source, index) => {
        if (source === destination) {
          throw new KindError(
            sourceField(index),
            `${sourceField(index)}: source ${formatValue(source)} is also ${path}.destination; a host never sends to itself`,
          );
        }
      });
      return () => destination;
    },
  };
}

/** Registry entry (destination-patterns.ts). */
export const fixedDestinationDefinition = defineDestinationPattern({
  kind: "fixed",
  description: "every message to one host",
  parameters: { destination: { ...hostId, description: "the host every message goes to" } },
  create: (values, { path }) => fixedDestination(values, path),
});
