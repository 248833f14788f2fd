/**
 * Link failures on a k = 4 fat tree with ECMP: traffic leaves a failed uplink for the other
 * one, frames lost with the link are counted, flows complete by retransmission, a link that
 * comes back carries traffic again; without retransmission the lost data stays lost, reported,
 * never an error; and bad failure fields are refused by name.
 */
import type { SwitchView } from "@losslab/core";
import { countedFactory, defineMarkingPolicy } from "@losslab/marking";
import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import {
  builtInKinds,
  parseScenario,
  runScenario,
  ScenarioError,
  scenarioWarnings,
  withPlugins,
} from "../src/index.js";

const BYTES = 4_000_000;
const PACKETS = Math.ceil(BYTES / (4150 - 64));
const UPLINK = "pod0-edge0->pod0-agg0";
const OTHER_UPLINK = "pod0-edge0->pod0-agg1";

/** The four hosts of pod 0 each send 4 MB to one host of pod 1 at 100 Gb/s; `failures` as given. */
const fatTree = (failures: object[], sw: object = { lossyPriorities: [0] }) => ({
  seed: 1,
  durationMs: 2,
  topology: { kind: "fat-tree", k: 4, bandwidth: 12.5e9, delayNs: 1000 },
  switch: {
    kind: "shared-buffer",
    sharedBufferBytes: 4_000_000,
    inputBufferBytes: 200_000,
    flowControl: { kind: "pause", xoffBytes: 100_000, xonBytes: 90_000 },
    ...sw,
  },
  packets: { dataBytes: 4150, headerBytes: 64, ackBytes: 64 },
  traffic: [
    {
      kind: "flow-graph",
      name: "pod0-to-pod1",
      flows: [0, 1, 2, 3].map((h) => ({ id: `f${h}`, source: `H${h}`, destination: `H${h + 4}`, bytes: BYTES })),
    },
  ],
  failures,
});

describe("link failures", () => {
  it("moves traffic off a failed uplink, counts the frames lost, and uses the link again once it is back", () => {
    const result = runScenario(
      parseScenario(fatTree([{ link: UPLINK, bothDirections: false, atUs: 50, recoverUs: 200 }])),
    );
    // Both uplinks carry traffic before the failure (ECMP spreads the 2 flows of the edge).
    expect(result.rate(`link:${UPLINK}`, 0.01, 0.05)).toBeGreaterThan(0.1);
    expect(result.rate(`link:${OTHER_UPLINK}`, 0.01, 0.05)).toBeGreaterThan(0.1);
    // Failed (and drained) from 50 us: nothing new is routed to it; the other uplink carries everything.
    expect(result.rate(`link:${UPLINK}`, 0.06, 0.2)).toBe(0);
    expect(result.rate(`link:${OTHER_UPLINK}`, 0.06, 0.2)).toBeGreaterThan(0.95);
    // Back at 200 us: the flow hashed to it returns.
    expect(result.rate(`link:${UPLINK}`, 0.21, 0.3)).toBeGreaterThan(0.1);
    expect(result.failures!.byLink).toEqual({ [UPLINK]: result.failures!.lost });
    expect(result.failures!.lost).toBeGreaterThan(0);
    // Every frame lost is brought back: flows complete, each packet delivered once.
    expect(result.recovery!.total.timeouts).toBeGreaterThan(0);
    expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
    expect(result.delivered).toBe(4 * PACKETS);
  });

  it("a cut cable (both directions) loses ACKs too; retransmission still completes every flow", () => {
    const result = runScenario(parseScenario(fatTree([{ link: UPLINK, atUs: 50, recoverUs: 400 }])));
    const failures = result.failures!;
    expect(Object.keys(failures.byLink).sort()).toEqual(["pod0-agg0->pod0-edge0", UPLINK]);
    expect(failures.byLink["pod0-agg0->pod0-edge0"]).toBeGreaterThan(0);
    expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
    expect(result.delivered).toBe(4 * PACKETS);
  });

  it("on a lossless fabric without retransmission, lost data is reported incomplete, never an error", () => {
    const scenario = parseScenario(
      fatTree([{ link: UPLINK, bothDirections: false, atUs: 50 }], { lossyPriorities: [] }),
    );
    expect(scenarioWarnings(scenario)).toContainEqual(expect.stringMatching(/^failures: no host retransmits/));
    expect(scenarioWarnings(parseScenario(fatTree([{ link: UPLINK, atUs: 50 }])))).toEqual([]);
    const result = runScenario(scenario);
    expect(result.recovery).toBeUndefined();
    expect(result.failures!.lost).toBeGreaterThan(0);
    // The flow whose frames were lost never completes; the others do (no deadlock).
    const completed = result.completions["pod0-to-pod1"]?.count ?? 0;
    expect(completed).toBeGreaterThanOrEqual(1);
    expect(completed).toBeLessThan(4);
    expect(result.delivered).toBe(4 * PACKETS - result.failures!.lost);
  });

  it("is deterministic", () => {
    const failures = [{ link: UPLINK, atUs: 50, recoverUs: 150 }];
    const a = runScenario(parseScenario(fatTree(failures)));
    const b = runScenario(parseScenario(fatTree(failures)));
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.failures).toEqual(b.failures);
  });

  it("refuses an unknown link and a recovery before the failure, naming the field", () => {
    const refusal = (input: object) => errorOf(ScenarioError, () => runScenario(parseScenario(input))).message;
    expect(refusal(fatTree([{ link: "pod0-edge0->pod0-agg", atUs: 50 }]))).toMatch(
      /failures\[0\]\.link: "pod0-edge0->pod0-agg" is not a link of the topology \(did you mean "pod0-edge0->pod0-agg0"\?\)/,
    );
    expect(refusal(fatTree([{ link: UPLINK, atUs: 50, recoverUs: 40 }]))).toMatch(
      /failures\.0\.recoverUs|failures\[0\]\.recoverUs/,
    );
  });
});

