import { inputBufferBytesOf as switchInputBufferBytes } from "@losslab/switch";

/**
 * Values a scenario derives from several fields: shared by the cross-field checks (which
 * see the fields before defaults are resolved), the schema's transform and the fabric, so
 * all three agree.
 */

/** The run's length in ms: `durationMs`, or `durationCycles` cycles of `cycleNs`. */
export function durationMsOf(fields: { durationMs?: number; durationCycles?: number; cycleNs?: number }): number {
  return fields.durationMs ?? ((fields.durationCycles ?? 0) * (fields.cycleNs ?? 0)) / 1e6;
}

/** Bytes per second of every link: the topology's, else 1 byte per cycle, else 1e9 (santos-2002 Table 1). */
export function bandwidthOf(fields: { topology: { bandwidth?: number | undefined }; cycleNs?: number }): number {
  return fields.topology.bandwidth ?? (fields.cycleNs === undefined ? 1e9 : 1e9 / fields.cycleNs);
}

/** Input buffer per port in bytes (@losslab/switch's `inputBufferBytesOf`, of the data packets). */
export function inputBufferBytesOf(fields: {
  switch: { inputBufferBytes?: number | undefined; bufferPackets?: number | undefined; creditBytes: number };
  packets: { dataBytes: number };
}): number {
  return switchInputBufferBytes(fields.switch, fields.packets.dataBytes);
}

/**
 * The largest packet a scenario's hosts and switches make, bytes: data, ACKs and CN packets
 * (`ackBytes`), and the congestion notifications of a marking policy that sends them. A
 * switch refuses a larger packet (its `maxPacketBytes` bounds what one arrival can add).
 */
export function largestPacketBytesOf(
  fields: { packets: { dataBytes: number; ackBytes: number; notificationBytes: number } },
  notifies: boolean,
): number {
  const { dataBytes, ackBytes, notificationBytes } = fields.packets;
  return Math.max(dataBytes, ackBytes, notifies ? notificationBytes : 0);
}
