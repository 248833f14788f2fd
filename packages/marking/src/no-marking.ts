import type { SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import { defineMarkingPolicy } from "./marking-definition.js";

/**
 * The baseline: marks nothing. Its policies have no hooks at all, so a switch does no
 * marking work (the input-buffered switch does not even schedule its full-buffer checks).
 *
 * @example
 * createMarking({ kind: "none" }); // the same as noMarking()
 */
export function noMarking(): CountedMarkingFactory {
  return countedFactory("none", (view: SwitchView): CountedMarkingPolicy => ({ switchName: view.name, marked: 0 }));
}

/** Registry entry (marking-policies.ts). */
export const noMarkingDefinition = defineMarkingPolicy({
  kind: "none",
  description: "the baseline: marks nothing",
  parameters: {},
  create: () => noMarking(),
});
