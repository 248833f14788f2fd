/** The smallest switch fixture: two ports, one way through. */
import type { PacketStore } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { InputBufferedSwitch, type InputBufferedSwitchOptions } from "@losslab/switch";
import { DATA_BYTES } from "./santos-link.js";

/** A 2-port switch "S" relaying input 0 to output 1, the port toward host 1 (routes [-1, 1]). */
export function relaySwitch(
  engine: Engine,
  inputBufferBytes: number,
  options: Partial<InputBufferedSwitchOptions> & { packets: PacketStore },
): InputBufferedSwitch {
  return new InputBufferedSwitch(engine, {
    name: "S",
    ports: 2,
    routes: [-1, 1],
    inputBufferBytes,
    maxPacketBytes: DATA_BYTES,
    ...options,
  });
}
