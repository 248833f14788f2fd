import { parseScenario, type ScenarioInput, type ScenarioResult } from "@losslab/scenario";
import { pauseHeadroom } from "@losslab/switch";
import type { Chart } from "../charts/chart.js";
import { check, round } from "../check.js";
import { summaryNumbers } from "../judge.js";
import { type Check, fingerprintOf, type Preset, type PresetContext } from "../preset.js";
import { runScenarios } from "../scenario-runner.js";
import { scenarioSMeters, scenarioSTimePlot } from "./santos-scenario.js";
import { turnerScenario } from "./turner-scenario.js";
import { spreadingSetup, turnerRuns } from "./turner-spreading.js";
import { oneMessage, uecLink, uecPackets, wireBytes } from "./uec-scenario.js";

/**
 * docs/spec/uec.md sec. 7, "CBFC vs PFC" (UE.19-UE.24): does credit back-pressure on Ethernet
 * (UEC's CBFC, docs/spec/cbfc.md) spread congestion as PAUSE does? Each fabric runs twice,
 * changing only `switch.flowControl`; no end-to-end control.
 */

type LinkControl = "pfc" | "cbfc";
const controls = ["pfc", "cbfc"] as const satisfies readonly LinkControl[];

/** PFC's reaction delay, set explicitly so the headroom computed here is the one the switch checks (the flow control's default). */
const REACTION_DELAY_NS = 3072;
const BLOCK = 64;
const wholeBlocks = (bytes: number) => Math.floor(bytes / BLOCK) * BLOCK;

/** santos-2002's scenario S as turner-spreading runs it (L 5, R 5, victim 20-50 ms, 60 ms); TS.1's interval. */
const santosMeasureMs = [25, 45] as const;

/**
 * PFC on santos's 4-frame input buffers: XOFF as high as the headroom rule allows (what can
 * still arrive after XOFF, `pauseHeadroom`), XON at half of it; the buffer holds less than two
 * frames above what PAUSE must absorb, so XOFF sits below one frame.
 */
function santosPfc() {
  const parsed = parseScenario(turnerScenario(turnerRuns.none, 1));
  const { topology, packets } = parsed;
  const sw = parsed.switch as { bufferPackets: number; creditBytes: number };
  const inputBytes = sw.bufferPackets * Math.ceil(packets.dataBytes / sw.creditBytes) * sw.creditBytes;
  const delay = (topology as { delayNs: number }).delayNs * 1000;
  const headroom = pauseHeadroom({
    bandwidth: (topology as { bandwidth: number }).bandwidth,
    delay,
    reverseDelay: delay,
    maxPacketBytes: packets.dataBytes,
    reactionDelay: REACTION_DELAY_NS * 1000,
  });
  const xoffBytes = wholeBlocks(inputBytes - headroom);
  return {
    kind: "pause",
    xoffBytes,
    xonBytes: wholeBlocks(xoffBytes / 2),
    reactionDelayNs: REACTION_DELAY_NS,
  } as const;
}

/** Scenario S under `control`: turner-spreading's run without end-to-end control, only its flow control changed. */
export function cbfcSantosScenario(control: LinkControl, seed: number): ScenarioInput {
  const base = turnerScenario(turnerRuns.none, seed);
  const flowControl = control === "pfc" ? santosPfc() : { kind: "cbfc" as const };
  return { ...base, name: `uec-cbfc santos S, ${control}`, switch: { ...base.switch!, flowControl } };
}

/**
 * The fat-tree hot spot: K 4 (16 hosts, two per ToR), 100 Gb/s, 1 us links, uet-htsim's
 * packets, 2 MB flows from t = 0. Four hosts of other ToRs, one in each other pod and one in
 * H0's pod, send to H0; the 11 others each send to the host 4 places on in their list (a
 * fixed derangement, most flows leaving their pod). ECMP, one path per flow.
 */
const hotSpot = { receiver: "H0", senders: ["H2", "H4", "H8", "H12"], messageBytes: 2_000_000, durationMs: 3 } as const;
const background = ["H1", "H3", "H5", "H6", "H7", "H9", "H10", "H11", "H13", "H14", "H15"];
const backgroundShift = 4;
const backgroundGroup = (i: number) => `background${i}`;

