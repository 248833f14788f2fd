export { formatValue } from "@losslab/kinds";
export {
  type ArrivalListener,
  type CreditListener,
  type CreditReceiver,
  type Device,
  type InboundLink,
  MAX_VLS,
  type OutboundLink,
  type PacketReceiver,
  type TransmissionListener,
} from "./channel.js";
export {
  CLASS_SCHEDULINGS,
  ClassScheduler,
  type ClassSchedulerOptions,
  type ClassScheduling,
  type ClassServer,
} from "./class-scheduler.js";
export { closestName, didYouMean } from "./closest-name.js";
export { CreditAccount, creditsFor, DEFAULT_CREDIT_BYTES } from "./credit-account.js";
export {
  CREDIT_COUNTER_MODULO,
  CREDIT_UPDATE_FRAME_BYTES,
  CreditUpdateCounters,
  createCreditUpdate,
} from "./credit-update-frame.js";
export type { IntRecord } from "./int-record.js";
export { LosslessViolation } from "./lossless-violation.js";
export type { MarkingPolicy, MarkingPolicyFactory, SwitchView } from "./marking.js";
export {
  CongestionBit,
  type Packet,
  type PacketFields,
  PacketKind,
  type PacketRecord,
  TransportFlag,
} from "./packet.js";
export type { PacketReader } from "./packet-reader.js";
export { PacketStore, RECORD_FLOATS, RECORD_INTS, type ReleasedPackets } from "./packet-store.js";
export {
  applyPause,
  createPauseFrame,
  DEFAULT_PAUSE_REACTION_DELAY,
  isPaused,
  PAUSE_FRAME_BYTES,
  PAUSE_PRIORITIES,
  XOFF_QUANTA,
} from "./pause-frame.js";
export { removeAt } from "./remove-at.js";
export { VlArbitration } from "./vl-arbitration.js";
