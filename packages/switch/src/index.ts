export { CioqSwitch, type CioqSwitchOptions } from "./cioq-switch.js";
export { createSwitch } from "./create-switch.js";
export {
  type CreditFlowControl,
  FLOW_CONTROL_KINDS,
  type FlowControl,
  type PauseFlowControl,
} from "./flow-control.js";
export { InputBufferedSwitch, type InputBufferedSwitchOptions } from "./input-buffered-switch.js";
export { InputQueuedSwitch, type InputQueuedSwitchOptions } from "./input-queued-switch.js";
export { Link, type LinkOptions } from "./link.js";
export { OUTPUT_ORDERS, type OutputOrder } from "./output-order.js";
export { type PauseHeadroomOptions, pauseHeadroom } from "./pause-headroom.js";

export {
  SWITCH_ORGANISATIONS,
  type SwitchModel,
  type SwitchModelOptions,
  type SwitchOptions,
  type SwitchOrganisation,
} from "./switch-model.js";
