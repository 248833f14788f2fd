export { CioqSwitch, type CioqSwitchOptions } from "./cioq-switch.js";
export { createSwitch } from "./create-switch.js";
export type { CreditFlowControl, FlowControl, PauseFlowControl } from "./flow-control.js";
export {
  creditsDefinition,
  defineFlowControl,
  type FlowControlDefinition,
  type FlowControlSpec,
  flowControls,
  pauseDefinition,
} from "./flow-controls.js";
export { InputBufferedSwitch, type InputBufferedSwitchOptions } from "./input-buffered-switch.js";
export { InputQueuedSwitch, type InputQueuedSwitchOptions } from "./input-queued-switch.js";
export { Link, type LinkOptions } from "./link.js";
export { OUTPUT_ORDERS, type OutputOrder } from "./output-order.js";
export { type PauseHeadroomOptions, pauseHeadroom } from "./pause-headroom.js";

export type { SwitchModel, SwitchModelOptions, SwitchOptions } from "./switch-model.js";
export {
  defineSwitchOrganisation,
  type SwitchContext,
  type SwitchOrganisationDefinition,
  type SwitchTraits,
} from "./switch-organisation.js";
export {
  SWITCH_ORGANISATIONS,
  type SwitchOrganisation,
  type SwitchOrganisationSpec,
  type SwitchOrganisationValues,
  switchOrganisations,
} from "./switch-organisations.js";
