export {
  type DeliveryListener,
  type FlowOptions,
  type FlowState,
  HostAdapter,
  type HostAdapterOptions,
} from "./host-adapter.js";