/**
 * Each switch's buffer: DCQCN's testbed switch's per port (Trident II, 12 MiB over 32 ports,
 * datacenter-switch.ts's `tridentII`) times the fat tree's 4 ports, split into equal static
 * input buffers: CBFC's carve-outs (docs/spec/cbfc.md), and under PFC the same buffers with
 * XOFF leaving the headroom rule's bytes above it and XON 3 KB below (the datacenter presets'
 * resume offset). Both controls give every input the same bytes.
 */
const hotSpotPorts = 4;
const hotSpotInputBytes = wholeBlocks((12 * 2 ** 20) / 32);

function hotSpotFlowControl(control: LinkControl): NonNullable<ScenarioInput["switch"]>["flowControl"] {
  if (control === "cbfc") return { kind: "cbfc" };
  const delay = uecLink.delayNs * 1000;
  const headroom = pauseHeadroom({
    bandwidth: uecLink.bandwidth,
    delay,
    reverseDelay: delay,
    maxPacketBytes: uecPackets.dataBytes,
    reactionDelay: REACTION_DELAY_NS * 1000,
  });
  const xoffBytes = wholeBlocks(hotSpotInputBytes - headroom);
  return { kind: "pause", xoffBytes, xonBytes: xoffBytes - 3 * 1024, reactionDelayNs: REACTION_DELAY_NS };
}

/** The hot spot (or, `withHotSpot` false, the background permutation alone) under `control`. */
export function cbfcHotSpotScenario(control: LinkControl, withHotSpot: boolean, seed: number): ScenarioInput {
  const flows = background.map((host, i) =>
    oneMessage(
      backgroundGroup(i),
      host,
      background[(i + backgroundShift) % background.length]!,
      hotSpot.messageBytes,
      hotSpot.durationMs,
    ),
  );
  const hot = {
    kind: "incast" as const,
    name: "hot",
    fanIn: hotSpot.senders.length,
    bytes: hotSpot.messageBytes,
    intervalUs: hotSpot.durationMs * 1000,
    hosts: [...hotSpot.senders],
    receiver: hotSpot.receiver,
  };
  return {
    name: `uec-cbfc fat-tree ${withHotSpot ? "hot spot" : "background alone"}, ${control}`,
    seed,
    durationMs: hotSpot.durationMs,
    topology: { kind: "fat-tree", k: 4, ...uecLink },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: hotSpotPorts * hotSpotInputBytes,
      inputBufferBytes: hotSpotInputBytes,
      flowControl: hotSpotFlowControl(control),
    },
    packets: uecPackets,
    traffic: withHotSpot ? [...flows, hot] : flows,
  };
}

/**
 * UE.21's buffer: one credit round trip, 2 x link delay x rate + 1 MTU (in whole credits), on
 * one uncongested hop: H0 -> S -> H1 at 100 Gb/s, 1 us links, one 4 MB message.
 */
const roundTripInputBytes =
  Math.ceil((2 * uecLink.delayNs * 1e-9 * uecLink.bandwidth + uecPackets.dataBytes) / BLOCK) * BLOCK;
const roundTrip = { messageBytes: 4_000_000, durationMs: 1, measureMs: [0.05, 0.25] as const };

export function cbfcRoundTripScenario(seed: number): ScenarioInput {
  return {
    name: "uec-cbfc one credit round trip of buffer",
    seed,
    durationMs: roundTrip.durationMs,
    topology: { kind: "single-switch", hosts: 2, ...uecLink },
    switch: {
      kind: "shared-buffer",
      sharedBufferBytes: 2 * roundTripInputBytes,
      inputBufferBytes: roundTripInputBytes,
      flowControl: { kind: "cbfc" },
    },
    packets: uecPackets,
    traffic: [oneMessage("flow", "H0", "H1", roundTrip.messageBytes, roundTrip.durationMs)],
  };
}

/** The runs, in the order of the fingerprint: santos S, the hot spot, the background alone, one round trip. */
const runNames = [
  "santos-pfc",
  "santos-cbfc",
  "hotspot-pfc",
  "hotspot-cbfc",
  "background-pfc",
  "background-cbfc",
  "roundtrip-cbfc",
] as const;
type RunName = (typeof runNames)[number];

function scenarioOf(run: RunName, seed: number): ScenarioInput {
  const [fabric, control] = run.split("-") as [string, LinkControl];
  if (fabric === "santos") return cbfcSantosScenario(control, seed);
  if (fabric === "roundtrip") return cbfcRoundTripScenario(seed);
  return cbfcHotSpotScenario(control, fabric === "hotspot", seed);
}

