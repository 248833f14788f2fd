/**
 * @losslab/response: source response functions (AIMD, FIMD, LIPD and your own), the design
 * conditions they are built on, and per-flow congestion controllers, each defined once as a
 * controller kind (@losslab/kinds, its only dependency).
 */

export { KindError } from "@losslab/kinds";
export { type AimdOptions, aimd } from "./aimd.js";
export {
  type CheckConditionsOptions,
  type ConditionNumber,
  type ConditionReport,
  type ConditionResult,
  type ConditionViolation,
  checkConditions,
} from "./check-conditions.js";
export { type CctEntry, cctDelay, DEFAULT_CCT, MAX_CCT_ENTRIES } from "./congestion-control-table.js";
export { continuousRate } from "./continuous-rate.js";
// Controllers
export type {
  AckEvent,
  CnpEvent,
  Controller,
  ControllerFactory,
  FlowInfo,
  LimitingFactor,
  LossEvent,
  SendEvent,
  TelemetryRecord,
} from "./controller.js";
export {
  type ControllerContext,
  type ControllerDefinition,
  type ControllerMade,
  type ControllerNetwork,
  type ControllerTraits,
  defineController,
  everyFlow,
} from "./controller-definition.js";
export { type ControllerKind, type ControllerSpec, controllers } from "./controllers.js";
export { type DcqcnController, type DcqcnParameters, dcqcn } from "./dcqcn.js";
export {
  type DerivationFit,
  type DerivedResponseFunction,
  type DeriveIncreaseOptions,
  deriveIncrease,
} from "./derive-increase.js";
export { type DiscreteRate, type DiscreteRateOptions, discreteRate } from "./discrete-rate.js";
export { type FimdOptions, fimd } from "./fimd.js";
export { type HpccController, type HpccParameters, hpcc } from "./hpcc.js";
export { type HybridController, type HybridParameters, hybrid } from "./hybrid.js";
export { type IbCcaController, type IbCcaParameters, ibCca } from "./ib-cca.js";
// Design theory
export { incrementCurve, type TimeOptions } from "./increment-curve.js";
export type { IpdRateParameters } from "./ipd-rate-table.js";
// Discrete rates
export { ipdRates, MAX_IPD } from "./ipd-rates.js";
export { type LipdOptions, lipd } from "./lipd.js";
export { type MvcmController, type MvcmParameters, mvcm } from "./mvcm.js";
export { type MvcmNetwork, mvcmRoundTrip, mvcmWindow } from "./mvcm-window.js";
export { NSCC_REFERENCE_BDP, type NsccController, type NsccParameters, nscc } from "./nscc.js";
export { type PerAckParameters, perAck, type RateMode } from "./per-ack.js";
export {
  MAX_QCN_FEEDBACK,
  type QcnController,
  type QcnHalving,
  type QcnParameters,
  type QcnPhase,
  qcn,
  type RateIncreaseParameters,
} from "./qcn.js";
export type { RangeOptions } from "./range.js";
export type { RateLimit } from "./rate-limit.js";
export { type RateTable, type RateTableOptions, rateTable } from "./rate-table.js";
export { recoveryTime } from "./recovery-time.js";
export { type ResponseFromCurveOptions, responseFromCurve } from "./response-from-curve.js";
// Response functions
export type {
  IncrementCurve,
  RateRange,
  ResponseFunction,
  ResponseParameters,
} from "./response-function.js";
export {
  isResponseName,
  type ResponseBuilder,
  type ResponseFunctionOptions,
  type ResponseName,
  type ResponseSpec,
  responseFunction,
  responseFunctionNames,
} from "./response-registry.js";
export { type TimelyController, type TimelyParameters, timely } from "./timely.js";
export { type TurnerRateController, type TurnerRateParameters, turnerRate } from "./turner-rate.js";
