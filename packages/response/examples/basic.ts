/**
 * A tour of @losslab/response. Run from the repository root:
 *   node --import tsx packages/response/examples/basic.ts
 * In your own project, import from "@losslab/response" instead of "../src/index.js".
 */
import {
  aimd,
  checkConditions,
  deriveIncrease,
  fimd,
  incrementCurve,
  lipd,
  perAck,
  recoveryTime,
} from "../src/index.js";

const Rmax = 1e9; // bytes/s: a 1 GB/s link
const Rmin = Rmax / 256; // the papers' choice (InfiniBand's slowest IPD rate)
const packetSize = 2048; // bytes: the time unit T = packetSize / Rmin = 524.288 us

// 1. Response functions: one call per ACK.
const f = fimd({ Rmax, m: 2 });
console.log("FIMD after a mark at Rmax:", f.decrease(Rmax) / Rmax, "x Rmax"); // 0.5
console.log("FIMD after one unmarked ACK at Rmin:", f.increase(Rmin) / Rmin, "x Rmin"); // 2

// 2. F_inc(t) and recovery times (santos-2002 Fig. 6).
for (const fn of [fimd({ Rmax }), aimd({ Rmax }), lipd({ Rmax })]) {
  const curve = incrementCurve(fn, { packetSize });
  const afterMark = recoveryTime(fn, Rmax, { packetSize }) / curve.period;
  console.log(
    `${fn.name}: Rmin -> Rmax in ${(curve.duration * 1e3).toFixed(3)} ms;`,
    `a mark at Rmax is undone in ${afterMark.toFixed(1)} T`,
  );
}

// 3. Design conditions: AIMD is slower than it need be (Condition 3).
const report = checkConditions(aimd({ Rmax }));
console.log("AIMD meets Conditions 1-3:", report.holds, "-", report.condition3.violations.at(-1)?.message);

// 4. Your own decrease: gentle at low rates, up to 40% at Rmax. Derive its increase and check it.
const mine = deriveIncrease((r) => r * (1 - (0.4 * r) / Rmax), { Rmin, Rmax, name: "gentle" });
console.log(
  `gentle: fit degree ${mine.fit.degree}, residual ${mine.fit.residual.toExponential(1)},`,
  `conditions hold: ${checkConditions(mine).holds},`,
  `Rmin -> Rmax in ${(incrementCurve(mine, { packetSize }).duration * 1e3).toFixed(2)} ms`,
);

// 5. Controllers: four flows share one 1 GB/s bottleneck that marks while it is overloaded.
const factory = perAck({ response: "lipd", mode: "discrete" });
const flows = Array.from({ length: 4 }, () => ({
  controller: factory({ lineRate: Rmax, packetSize }),
  nextAck: 0, // when its next ACK is due (s)
  seq: 0,
}));
for (let now = 0; now < 0.5; ) {
  const flow = flows.reduce((a, b) => (b.nextAck < a.nextAck ? b : a)); // the first ACK due
  now = flow.nextAck;
  const load = flows.reduce((sum, f) => sum + f.controller.rate, 0);
  flow.seq += 1;
  flow.controller.onAck({ marked: load > Rmax, bytes: packetSize, seq: flow.seq });
  flow.nextAck = now + packetSize / flow.controller.rate; // window 1: next packet at the rate limit
}
console.log(
  "rates after 500 ms (x Rmax):",
  flows.map((f) => (f.controller.rate / Rmax).toFixed(3)),
);
