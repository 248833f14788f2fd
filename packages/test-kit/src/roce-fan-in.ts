/**
 * The RoCE fan-in the DCQCN, HPCC and TIMELY scenario tests share: H0..H3 send to H4 through
 * one CIOQ switch with PAUSE (200 000 B inputs, XOFF 150 000, XON 100 000; 400 000 B outputs),
 * 1 us links, 1048 B frames with 48 B headers, 64 B ACKs, 20 B of wire overhead. `fields` adds
 * the scheme (marking, controller, adapter) and may replace any default.
 */
export const roceFanIn = (bandwidth: number, durationMs: number, startEveryUs: number, fields: object) => ({
  durationMs,
  topology: { kind: "single-switch", hosts: 5, bandwidth, delayNs: 1000 },
  switch: {
    kind: "cioq",
    inputBufferBytes: 200_000,
    outputBufferBytes: 400_000,
    flowControl: { kind: "pause", xoffBytes: 150_000, xonBytes: 100_000 },
  },
  packets: { dataBytes: 1048, headerBytes: 48, ackBytes: 64, wireOverheadBytes: 20 },
  flows: ["H0", "H1", "H2", "H3"].map((source, i) => ({ source, destination: "H4", startUs: startEveryUs * i })),
  ...fields,
});
