export type { FlowOptions, FlowState } from "./flow.js";
export { type DeliveryListener, HostAdapter } from "./host-adapter.js";
export type { HostAdapterOptions } from "./host-adapter-options.js";
export type { ReceiverCreditOptions } from "./receiver-credit-options.js";
export type { RecoveryCounts } from "./retransmission.js";
