export { type AdaptiveEcmpOptions, adaptiveEcmpRouter } from "./adaptive-ecmp-router.js";
export { type CbfcFlowControl, cbfcDefinition, DEFAULT_CREDIT_UPDATE_PERIOD_NS } from "./cbfc-flow-control.js";
export { CioqSwitch, type CioqSwitchOptions, cioqDefinition } from "./cioq-switch.js";
export { createSwitch } from "./create-switch.js";
export { type CreditFlowControl, creditsDefinition } from "./credit-flow-control.js";
export { type DragonflyRouterOptions, dragonflyRouter } from "./dragonfly-router.js";
export {
  type ControlledBuffers,
  type CreditUpdateSettings,
  defineFlowControl,
  type FlowControlDefinition,
  type FlowControlOption,
  type FlowControlTraits,
  type InboundTiming,
  type PauseSettings,
} from "./flow-control.js";
export { type FlowControl, type FlowControlSpec, flowControlOf, flowControls, inputSettings } from "./flow-controls.js";
export { HeldBytesMismatch } from "./held-bytes.js";
export {
  InputBufferedSwitch,
  type InputBufferedSwitchOptions,
  inputBufferedDefinition,
} from "./input-buffered-switch.js";
export {
  fifoDefinition,
  InputQueuedSwitch,
  type InputQueuedSwitchOptions,
  voqDefinition,
} from "./input-queued-switch.js";
export type { Lanes } from "./lanes.js";
export { Link, type LinkCrossing, type LinkOptions } from "./link.js";
export { OUTPUT_ORDERS, type OutputOrder } from "./output-order.js";
export type { OutputQueueState, PacketRouter, PacketRouterFactory } from "./packet-router.js";
export type { TrimmingCounts } from "./packet-trimming.js";
export { type PauseFlowControl, pauseDefinition } from "./pause-flow-control.js";
export { type PauseHeadroomOptions, pauseHeadroom } from "./pause-headroom.js";
export {
  checkSharedBuffer,
  DEFAULT_PFC_ALPHA,
  DEFAULT_SHARED_BUFFER_BYTES,
  DEFAULT_TRIM_THRESHOLD_BYTES,
  DEFAULT_TRIMMED_BYTES,
  type SharedBufferOptions,
  type SharedBufferSettings,
  sharedBufferParameters,
} from "./shared-buffer-options.js";
export {
  SharedBufferSwitch,
  type SharedBufferSwitchOptions,
  sharedBufferDefinition,
} from "./shared-buffer-switch.js";
export type { SwitchModel, SwitchOptions } from "./switch-model.js";
export {
  defineSwitchOrganisation,
  type SwitchContext,
  type SwitchOrganisationDefinition,
  type SwitchTraits,
} from "./switch-organisation.js";
export {
  SWITCH_ORGANISATIONS,
  type SwitchModelOptions,
  type SwitchOrganisation,
  type SwitchOrganisationSpec,
  type SwitchOrganisationValues,
  switchOrganisations,
} from "./switch-organisations.js";
export {
  commonSwitchOptions,
  DEFAULT_BUFFER_PACKETS,
  inputBufferBytesOf,
  type SwitchValues,
  switchParameters,
} from "./switch-parameters.js";
export { type VlOptions, vlLanes, vlParameters } from "./vl-parameters.js";
