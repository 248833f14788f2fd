/** What the fixtures' links record of each packet they carry. */
import type { Packet } from "@losslab/core";
import type { Time } from "@losslab/engine";

/** One transmission seen on a link: when its first bit and its last went onto the wire. */
export interface Transmission {
  packet: Packet;
  start: Time;
  end: Time;
}
