// A losslab marking policy defined outside the losslab repository: DCTCP's step marking
// (Alizadeh et al., "Data Center TCP (DCTCP)", SIGCOMM 2010, sec. 3.1): "mark the arriving
// packet with the CE codepoint if the queue occupancy is greater than K upon its arrival".
// losslab's congestion points judge a packet as it leaves (`packetDeparting`), with the
// bytes queued behind it; this policy does the same, so the decision sees the queue the
// packet leaves, as RED's egress marking in DCQCN does.
import { countedFactory, defineMarkingPolicy, markPacket, outputQueue } from "@losslab/marking";

/**
 * The policy's one parameter: K, in maximum-size packets. DCTCP's guideline is K > C x RTT / 7
 * (sec. 3.4); the paper runs K = 20 packets at 1 Gb/s and 65 at 10 Gb/s.
 */
const parameters = {
  thresholdPackets: {
    type: "integer",
    min: 1,
    max: 1_000_000,
    default: 20,
    description:
      "K: a data packet leaving a port with more than K maximum-size packets' bytes queued behind it is marked",
  },
};

/**
 * Bytes of the packets queued for `output` behind `packet` (the one leaving). A packet is a
 * slot number: its fields are read through the switch's `view.packets` (@losslab/core's
 * `PacketReader`), and neither it nor the queue's array is kept beyond this call.
 */
function bytesBehind(view, output, packet) {
  const packets = view.packets;
  let bytes = -packets.size(packet);
  for (const queued of outputQueue(view, output)) bytes += packets.size(queued);
  return bytes;
}

export default defineMarkingPolicy({
  kind: "dctcp-step",
  description: "DCTCP's step marking (SIGCOMM 2010 sec. 3.1): ECN on data packets leaving a queue above K packets",
  parameters,
  create: ({ thresholdPackets }) =>
    countedFactory("dctcp-step", (view) => {
      const limit = thresholdPackets * view.maxPacketBytes;
      const policy = {
        switchName: view.name,
        marked: 0,
        packetDeparting(packet, _input, output) {
          if (bytesBehind(view, output, packet) > limit && markPacket(view.packets, packet)) policy.marked++;
        },
      };
      return policy;
    }),
});
