import { formatValue } from "@losslab/core";
import { KindError } from "@losslab/kinds";
import type { GeneratorContext, TrafficGenerator } from "./traffic-sink.js";

/**
 * Starts several generators in one simulation, in order, after checking that their names
 * differ: a generator's name prefixes its RNG streams (`traffic/<name>/...`), so two with one
 * name would draw from the same streams. Give each a `name` when a scenario has two of a kind.
 *
 * @example
 * startGenerators([createGenerator(uniform), createGenerator({ ...hot, name: "hot" })], context);
 */
export function startGenerators(generators: readonly TrafficGenerator[], context: GeneratorContext): void {
  const names = new Map<string, number>();
  generators.forEach((generator, index) => {
    const first = names.get(generator.name);
    if (first !== undefined) {
      throw new KindError(
        `traffic[${index}].name`,
        `traffic[${index}].name: ${formatValue(generator.name)} is also the name of traffic[${first}]; generators in one simulation need distinct names (they name the RNG streams)`,
      );
    }
    names.set(generator.name, index);
  });
  for (const generator of generators) generator.start(context);
}
