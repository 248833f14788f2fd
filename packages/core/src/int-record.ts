import type { Time } from "@losslab/engine";

/**
 * One hop's in-band network telemetry (INT) record: what a switch's egress port said when a
 * data packet left it (HPCC, Li et al., SIGCOMM 2019, sec. 3 and 4.1: qLen, txBytes, ts, B).
 * The same shape as `@losslab/response`'s `TelemetryRecord`, so an adapter passes records on
 * as they are (core may not import response).
 */
export interface IntRecord {
  /** qLen: bytes waiting for the port when the packet left (the switch README says which, per organisation). */
  readonly queueLength: number;
  /** txBytes: wire bytes the port had started sending before this packet, cumulative. */
  readonly txBytes: number;
  /** ts: when the packet started on the port's link, picoseconds. */
  readonly timestamp: Time;
  /** B: the port's link bandwidth, bytes/s. */
  readonly bandwidth: number;
}
