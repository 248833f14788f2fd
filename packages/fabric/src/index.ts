export { AdapterSink, type AdapterSinkOptions, type FixedFlow, type FlowCompletion } from "./adapter-sink.js";
export {
  buildFabric,
  degradedOutputs,
  type Fabric,
  type FabricOptions,
  type HostSpec,
  outputsTowardHosts,
  type SwitchSpec,
} from "./build-fabric.js";
