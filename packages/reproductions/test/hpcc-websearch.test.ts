/**
 * hpcc-websearch's runs at a short horizon (the preset itself takes ~1.5 min: its claims are
 * checked by hpcc-websearch.full.test.ts): WebSearch flows on a k = 4 fat tree complete, and
 * none beats its ideal time alone on the empty network.
 */
import { describe, expect, it } from "vitest";
import { websearchPoint, websearchScenario } from "../src/presets/websearch-scenario.js";

const setup = { k: 4, gbps: 25, fabricSpeedup: 1, arrivalsMs: 3, drainMs: 2 };

describe("hpcc-websearch runs", () => {
  it.each(["pfc", "dcqcn", "hpcc", "timely"] as const)("%s: flows complete, no slowdown below 1", async (scheme) => {
    const point = await websearchPoint({ setup, load: 0.5, scheme, seed: 1 });
    expect(point.slowdown).not.toBeNull();
    const { all, buckets } = point.slowdown!;
    expect(all.count).toBeGreaterThan(10);
    // The ideal is the fastest a flow can go alone; sharing links can only slow it down.
    for (const bucket of buckets) expect(bucket.p50, `bucket from ${bucket.fromBytes}`).toBeGreaterThanOrEqual(1);
    expect(buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(all.count);
    if (scheme !== "pfc") expect(point.pauseFrames).toBe(0);
  });

  it("keeps the CIOQ crossbar of before as a parameter: its runs differ from the shared buffer's", async () => {
    const on = (organisation: "cioq" | "shared-buffer") =>
      websearchPoint({ setup: { ...setup, organisation }, load: 0.5, scheme: "dcqcn", seed: 1 });
    const cioq = await on("cioq");
    expect(cioq.slowdown!.all.count).toBeGreaterThan(10);
    expect(cioq.fingerprint).not.toBe((await on("shared-buffer")).fingerprint);
    expect(websearchScenario(setup, 0.5, "dcqcn", 1).switch!.kind).toBe("shared-buffer");
  });
});
