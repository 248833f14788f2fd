export { KindError } from "@losslab/kinds";
export type { ThresholdUnit } from "./buffer-threshold.js";
export { type CountedMarkingFactory, type CountedMarkingPolicy, countedFactory } from "./counted-marking-factory.js";
export { type IbCcaOptions, ibCca, ibCcaThresholdFraction } from "./ib-cca.js";
export {
  type InputOutputTriggeredOptions,
  inputOutputTriggered,
} from "./input-output-triggered.js";
export { type CounterMarkingPolicy, inputTriggered } from "./input-triggered.js";
export { type IpmOptions, ipm } from "./ipm.js";
export { markPacket } from "./mark-packet.js";
export type {
  GrantedContext,
  MarkingCapability,
  MarkingContext,
  MarkingTimers,
  MarkingUse,
} from "./marking-context.js";
export {
  defineMarkingPolicy,
  type MarkingDefinition,
  type MarkingPolicyDefinition,
  type MarkingTraits,
} from "./marking-definition.js";
export { createMarking, type MarkingKind, type MarkingSpec, markingPolicies } from "./marking-policies.js";
export { type MvpmMarkingFactory, type MvpmOptions, type MvpmPolicy, mvpm } from "./mvpm.js";
export { naive } from "./naive.js";
export { noMarking } from "./no-marking.js";
export { type OpmOptions, opm } from "./opm.js";
export { outputQueue } from "./output-queue.js";
export {
  type QcnCulprit,
  type QcnMarkingFactory,
  type QcnOptions,
  type QcnPlacement,
  type QcnPolicy,
  type QcnSampling,
  qcn,
} from "./qcn.js";
export { qcnFeedback, qcnSampleInterval, quantizeQcnFeedback } from "./qcn-feedback.js";
export { markProbability, type RedOptions, red } from "./red.js";
export { type TurnerContext, type TurnerMarkingFactory, type TurnerPolicy, turner } from "./turner.js";
