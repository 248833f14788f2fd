/**
 * Bytes in time bins and the papers' 2 ms centred sliding window: a 1 GB/s link that
 * carries a 2068 B packet back to back for 5 ms, then one every other slot (50 %).
 * Run from the repository root: node --conditions=@losslab/source --import tsx packages/metrics/examples/basic.ts
 * (Outside this repository, import from "@losslab/metrics" instead of the source.)
 */
import { ms, toMs, us } from "@losslab/engine";
import { ByteCounter, slidingWindow } from "../src/index.js";

const slot = 2_068_000; // ps on the wire per packet at 1 GB/s
const end = ms(10);
const link = new ByteCounter(us(10), end); // 10 us bins over 10 ms
for (let start = 0, k = 0; start + slot <= end; start += slot, k++) {
  const busy = start < ms(5) || k % 2 === 0;
  if (busy) link.add(start + slot, 2068); // a packet counts when its last byte has left
}

console.log(`total ${link.total} B; ${link.bins.length} bins of ${toMs(link.binWidth) * 1000} us`);
console.log(`mean utilization 0-5 ms: ${(link.rate(0, ms(5)) / 1e9).toFixed(3)}`);
console.log(`mean utilization 5-10 ms: ${(link.rate(ms(5), end) / 1e9).toFixed(3)}`);

console.log("2 ms window centred every 1 ms (fraction of 1 GB/s):");
for (const [time, value] of slidingWindow(link, { window: ms(2), step: ms(1), per: 1e9 })) {
  console.log(`  ${toMs(time).toFixed(1)} ms  ${value.toFixed(3)}`);
}
