/**
 * The core vocabulary: packets from a per-simulation factory, congestion bits, and the
 * credit account a sender keeps for the buffer it feeds.
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/core/examples/basic.ts
 * (Outside this repository, import from "@losslab/core" instead of the source.)
 */
import {
  CongestionBit,
  CreditAccount,
  creditsFor,
  hasBit,
  type LosslessViolation,
  PacketFactory,
  PacketKind,
} from "../src/index.js";

const packets = new PacketFactory(); // one per simulation: ids start at 0
const data = packets.create({
  kind: PacketKind.Data,
  flow: 0,
  source: 0,
  destination: 5,
  size: 2068,
  seq: 0,
  createdAt: 0,
});
console.log(`packet ${data.id}: ${data.size} B, ${creditsFor(data.size, 64)} credit blocks of 64 B`);

// A switch marks it; the destination's ACK echoes the mark (ECN + BECN).
data.bits |= CongestionBit.Ecn;
console.log(`marked: ${hasBit(data, CongestionBit.Ecn)}`);

// The sender's view of a downstream input buffer of 2 data packets (66 blocks).
const credits = new CreditAccount(2 * creditsFor(2068, 64), 64, "H0->S");
for (let i = 0; i < 3; i++) {
  if (credits.canSend(2068)) {
    credits.consume(2068);
    console.log(`send packet ${i}: ${credits.credits} blocks left`);
  } else {
    console.log(`packet ${i} waits: ${credits.credits} blocks left, it needs 33`);
  }
}
credits.restore(33); // the first packet's last byte left the switch buffer
console.log(`after a return of 33 blocks: can send = ${credits.canSend(2068)}`);

// Breaking a lossless invariant throws at once.
try {
  credits.restore(100);
} catch (error) {
  console.log(`${(error as Error).name}: ${(error as LosslessViolation).message}`);
}