function santosSummary(result: ScenarioResult) {
  const [from, to] = santosMeasureMs;
  return {
    victimRate: round(result.rate("group:victim", from, to)),
    islUtil: round(result.rate("link:A->B", from, to)),
    rootUtil: round(result.rate("link:B->BC", 10, spreadingSetup.durationMs)),
    pauseFrames: result.pause?.frames ?? 0,
    creditUpdates: result.stats.packetHops.creditUpdate,
  };
}

/** Each background flow's rate: its message on the wire over its completion time, a fraction of the link. */
function backgroundRates(result: ScenarioResult): Array<number | null> {
  return background.map((_, i) => {
    const fct = result.completions[backgroundGroup(i)]?.maxUs;
    return fct === undefined ? null : (wireBytes(hotSpot.messageBytes) * 1e6) / (fct * uecLink.bandwidth);
  });
}

function hotSpotSummary(result: ScenarioResult) {
  const rates = backgroundRates(result);
  const done = rates.filter((rate): rate is number => rate !== null);
  return {
    backgroundMeanRate: done.length === background.length ? round(done.reduce((a, b) => a + b) / done.length) : null,
    backgroundMinRate: done.length === background.length ? round(Math.min(...done)) : null,
    hotTailUs: result.completions.hot === undefined ? null : round(result.completions.hot.maxUs),
    pauseFrames: result.pause?.frames ?? 0,
    creditUpdates: result.stats.packetHops.creditUpdate,
  };
}

function roundTripSummary(result: ScenarioResult) {
  const [from, to] = roundTrip.measureMs;
  const { injected, delivered, inFlight } = result.stats.dataPackets;
  return {
    inputBufferBytes: roundTripInputBytes,
    hopUtil: round(result.rate("link:H0->S", from, to)),
    lost: injected - delivered - inFlight,
    finished: result.completions.flow?.count ?? 0,
  };
}

/** What the claims read, per fabric and control. */
const santosKeys = ["victimRate"] as const;
const hotSpotKeys = ["backgroundMeanRate"] as const;
const roundTripKeys = ["hopUtil", "lost", "finished"] as const;
interface CbfcNumbers {
  santos: Record<LinkControl, Record<(typeof santosKeys)[number], number>>;
  hotSpot: Record<LinkControl, Record<(typeof hotSpotKeys)[number], number>>;
  background: Record<LinkControl, Record<(typeof hotSpotKeys)[number], number>>;
  roundTrip: Record<(typeof roundTripKeys)[number], number>;
}

/** The claims UE.19-UE.24 of docs/spec/uec.md sec. 7. */
function cbfcChecks(n: CbfcNumbers): Check[] {
  const spread = (control: LinkControl) => n.hotSpot[control].backgroundMeanRate;
  const alone = (control: LinkControl) => n.background[control].backgroundMeanRate;
  const suffers = (id: string, control: LinkControl) =>
    check.atMost(
      id,
      `hot spot, ${control}: mean background flow rate`,
      spread(control),
      0.7 * alone(control),
      `0.7 x its rate without the hot spot = ${round(0.7 * alone(control))}`,
    );
  return [
    check.atMost("UE.19", "santos S, cbfc: victimRate (25-45 ms)", n.santos.cbfc.victimRate, 0.25),
    check.atMost(
      "UE.20",
      "santos S: abs(victimRate(cbfc) - victimRate(pfc))",
      Math.abs(n.santos.cbfc.victimRate - n.santos.pfc.victimRate),
      0.1,
    ),
    check.all(
      "UE.21",
      "one credit round trip of buffer, cbfc: the uncongested hop's utilisation",
      n.roundTrip.hopUtil,
      [
        { text: "no loss", pass: n.roundTrip.lost === 0 && n.roundTrip.finished === 1 },
        { text: ">= 0.95", pass: n.roundTrip.hopUtil >= 0.95 },
      ],
    ),
    suffers("UE.22", "pfc"),
    suffers("UE.23", "cbfc"),
    check.atMost(
      "UE.24",
      "hot spot: abs(mean background rate(cbfc) - (pfc))",
      Math.abs(spread("cbfc") - spread("pfc")),
      0.1,
    ),
  ];
}