describe("link failures under credit flow control", () => {
  const HOST_LINK = "H0->pod0-edge0";
  /** `fatTree` with lossless credit buffers of 200 KB per input (48 frames) and every flow retransmitting after 50 us. */
  const credited = (flowControl: object, failure: object) => ({
    ...fatTree([{ link: HOST_LINK, atUs: 50, recoverUs: 300, ...failure }], {
      flowControl,
      inputBufferBytes: 200_000,
    }),
    adapter: { retransmitTimeoutUs: 50 },
  });
  const carveOutFrames = Math.floor(200_000 / 64 / Math.ceil(4150 / 64));

  it("credits: the blocks of frames lost with the link come back to the sender, which therefore never stalls", () => {
    const result = runScenario(parseScenario(credited({ kind: "credits" }, { bothDirections: false })));
    // H0 went on sending into its failed link: more frames lost than its credits cover, so
    // without their blocks back it would stall and its flow never finish.
    expect(result.failures!.lost).toBeGreaterThan(carveOutFrames);
    expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
    expect(result.delivered).toBe(4 * PACKETS);
  });

  it("CBFC: updates lost with a cut cable are made good when it comes back (the counts are re-advertised)", () => {
    const result = runScenario(parseScenario(credited({ kind: "cbfc" }, {})));
    // The credit updates for H0 went down the failed pod0-edge0->H0 with the ACKs.
    expect(result.failures!.byLink["pod0-edge0->H0"]).toBeGreaterThan(0);
    expect(result.stats.packetHops.creditUpdate).toBeGreaterThan(0);
    expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
    expect(result.delivered).toBe(4 * PACKETS);
  });

  it.each(["credits", "cbfc"])(
    "%s: once the fabric is idle every switch holds all its credits again, no more, no fewer",
    (kind) => {
      // A marking policy that marks nothing and keeps each switch's view, to read its credits after the run.
      const views: SwitchView[] = [];
      const creditSpy = defineMarkingPolicy({
        kind: "credit-spy",
        description: "keeps each switch's view",
        parameters: {},
        create: () =>
          countedFactory("credit-spy", (view) => {
            views.push(view);
            return { switchName: view.name, marked: 0 };
          }),
      });
      const kinds = withPlugins(builtInKinds, [creditSpy]);
      // A cut uplink, both directions: edge and aggregation switch each lose frames to the other.
      const input = {
        ...credited({ kind }, { link: UPLINK }),
        marking: { kind: "credit-spy" },
        adapter: { retransmitTimeoutUs: 200 },
      };
      const result = runScenario(parseScenario(input, kinds), { kinds });
      expect(result.failures!.byLink[UPLINK]).toBeGreaterThan(0);
      expect(result.failures!.byLink["pod0-agg0->pod0-edge0"]).toBeGreaterThan(0);
      expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
      const capacity = 200_000 / 64;
      const outputs = views.flatMap((view) =>
        Array.from(
          { length: view.portCount },
          (_, port) => [`${view.name} output ${port}`, view.outputCredits(port)] as const,
        ),
      );
      // Toward hosts: unlimited; toward switches: the whole carve-out (the switches to pod 1 included).
      expect(outputs.filter(([, credits]) => credits !== Number.POSITIVE_INFINITY && credits !== capacity)).toEqual([]);
      expect(outputs.filter(([, credits]) => credits === capacity).length).toBeGreaterThan(0);
    },
  );

  it("CBFC: the lost frames' blocks count as freed, so a sender on a failed link keeps its credits", () => {
    const result = runScenario(parseScenario(credited({ kind: "cbfc" }, { bothDirections: false })));
    expect(result.failures!.lost).toBeGreaterThan(carveOutFrames);
    expect(result.completions["pod0-to-pod1"]!.count).toBe(4);
  });
});

