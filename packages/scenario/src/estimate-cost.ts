import { builtInKinds, type ScenarioKinds } from "./scenario-kinds.js";
import { fabricSize } from "./scenario-topology.js";
import type { Scenario } from "./schema.js";
import { switchLanes } from "./switch-lanes.js";

/** A rough size of a run, known before anything is built (for warnings and refusals, not for planning to the second). */
export interface CostEstimate {
  /** Engine events: about 20 per data packet delivered (measured on the Santos presets: 19.5). */
  events: number;
  /**
   * Wall time at ~5 million events per second (this project's 2-core reference machine),
   * plus building the routing tables and computing the time series.
   */
  seconds: number;
  /** Memory of the byte counters and latency bins: 8 bytes per bin per meter (16 per latency meter). */
  counterBytes: number;
  /** Memory of the devices, links and routing tables (VOQs: a queue per input and output). */
  fabricBytes: number;
  /** Of which the routing tables (every switch's port towards every host). */
  routeBytes: number;
  /** Of which the virtual output queues of `voq` switches (and `cioq` with VOQ inputs). */
  voqBytes: number;
  /** Memory of the time series of a result: a point per `stepUs` per meter. */
  seriesBytes: number;
  /** Memory of the trace generators' messages, parsed and ordered by @losslab/traffic. */
  traceBytes: number;
  /** All of it: what must fit before the run starts (see `checkFits`). */
  memoryBytes: number;
}

const EVENTS_PER_PACKET = 20;
const EVENTS_PER_SECOND = 5e6;
/**
 * Routing-table entries a second, with the rest of the fabric built (measured: a 4-ary 6-tree's
 * 25 million in 2.3 s, a 4-ary 5-tree's 1.3 million in 0.5 s; rounded down).
 */
const ROUTE_ENTRIES_PER_SECOND = 5e6;
/** Counter bins summed a second when a result computes its sliding windows. */
const BINS_PER_SECOND = 1e8;
/**
 * Bytes per host, per link direction and per switch port and VL: adapters, links, port state
 * (measured: 500-700 B on 4-ary 5-trees, spine-leaf and single switches; rounded up).
 */
const BYTES_PER_DEVICE_PART = 1024;
/** Bytes per (input, output) pair of a VOQ switch (measured: 82-86 B). */
const BYTES_PER_VOQ = 96;
/** Bytes per time-series point: a [time, value] pair, and its rounded copy in a JSON result. */
const BYTES_PER_SERIES_POINT = 128;
/** Bytes per trace message while a trace is parsed and ordered (measured: 1.4-1.5 KiB per CSV line). */
const BYTES_PER_TRACE_MESSAGE = 2048;
/** Trace messages parsed a second (measured: about 100,000 on the reference machine, under load). */
const TRACE_MESSAGES_PER_SECOND = 1e5;

/**
 * Upper-bound estimate of a run's work and memory from its parameters alone (nothing is
 * built: see fabricSize). Events assume every destination link busy for the whole run
 * (explicit flows: their destinations; generators: every host); good to a factor of ~2 on
 * the Santos presets, which is what a warning before a 3-hour run needs. Memory is what the
 * fabric, its routing tables, the meters, the result's time series and the parsed traces
 * take, rounded up from measurements (the constants above say which). `kinds`: the kinds the
 * scenario names (its topology's `size`).
 */
