/**
 * The cost of the always-on trajectory fingerprint: one warm run of ferrer-nocmm (6 M
 * cycles), then the same number of fingerprint steps (one per link transmission, one per
 * delivery, through the same listener calls) timed alone, as a fraction of the run. The
 * issue's budget is 3 %.
 */
import { PacketKind, PacketStore } from "@losslab/core";
import { Fingerprint } from "@losslab/metrics";
import { ferrerWith, runFerrer } from "../src/presets/ferrer-scenario.js";

const params = ferrerWith("noCMM");
runFerrer(params, 1);
const start = performance.now();
const { result } = runFerrer(params, 1);
const runSeconds = (performance.now() - start) / 1000;

const factory = new PacketStore();
const packets = Array.from({ length: 1024 }, (_, i) =>
  factory.create({ kind: PacketKind.Data, flow: i, source: 0, destination: 1, size: 278, seq: i, createdAt: 0 }),
);
const fingerprint = new Fingerprint();
const links = Array.from({ length: 384 }, (_, i) => fingerprint.transmissions(1 + (i % 48), i));
const hashStart = performance.now();
for (let i = 0; i < result.transmissions; i++)
  links[i % links.length]!(factory, packets[i & 1023]!, i * 1000, i * 1000 + 278_000);
for (let i = 0; i < result.delivered; i++)
  fingerprint.delivered(1 + (i & 63), i * 1000, i & 63, factory, packets[i & 1023]!);
const hashSeconds = (performance.now() - hashStart) / 1000;

console.log(
  JSON.stringify({
    bench: "fingerprint-cost-ferrer-nocmm",
    steps: result.transmissions + result.delivered,
    runSeconds: +runSeconds.toFixed(3),
    fingerprintSeconds: +hashSeconds.toFixed(4),
    fractionOfRun: +(hashSeconds / runSeconds).toFixed(4),
    fingerprint: fingerprint.hex(),
  }),
);
