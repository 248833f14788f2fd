export { InputBufferedSwitch, type InputBufferedSwitchOptions } from "./input-buffered-switch.js";
export { Link, type LinkOptions } from "./link.js";
