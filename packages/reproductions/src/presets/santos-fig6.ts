/**
 * santos2002-fig6: the increase curves F_inc(t) of FIMD (m = 2), AIMD (m = 2) and LIPD from
 * Rmin = Rmax/256 to Rmax, normalised by Rmax, and their recovery times (santos-2002 Fig. 6,
 * santos-2003 Fig. 5). Pure design theory: no simulation.
 *
 * Time unit. The papers measure rates in packets per unit time, so the design period is
 * T = 1/Rmin = the time to send one packet at Rmin. The figure's caption counts a packet as
 * its 2048-byte payload (not the 2068 bytes on the wire) and 1 GB/s as 1e9 B/s:
 * T = 2048 B / (1e9/256 B/s) = 524.288 us. Then FIMD needs log2(256) = 8 T = 4.194 ms,
 * and AIMD and LIPD need 255 T = 133.69 ms (2068-byte packets would give 4.235 and 135.0 ms).
 */
import { aimd, fimd, incrementCurve, lipd, type ResponseFunction } from "@losslab/response";
import type { Chart, ChartSeries } from "../charts/chart.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset } from "../preset.js";

const LINK_RATE = 1e9; // bytes/s
const PACKET_BYTES = 2048; // payload: the papers' packet for T
const RANGE_RATIO = 256; // Rmin = Rmax/256
const M = 2;
const TOLERANCE = 0.005; // +-0.5% (spec)
const FIMD_MS = 4.194;
const SLOW_MS = 133.69;

/** Six significant digits: stable JSON, far finer than the claims' tolerance. */
const round = (value: number): number => Number(value.toPrecision(6));

function series(name: string, fn: ResponseFunction, endMs: number): ChartSeries {
  const curve = incrementCurve(fn, { packetSize: PACKET_BYTES });
  const durationMs = curve.duration * 1e3;
  // Dense along the climb (FIMD's lasts only 4 ms), then a coarse grid to the chart's end.
  const times = new Set<number>();
  for (let i = 0; i <= 400; i++) times.add((durationMs * i) / 400);
  for (let i = 0; i <= 280; i++) times.add((endMs * i) / 280);
  const points = [...times]
    .sort((a, b) => a - b)
    .map((ms): [number, number] => [round(ms), round(curve.rateAt(ms / 1e3) / LINK_RATE)]);
  return { name, points };
}

function within(value: number, target: number): boolean {
  return Math.abs(value - target) <= TOLERANCE * target;
}

/** The claims C6.* of the spec, from the recovery times (ms) of the summary. */
function fig6Checks(recoveryMs: { fimd: number; aimd: number; lipd: number }): Check[] {
  const slow = [recoveryMs.aimd, recoveryMs.lipd];
  const farther = slow.reduce((a, b) => (Math.abs(b - SLOW_MS) > Math.abs(a - SLOW_MS) ? b : a));
  const band = (target: number) =>
    `${target} ms +-0.5% (in [${round(target * (1 - TOLERANCE))}, ${round(target * (1 + TOLERANCE))}])`;
  return [
    {
      id: "C6.1",
      claim: "FIMD (m=2) recovers from Rmin to Rmax in 4.194 ms",
      value: recoveryMs.fimd,
      expected: band(FIMD_MS),
      pass: within(recoveryMs.fimd, FIMD_MS),
    },
    {
      id: "C6.2",
      claim: `AIMD (m=2) and LIPD both recover from Rmin to Rmax in 133.69 ms (aimd ${recoveryMs.aimd} ms, lipd ${recoveryMs.lipd} ms; value: the one farther from 133.69)`,
      value: farther,
      expected: `${band(SLOW_MS)} for both`,
      pass: slow.every((value) => within(value, SLOW_MS)),
    },
  ];
}

export const santosFig6: Preset = {
  name: "santos2002-fig6",
  description: "F_inc(t) of FIMD, AIMD and LIPD from Rmin to Rmax and their recovery times (santos-2002 Fig. 6)",
  expectedRuntime: "< 1 s",
  scenarios: () => [],
  async run() {
    const range = { Rmax: LINK_RATE, Rmin: LINK_RATE / RANGE_RATIO };
    const functions = { fimd: fimd({ ...range, m: M }), aimd: aimd({ ...range, m: M }), lipd: lipd(range) };
    const recoveryMs = {
      fimd: round(incrementCurve(functions.fimd, { packetSize: PACKET_BYTES }).duration * 1e3),
      aimd: round(incrementCurve(functions.aimd, { packetSize: PACKET_BYTES }).duration * 1e3),
      lipd: round(incrementCurve(functions.lipd, { packetSize: PACKET_BYTES }).duration * 1e3),
    };
    const endMs = 140;
    const chart: Chart = {
      name: "santos2002-fig6",
      title: "F_inc(t): recovery from Rmin = Rmax/256 (1 GB/s, 2048 B packets)",
      xLabel: "Time since the rate was Rmin (ms)",
      yLabel: "Rate limit / Rmax",
      series: [
        series("FIMD (m=2)", functions.fimd, endMs),
        series("AIMD (m=2)", functions.aimd, endMs),
        series("LIPD", functions.lipd, endMs),
      ],
      kind: "line",
      yDomain: [0, 1],
    };
    const checks = fig6Checks(recoveryMs);
    return {
      // An analytical figure: no simulation runs, so the fingerprint of none.
      fingerprint: fingerprintOf([]),
      params: {
        linkRate: LINK_RATE,
        packetBytes: PACKET_BYTES,
        Rmin: range.Rmin,
        Rmax: range.Rmax,
        m: M,
        periodUs: round(((PACKET_BYTES * RANGE_RATIO) / LINK_RATE) * 1e6),
      },
      summary: { recoveryMs },
      checks,
      charts: [chart],
    };
  },
  judge(summary) {
    const recoveryMs = summaryNumbers(summary.recoveryMs, ["fimd", "aimd", "lipd"]);
    return recoveryMs === undefined ? undefined : fig6Checks(recoveryMs);
  },
};