describe("rerouting: routes recomputed around a failed link", () => {
  const CUT = "pod0-agg0->pod0-edge0";
  /**
   * Six 1 MB flows into H0 and H1 (under pod0-edge0) from pod 0's other edge and from pod 1,
   * lossy priority 0 (lost packets are sent again); the cable between pod0-agg0 and
   * pod0-edge0 is cut at 20 us, so pod0-agg0 has no way down to H0 and H1 but the long way round.
   */
  const intoCutEdge = (failure: object, rerouting?: object) => ({
    ...fatTree([{ link: CUT, atUs: 20, ...failure }]),
    durationMs: 1,
    traffic: [
      {
        kind: "flow-graph",
        name: "into-edge0",
        flows: [2, 3, 4, 5, 6, 7].map((h) => ({
          id: `f${h}`,
          source: `H${h}`,
          destination: `H${h % 2}`,
          bytes: 1_000_000,
        })),
      },
    ],
    ...(rerouting === undefined ? {} : { rerouting }),
  });
  const PACKETS_EACH = Math.ceil(1_000_000 / (4150 - 64));

  it("flows hashed through the cut-off aggregation switch finish only when routes are recomputed", () => {
    const without = runScenario(parseScenario(intoCutEdge({})));
    const recomputed = runScenario(parseScenario(intoCutEdge({}, {})));
    // Without: pod0-agg0 goes on sending into the cut, and the flows hashed to it never finish.
    expect(without.completions["into-edge0"]?.count ?? 0).toBeLessThan(6);
    expect(without.rate(`link:${CUT}`, 0.1, 0.3)).toBeGreaterThan(0.5);
    // With: every switch routes around it from 20 us; only what was on its way there is lost.
    expect(recomputed.completions["into-edge0"]!.count).toBe(6);
    expect(recomputed.delivered).toBe(6 * PACKETS_EACH);
    expect(recomputed.rate(`link:${CUT}`, 0.1, 0.3)).toBe(0);
    expect(recomputed.failures!.lost).toBeLessThan(without.failures!.lost / 10);
    expect(recomputed.failures!.recomputations).toBe(1); // one cut cable: both directions at one instant
    expect(without.failures!.recomputations).toBeUndefined();
    expect(runScenario(parseScenario(intoCutEdge({}, { recompute: false }))).fingerprint).toBe(without.fingerprint);
  });

  it("routes return once the link is back", () => {
    const result = runScenario(parseScenario(intoCutEdge({ recoverUs: 300 }, {})));
    expect(result.rate(`link:${CUT}`, 0.1, 0.3)).toBe(0);
    // The flows pod0-agg0's ECMP hashed there come back (some have finished by then).
    expect(result.rate(`link:${CUT}`, 0.31, 0.4)).toBeGreaterThan(0.2);
    expect(result.completions["into-edge0"]!.count).toBe(6);
    expect(result.failures!.recomputations).toBe(2);
  });

  it("a link back before the routes converged still gets its routes back", () => {
    // Recomputed at 120 us without the cut, which was back at 60 us (pod0-agg0's queue for it
    // drains by 140 us), then recomputed again at 160 us, with everything up.
    const result = runScenario(parseScenario(intoCutEdge({ recoverUs: 60 }, { convergenceUs: 100 })));
    expect(result.rate(`link:${CUT}`, 0.14, 0.16)).toBe(0);
    expect(result.rate(`link:${CUT}`, 0.17, 0.25)).toBeGreaterThan(0.2);
  });

  it("until the routes converge, packets routed into the dead end are lost, counted", () => {
    const instant = runScenario(parseScenario(intoCutEdge({}, {})));
    const slow = runScenario(parseScenario(intoCutEdge({}, { convergenceUs: 100 })));
    // Still sent into the cut until 120 us (then pod0-agg0's queue for it drains), not after.
    expect(instant.rate(`link:${CUT}`, 0.06, 0.12)).toBe(0);
    expect(slow.rate(`link:${CUT}`, 0.06, 0.12)).toBeGreaterThan(0.5);
    expect(slow.rate(`link:${CUT}`, 0.14, 0.3)).toBe(0);
    expect(slow.failures!.lost).toBeGreaterThan(instant.failures!.lost);
    expect(slow.completions["into-edge0"]!.count).toBe(6);
  });

  it("refuses switches that route each packet themselves, and a negative convergence delay, naming the field", () => {
    const refusal = (input: object) => errorOf(ScenarioError, () => runScenario(parseScenario(input))).message;
    expect(refusal({ ...intoCutEdge({}, {}), adaptiveRouting: "queue" })).toMatch(
      /^rerouting\.recompute: switch \S+ routes each packet itself .*set it to false/,
    );
    expect(refusal(intoCutEdge({}, { convergenceUs: -1 }))).toMatch(/rerouting\.convergenceUs/);
  });
});
