export { BitmapSpraying } from "./bitmap-spraying.js";
export { type EntropyPolicySpec, entropyPolicies } from "./entropy-policies.js";
export {
  defineEntropyPolicy,
  type EntropyPolicy,
  type EntropyPolicyDefinition,
  type EntropyPolicyFactory,
  MAX_ENTROPIES,
} from "./entropy-policy.js";
export type { FlowOptions, FlowState } from "./flow.js";
export { type DeliveryListener, HostAdapter } from "./host-adapter.js";
export type { HostAdapterOptions } from "./host-adapter-options.js";
export { MixedSpraying } from "./mixed-spraying.js";
export { ObliviousSpraying } from "./oblivious-spraying.js";
export { OversubscribedCc, type OversubscribedCcOptions } from "./oversubscribed-cc.js";
export type { ReceiverCreditOptions } from "./receiver-credit-options.js";
export { Reps } from "./reps.js";
export type { RecoveryCounts } from "./retransmission.js";
export { RoundRobinSpraying } from "./round-robin-spraying.js";