/** The claims' numbers from a summary as `run` returns it, if it holds all of them. */
function cbfcNumbers(summary: Record<string, unknown>): CbfcNumbers | undefined {
  const santos = controls.map((control) => summaryNumbers(summary[`santos-${control}`], santosKeys));
  const hot = controls.map((control) => summaryNumbers(summary[`hotspot-${control}`], hotSpotKeys));
  const alone = controls.map((control) => summaryNumbers(summary[`background-${control}`], hotSpotKeys));
  const roundTripNumbers = summaryNumbers(summary["roundtrip-cbfc"], roundTripKeys);
  if ([...santos, ...hot, ...alone].some((n) => n === undefined) || roundTripNumbers === undefined) return undefined;
  return {
    santos: { pfc: santos[0]!, cbfc: santos[1]! },
    hotSpot: { pfc: hot[0]!, cbfc: hot[1]! },
    background: { pfc: alone[0]!, cbfc: alone[1]! },
    roundTrip: roundTripNumbers,
  };
}

/** Each background flow's rate alone and beside the hot spot, under both controls. */
function backgroundChart(results: Record<RunName, ScenarioResult>): Chart {
  const series = (["background", "hotspot"] as const).flatMap((fabric) =>
    controls.map((control) => ({
      name: `${control}, ${fabric === "hotspot" ? "with the hot spot" : "alone"}`,
      points: backgroundRates(results[`${fabric}-${control}`]).map((rate, i): [number, number] => [
        i,
        rate === null ? 0 : round(rate),
      ]),
    })),
  );
  return {
    name: "uec-cbfc-hotspot",
    title: "K 4 fat tree: background flow rates, alone and beside a 4-to-1 hot spot",
    xLabel: `background flow (${background.join(", ")})`,
    yLabel: "rate (fraction of link bandwidth)",
    kind: "bar",
    yDomain: [0, 1],
    series,
  };
}

async function runAll(context: PresetContext): Promise<Record<RunName, ScenarioResult>> {
  const results = await runScenarios(
    runNames.map((run) => ({ label: run, scenario: scenarioOf(run, context.seed) })),
    context,
  );
  return Object.fromEntries(runNames.map((run, i) => [run, results[i]!])) as Record<RunName, ScenarioResult>;
}

/** CBFC against PFC on santos-2002's scenario S and a fat-tree hot spot (docs/spec/uec.md sec. 7, UE.19-UE.24). */
export const uecCbfc: Preset = {
  name: "uec-cbfc",
  description: "UEC's CBFC against PFC: congestion spreading on santos-2002's scenario S and a K 4 fat-tree hot spot",
  expectedRuntime: "~3 s",
  scenarios: (seed) => runNames.map((run) => scenarioOf(run, seed)),
  async run(context) {
    const results = await runAll(context);
    const summary = Object.fromEntries(
      runNames.map((run) => {
        const result = results[run];
        if (run.startsWith("santos")) return [run, santosSummary(result)];
        if (run === "roundtrip-cbfc") return [run, roundTripSummary(result)];
        return [run, hotSpotSummary(result)];
      }),
    );
    const numbers = cbfcNumbers(summary);
    return {
      params: {
        santos: { ...spreadingSetup, measureMs: santosMeasureMs, pfc: santosPfc() },
        hotSpot: { ...hotSpot, background, backgroundShift, inputBufferBytes: hotSpotInputBytes, ...uecLink },
        roundTrip: { ...roundTrip, inputBufferBytes: roundTripInputBytes },
      },
      fingerprint: fingerprintOf(runNames.map((run) => results[run])),
      summary,
      checks: numbers === undefined ? [] : cbfcChecks(numbers),
      charts: [
        scenarioSTimePlot(
          "uec-cbfc-santos-pfc",
          "Scenario S (L=5, R=5) under PFC",
          results["santos-pfc"],
          scenarioSMeters,
        ),
        scenarioSTimePlot(
          "uec-cbfc-santos-cbfc",
          "Scenario S (L=5, R=5) under CBFC",
          results["santos-cbfc"],
          scenarioSMeters,
        ),
        backgroundChart(results),
      ],
    };
  },
  judge(summary) {
    const numbers = cbfcNumbers(summary);
    return numbers === undefined ? undefined : cbfcChecks(numbers);
  },
};