export function estimateCost(scenario: Scenario, kinds: ScenarioKinds = builtInKinds): CostEstimate {
  const t = scenario.topology;
  const size = fabricSize(t, kinds);
  let destinations: number;
  if (scenario.traffic.length > 0) destinations = size.hosts;
  else if (Array.isArray(scenario.flows)) destinations = new Set(scenario.flows.map((f) => f.destination)).size;
  else destinations = t.kind === "two-switch" && t.victim ? 2 : 1;
  const packets = (destinations * t.bandwidth * (scenario.durationMs / 1000)) / scenario.packets.dataBytes;
  const events = packets * EVENTS_PER_PACKET;

  const sw = scenario.switch;
  // Every switch's table towards every host, 16-bit entries (32-bit only for a switch of over
  // 32,767 ports, whose fabrics have few switches): @losslab/topology's buildRoutes.
  const routeEntries = size.switches * size.hosts;
  const routeBytes = 2 * routeEntries;
  const vls = switchLanes(scenario, kinds).vls;
  const voq = kinds.switch.get(sw.kind)?.pairQueues?.(sw) ?? false;
  const voqBytes = voq ? BYTES_PER_VOQ * size.portPairs : 0;
  const fabricBytes =
    routeBytes + BYTES_PER_DEVICE_PART * (size.hosts + 2 * size.links + size.switchPorts * vls) + voqBytes;

  const bins = Math.ceil((scenario.durationMs * 1000) / scenario.metrics.binUs);
  const flows = Array.isArray(scenario.flows) ? scenario.flows.length : size.hosts;
  const groups = Array.isArray(scenario.flows)
    ? new Set(scenario.flows.map((flow) => flow.group)).size + scenario.traffic.length
    : 5 + scenario.traffic.length;
  const classes = scenario.metrics.hotSpot === undefined ? 0 : 2;
  const linkMeters = scenario.metrics.linkMeters?.length ?? 2 * size.links;
  const rateMeters = linkMeters + flows + groups + classes + scenario.metrics.sourceWaitGroups.length;
  const latencyMeters = 1 + groups + classes;
  const counterBytes = bins * (8 * rateMeters + 16 * latencyMeters);

  // Series of every meter but the flows', one point per stepUs, each summing a window of bins.
  const points = Math.ceil((scenario.durationMs * 1000) / scenario.metrics.stepUs);
  const seriesMeters = linkMeters + groups + classes;
  const seriesBytes = seriesMeters * points * BYTES_PER_SERIES_POINT;
  const binsPerWindow = Math.min(bins, Math.ceil((scenario.metrics.windowMs * 1000) / scenario.metrics.binUs));

  const messages = traceMessages(scenario);
  const traceBytes = messages * BYTES_PER_TRACE_MESSAGE;

  const seconds =
    events / EVENTS_PER_SECOND +
    routeEntries / ROUTE_ENTRIES_PER_SECOND +
    (seriesMeters * points * binsPerWindow) / BINS_PER_SECOND +
    messages / TRACE_MESSAGES_PER_SECOND;
  return {
    events,
    seconds,
    counterBytes,
    fabricBytes,
    routeBytes,
    voqBytes,
    seriesBytes,
    traceBytes,
    memoryBytes: fabricBytes + counterBytes + seriesBytes + traceBytes,
  };
}

/** Messages of the scenario's trace generators: lines of a `csv` trace, items of `entries`. */
export function traceMessages(scenario: Scenario): number {
  let messages = 0;
  for (const spec of scenario.traffic as Array<{ kind: string; csv?: unknown; entries?: unknown }>) {
    if (spec.kind !== "trace") continue;
    if (typeof spec.csv === "string") {
      for (let at = spec.csv.indexOf("\n"); at >= 0; at = spec.csv.indexOf("\n", at + 1)) messages++;
    }
    if (Array.isArray(spec.entries)) messages += spec.entries.length;
  }
  return messages;
}

/** Warnings worth showing before a run starts: a very long run, or one that needs gigabytes. */
export function costWarnings(scenario: Scenario, kinds: ScenarioKinds = builtInKinds): string[] {
  const cost = estimateCost(scenario, kinds);
  const warnings: string[] = [];
  if (cost.seconds > 300) {
    warnings.push(
      `durationMs ${scenario.durationMs}: about ${(cost.events / 1e6).toFixed(0)} million events, roughly ${(cost.seconds / 60).toFixed(0)} minutes; shorten durationMs to try it first`,
    );
  }
  if (cost.memoryBytes > 2 ** 30) {
    warnings.push(
      `the fabric, counters and series need about ${gib(cost.memoryBytes)} GiB before the run starts; a larger metrics.binUs or a smaller fabric needs less`,
    );
  }
  return warnings;
}

/** GiB with one decimal. */
export const gib = (bytes: number): string => (bytes / 2 ** 30).toFixed(1);
