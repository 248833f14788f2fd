import type { Engine } from "@losslab/engine";
import { PS_PER_MS } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";

/** One congestion notification a switch sent. */
export interface Notification {
  timeMs: number;
  /** The culprit's flow. */
  flow: number;
  /** The switch whose congestion point sent it. */
  switch: string;
  /** QntzFb, 0..63. */
  feedback: number;
}

/**
 * The congestion notifications the switches of `fabric` send sources (QCN CNMs), in time
 * order, as they are sent: listened to on every switch.
 */
export function logNotifications(engine: Engine, fabric: Fabric): Notification[] {
  const notifications: Notification[] = [];
  for (const [name, device] of fabric.switches) {
    device.onNotification((frame) =>
      notifications.push({
        timeMs: engine.now / PS_PER_MS,
        flow: device.packets.flow(frame),
        switch: name,
        feedback: device.packets.feedback(frame),
      }),
    );
  }
  return notifications;
}
