export type { ThresholdUnit } from "./buffer-threshold.js";
export type { CountedMarkingFactory, CountedMarkingPolicy } from "./counted-marking-factory.js";
export { createMarking, type MarkingKind, type MarkingSpec, markingKinds } from "./create-marking.js";
export { type IbCcaOptions, type IbCcaSpec, ibCca, ibCcaThresholdFraction } from "./ib-cca.js";
export {
  type InputOutputTriggeredOptions,
  type InputOutputTriggeredSpec,
  inputOutputTriggered,
} from "./input-output-triggered.js";
export { type CounterMarkingPolicy, type InputTriggeredSpec, inputTriggered } from "./input-triggered.js";
export { type IpmOptions, type IpmSpec, ipm } from "./ipm.js";
export type { MarkingRuntime } from "./marking-runtime.js";
export { MarkingSpecError } from "./marking-spec-error.js";
export { type MvpmMarkingFactory, type MvpmOptions, type MvpmPolicy, type MvpmSpec, mvpm } from "./mvpm.js";
export { type NaiveSpec, naive } from "./naive.js";
export { type NoMarkingSpec, noMarking } from "./no-marking.js";
export { type OpmOptions, type OpmSpec, opm } from "./opm.js";
export {
  type QcnCulprit,
  type QcnMarkingFactory,
  type QcnOptions,
  type QcnPlacement,
  type QcnPolicy,
  type QcnSampling,
  type QcnSpec,
  qcn,
} from "./qcn.js";
export { qcnFeedback, qcnSampleInterval, quantizeQcnFeedback } from "./qcn-feedback.js";
export { markProbability, type RedOptions, type RedSpec, red } from "./red.js";
export { type TurnerMarkingFactory, type TurnerPolicy, type TurnerSpec, turner } from "./turner.js";
