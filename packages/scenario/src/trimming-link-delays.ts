import { transmissionTime } from "@losslab/engine";
import type { Link } from "@losslab/switch";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/**
 * On a lossy priority a switch trims a data packet in place, or drops it and frees its slot,
 * when its header arrives (`PacketTrimming.judge`), and the switch sending it reads the slot
 * again when its last byte has left (it frees the packet's size from its egress queue and its
 * input's buffer). On a link whose delay is no longer than a data packet's serialization the
 * header arrives first, so the sender reads a trimmed packet, or a slot the store may have
 * given to another packet since. Which packet that is depends on the order of the store's
 * free slots, which differs between the single run's store and a part's (a part copies the
 * packets that cross to it, docs/spec/parallel.md sec. 6): a split run with lossy priorities
 * refuses such a link between two switches, naming it. (`switches`: the devices that are switches.)
 */
export function checkTrimmingLinkDelays(
  links: Iterable<Link>,
  switches: ReadonlySet<unknown>,
  scenario: Scenario,
): void {
  const lossy = (scenario.switch as { lossyPriorities?: readonly number[] }).lossyPriorities;
  if (lossy === undefined || lossy.length === 0) return;
  const bytes = scenario.packets.dataBytes;
  for (const link of links) {
    const serialization = transmissionTime(bytes, link.bandwidth);
    if (!switches.has(link.from) || !switches.has(link.to) || link.delay > serialization) continue;
    throw new ScenarioError(
      `switch.lossyPriorities: on threads every link between two switches must be longer than a data packet's serialization (a switch trims or drops a packet when its header arrives, and the sender reads it again when its last byte has left), but ${link.name} has ${link.delay / 1000} ns against ${serialization / 1000} ns for ${bytes} B at ${(link.bandwidth * 8) / 1e9} Gb/s; run it with --threads 1`,
    );
  }
}
