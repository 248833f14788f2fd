export type { FlowOptions, FlowState } from "./flow.js";
export { type DeliveryListener, HostAdapter, type HostAdapterOptions } from "./host-adapter.js";
