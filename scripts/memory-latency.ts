/**
 * What one cache miss costs on this machine, by working-set size (docs/benchmarks.md, "Cost
 * per hop and fabric size"): `node --import tsx scripts/memory-latency.ts [MB ...]` follows
 * a random cycle through an Int32Array, one step per 64-byte line, each load depending on
 * the last (so neither the prefetcher nor out-of-order execution hides it), and prints one
 * JSON line per size with the nanoseconds per load.
 */
const LINE_INTS = 16; // 64 bytes
const STEPS = 20_000_000;

function nsPerLoad(megabytes: number): number {
  const lines = Math.floor((megabytes * 1048576) / (LINE_INTS * 4));
  const order = new Int32Array(lines);
  for (let i = 0; i < lines; i++) order[i] = i;
  // A fixed linear congruential sequence: the same cycle on every run.
  let state = 12345;
  for (let i = lines - 1; i > 0; i--) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const j = Math.floor((state / 4294967296) * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  const next = new Int32Array(lines * LINE_INTS);
  for (let i = 0; i < lines; i++) next[order[i]! * LINE_INTS] = order[(i + 1) % lines]! * LINE_INTS;
  let at = 0;
  for (let i = 0; i < lines; i++) at = next[at]!; // one lap to warm the caches and the TLB
  const start = process.hrtime.bigint();
  for (let i = 0; i < STEPS; i++) at = next[at]!;
  const ns = Number(process.hrtime.bigint() - start) / STEPS;
  if (at < 0) throw new Error("unreachable: keeps the loop's result alive");
  return ns;
}

const sizes = process.argv.slice(2).map(Number);
const bad = sizes.find((megabytes) => !(megabytes > 0 && megabytes <= 4096));
if (bad !== undefined) {
  console.error(`memory-latency: sizes are megabytes in (0, 4096]; got ${bad}`);
  process.exit(2);
}
for (const megabytes of sizes.length > 0 ? sizes : [1, 4, 8, 10, 16, 32, 53, 128]) {
  console.log(JSON.stringify({ megabytes, nsPerLoad: Math.round(nsPerLoad(megabytes) * 10) / 10 }));
}
