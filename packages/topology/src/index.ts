export type { Channel } from "./channel.js";
export { channelDependencyCycle, isDeadlockFree } from "./channel-dependencies.js";
export {
  createTopology,
  type LinkSpec,
  type NodeSpec,
  type TopologySpec,
} from "./create-topology.js";
export { customDefinition } from "./custom-topology.js";
export {
  type DragonflyOptions,
  dragonfly,
  dragonflyDefinition,
  dragonflyRouting,
} from "./dragonfly.js";
export { dragonflyDependencyCycle, dragonflyVls } from "./dragonfly-dependencies.js";
export {
  DRAGONFLY_ARRANGEMENTS,
  type DragonflyArrangement,
  DragonflyShape,
  type DragonflySize,
  dragonflyRouterName,
} from "./dragonfly-shape.js";
export { ecmpPort, ecmpSalt, entropyHash, type Forwarding, flowHash } from "./ecmp.js";
export { type FatTreeOptions, fatTree, fatTreeDefinition } from "./fat-tree.js";
export { type HtsimFatTree, htsimFatTreeDefinition, parseHtsimFatTree } from "./htsim-fat-tree.js";
export { type KAryNFlyOptions, kAryNFly, kAryNFlyDefinition } from "./k-ary-n-fly.js";
export { type KAryNTreeOptions, kAryNTree, kAryNTreeDefinition } from "./k-ary-n-tree.js";
export { DEFAULT_BANDWIDTH, DEFAULT_DELAY_PS, type LinkOptions } from "./link-options.js";
export { type Ns3Topology, ns3HpccDefinition, parseNs3Topology } from "./ns3-hpcc-topology.js";
export { ns3DataRate, ns3Time } from "./ns3-units.js";
export { type Partition, PartsLimitError, partitionTopology } from "./partition.js";
export { buildRoutes, type RouteHop, type Routes } from "./routes.js";
export type { DragonflyLanes, DragonflyRoutingAlgorithm, Routing } from "./routing.js";
export { type SingleSwitchOptions, singleSwitch, singleSwitchDefinition } from "./single-switch.js";
export { type SpineLeafOptions, spineLeaf, spineLeafDefinition } from "./spine-leaf.js";
export { type CheckedTopologyKindSpec, type TopologyKind, type TopologyKindSpec, topologies } from "./topologies.js";
export type { LinkEnd, NodeKind, Topology, TopologyLink, TopologyNode } from "./topology.js";
export { type LinkEndSpec, TopologyBuilder } from "./topology-builder.js";
export {
  defineTopology,
  type FabricSize,
  type MultistageNetwork,
  type TopologyContext,
  type TopologyDefinition,
  type TopologyTraits,
} from "./topology-definition.js";
export { TopologyError } from "./topology-error.js";
export { topologyFromJSON } from "./topology-from-json.js";
export { topologyToJSON } from "./topology-to-json.js";
export { type TwoSwitchOptions, twoSwitch, twoSwitchDefinition } from "./two-switch.js";
export { validateTopology } from "./validate-topology.js";
