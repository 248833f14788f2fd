import type { SwitchView } from "@losslab/core";
import { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
import type { MarkingDefinition } from "./marking-definition.js";

/** Scenario spec of the baseline that marks nothing. */
export interface NoMarkingSpec {
  readonly kind: "none";
}

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

/** Registry entry (create-marking.ts). */
export const noMarkingDefinition: MarkingDefinition<NoMarkingSpec> = {
  kind: "none",
  parameters: [],
  create: () => noMarking(),
};
