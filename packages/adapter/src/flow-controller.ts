/**
 * What the adapter needs of a congestion controller: a rate limit and a window, updated
 * by feedback. Controllers from `@losslab/response` satisfy it; the adapter knows nothing
 * of how they decide.
 */
export interface FlowController {
  /** Current rate limit in bytes per second (Infinity: none). */
  readonly rate: number;
  /** Current window in packets (Infinity: none). */
  readonly window: number;
  /** An ACK came back; `marked` when it echoes an ECN mark. */
  onAck(ack: { marked: boolean; bytes: number; seq: number }): void;
}
