import { destinationPatterns } from "./destination-patterns.js";
import type { NestedTrafficKinds } from "./generator-definition.js";
import { sizeDistributions } from "./message-size.js";

/** The built-in destination patterns and size distributions: what generators build their nested specs with by default. */
export const nestedTrafficKinds: NestedTrafficKinds = Object.freeze({
  destination: destinationPatterns,
  size: sizeDistributions,
});
