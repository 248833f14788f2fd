export type { CountedMarkingFactory, CountedMarkingPolicy } from "./counted-marking-factory.js";
export { createMarking, type MarkingKind, type MarkingSpec, markingKinds } from "./create-marking.js";
export {
  type InputOutputTriggeredOptions,
  type InputOutputTriggeredSpec,
  inputOutputTriggered,
} from "./input-output-triggered.js";
export { type CounterMarkingPolicy, type InputTriggeredSpec, inputTriggered } from "./input-triggered.js";
export { MarkingSpecError } from "./marking-spec-error.js";
export { type NaiveSpec, naive } from "./naive.js";
export { type NoMarkingSpec, noMarking } from "./no-marking.js";
