import { type CheckedSpecOf, Registry, type SpecOf } from "@losslab/kinds";
import { customDefinition } from "./custom-topology.js";
import { dragonflyDefinition } from "./dragonfly.js";
import { fatTreeDefinition } from "./fat-tree.js";
import { htsimFatTreeDefinition } from "./htsim-fat-tree.js";
import { kAryNFlyDefinition } from "./k-ary-n-fly.js";
import { kAryNTreeDefinition } from "./k-ary-n-tree.js";
import { ns3HpccDefinition } from "./ns3-hpcc-topology.js";
import { singleSwitchDefinition } from "./single-switch.js";
import { spineLeafDefinition } from "./spine-leaf.js";
import type { TopologyDefinition } from "./topology-definition.js";
import { twoSwitchDefinition } from "./two-switch.js";

/** The built-in topology kinds. Adding one: write its module with its definition, then add it here. */
const builtIn = [
  twoSwitchDefinition,
  singleSwitchDefinition,
  kAryNTreeDefinition,
  kAryNFlyDefinition,
  spineLeafDefinition,
  fatTreeDefinition,
  dragonflyDefinition,
  customDefinition,
  ns3HpccDefinition,
  htsimFatTreeDefinition,
] as const;

/**
 * The built-in topology kinds, the only list of them: the scenario schema, its JSON Schema,
 * the size checks and the README's table derive from it. A plugin's kinds join it with
 * `topologies.with([...])`.
 */
export const topologies: Registry<TopologyDefinition> = new Registry<TopologyDefinition>("topology", builtIn);

/** A built-in topology kind as written in a scenario file, e.g. `{ kind: "k-ary-n-tree", k: 4, n: 3 }`. */
export type TopologyKindSpec = SpecOf<(typeof builtIn)[number]>;

/** A built-in topology kind's spec after checking: its defaults filled in. */
export type CheckedTopologyKindSpec = CheckedSpecOf<(typeof builtIn)[number]>;

/** The name of a built-in topology kind. */
export type TopologyKind = TopologyKindSpec["kind"];
