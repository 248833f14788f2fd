/**
 * The switch of an imported scenario: the HPCC artifact's (switch-mmu.cc), a shared buffer
 * with PFC at a dynamic threshold of 1/8 of the free pool, built as the datacenter presets
 * build it (@losslab/reproductions `datacenterSwitch`).
 */
import { DEFAULT_PAUSE_REACTION_DELAY } from "@losslab/core";
import { datacenterPackets, datacenterSwitch } from "@losslab/reproductions";
import type { ScenarioInput } from "@losslab/scenario";
import { pauseHeadroom } from "@losslab/switch";
import type { Topology } from "@losslab/topology";

/** switch-mmu's PFC alpha at ports of the hosts' rate: the free pool shifted right by 3. */
const PFC_ALPHA = 1 / 8;

/**
 * The shared-buffer switch of `bufferBytes` for `topology`'s switches. Each input's headroom
 * is the larger of third.cc's (3 x rate x delay of its link) and losslab's rule
 * (`pauseHeadroom`: what can still arrive after XOFF, PAUSE reaction included), so that the
 * import is lossless in losslab too; the largest over all links, as one value serves every input.
 */
export function importedSwitch(
  topology: Topology,
  bufferBytes: number,
  packets: { dataBytes: number; wireOverheadBytes: number } = datacenterPackets,
): ScenarioInput["switch"] {
  const headroom = Math.max(
    ...topology.links.map((link) => {
      const ns3 = 3 * link.bandwidth * (link.delayPs / 1e12);
      const losslab = pauseHeadroom({
        bandwidth: link.bandwidth,
        delay: link.delayPs,
        reverseDelay: link.delayBackPs ?? link.delayPs,
        maxPacketBytes: packets.dataBytes,
        overheadBytes: packets.wireOverheadBytes,
        reactionDelay: DEFAULT_PAUSE_REACTION_DELAY,
      });
      return Math.max(ns3, losslab);
    }),
  );
  const ports = Math.max(1, ...topology.nodes.filter((node) => node.kind === "switch").map((node) => node.ports));
  return datacenterSwitch("shared-buffer", {
    // datacenterSwitch reserves a quarter of inputBufferBytes as each input's headroom.
    inputBufferBytes: 4 * Math.ceil(headroom / 64) * 64,
    outputBufferBytes: 0,
    profile: { bufferBytes, pfcAlpha: PFC_ALPHA },
    ports,
  });
}
