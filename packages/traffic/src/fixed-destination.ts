import { formatValue } from "@losslab/core";
import { type SpecFields, text } from "./check-spec.js";
import type { DestinationPattern } from "./destination-pattern.js";
import { TrafficSpecError } from "./traffic-spec-error.js";

/** Every message to one host (a hot spot, an incast); draws no random numbers. */
export function fixedDestination(spec: SpecFields, path: string): DestinationPattern {
  const destination = text(spec.destination, `${path}.destination`, "a host id");
  return {
    bind(scope, sources, sourceField) {
      scope.checkHost(destination, `${path}.destination`);
      sources.forEach((source, index) => {
        if (source === destination) {
          throw new TrafficSpecError(
            sourceField(index),
            `${sourceField(index)}: source ${formatValue(source)} is also ${path}.destination; a host never sends to itself`,
          );
        }
      });
      return () => destination;
    },
  };
}
