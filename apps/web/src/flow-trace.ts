/**
 * One flow's packet trace, as the page's trace view draws it: the scenario run again in the
 * worker with the scenario package's packet trace (`RunOptions.trace`, the CLI's `--trace
 * --trace-flows`) kept to that flow, its NDJSON lines read into columns as they are written,
 * and at most MAX_TRACE_EVENTS of them kept (the rest are counted, not held).
 */
import { DEFAULT_TRACE_EVENTS, type TraceEvent } from "@losslab/metrics";
import { runScenario, type Scenario } from "@losslab/scenario";

/** The trace's window is in simulated picoseconds. */
const PS_PER_MS = 1e9;

/** Events kept of a flow's trace: enough for a few thousand packets' hops, small enough to draw. */
export const MAX_TRACE_EVENTS = 20_000;

/** The events the view shows: a packet's life, without the link-level PAUSE frames and credits (they belong to no flow). */
export const FLOW_TRACE_EVENTS: readonly TraceEvent[] = DEFAULT_TRACE_EVENTS;

export interface FlowTrace {
  flow: number;
  /**
   * The devices the flow's packets went through: its path, source first (the hops of the data
   * packet that visited the most of them), then any others (another path's) as they appeared.
   */
  devices: string[];
  /** Per kept event (columns, so that it crosses to the page cheaply): time in ns, ... */
  timesNs: number[];
  /** ... index in FLOW_TRACE_EVENTS, ... */
  events: number[];
  /** ... index in `devices`, ... */
  deviceIndex: number[];
  /** ... the packet's sequence number, and whether it is a data packet (else an ACK, CNP or request of the flow). */
  seqs: number[];
  data: boolean[];
  /** Events of the flow in the window, kept or not; `total > timesNs.length` when MAX_TRACE_EVENTS cut the trace. */
  total: number;
  /** The traced window, ms. */
  fromMs: number;
  toMs: number;
}

interface TraceLine {
  t: number;
  ev: TraceEvent;
  dev: string;
  kind: string;
  seq: number;
}

/**
 * Runs `scenario` with a trace of flow `flow` over [fromMs, toMs) and returns its first
 * `maxEvents` events. The run is the package's own: the same scenario gives the same packets
 * as the run the page showed.
 */
export function traceFlow(
  scenario: Scenario,
  flow: number,
  window: { fromMs: number; toMs: number },
  onProgress: (doneMs: number, totalMs: number) => void,
  maxEvents = MAX_TRACE_EVENTS,
): FlowTrace {
  const trace: FlowTrace = {
    flow,
    devices: [],
    timesNs: [],
    events: [],
    deviceIndex: [],
    seqs: [],
    data: [],
    total: 0,
    fromMs: window.fromMs,
    toMs: window.toMs,
  };
  const devices = new Map<string, number>();
  const write = (chunk: string): void => {
    let start = 0;
    for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", start)) {
      trace.total++;
      if (trace.timesNs.length < maxEvents) keep(trace, devices, JSON.parse(chunk.slice(start, end)) as TraceLine);
      start = end + 1;
    }
  };
  runScenario(scenario, {
    onProgress: (doneMs, totalMs) => onProgress(doneMs, totalMs),
    trace: {
      write,
      flows: [flow],
      events: FLOW_TRACE_EVENTS,
      from: Math.round(window.fromMs * PS_PER_MS),
      to: Math.round(window.toMs * PS_PER_MS),
    },
  });
  inPathOrder(trace);
  return trace;
}

/**
 * Reorders `trace.devices` along the flow's path. In order of appearance they need not be: a
 * window that opens while packets and ACKs are in flight meets the far end first.
 */
function inPathOrder(trace: FlowTrace): void {
  const trips = new Map<number, number[]>();
  trace.deviceIndex.forEach((device, i) => {
    if (!trace.data[i] || FLOW_TRACE_EVENTS[trace.events[i] as number] === "generated") return;
    const seq = trace.seqs[i] as number;
    const trip = trips.get(seq) ?? [];
    if (!trip.includes(device)) trip.push(device);
    trips.set(seq, trip);
  });
  let longest: number[] = [];
  for (const trip of trips.values()) if (trip.length > longest.length) longest = trip;
  const order = [...longest, ...[...trace.devices.keys()].filter((device) => !longest.includes(device))];
  const position = new Map(order.map((device, i) => [device, i]));
  trace.devices = order.map((device) => trace.devices[device] as string);
  trace.deviceIndex = trace.deviceIndex.map((device) => position.get(device) as number);
}

function keep(trace: FlowTrace, devices: Map<string, number>, line: TraceLine): void {
  let device = devices.get(line.dev);
  if (device === undefined) {
    device = trace.devices.length;
    devices.set(line.dev, device);
    trace.devices.push(line.dev);
  }
  trace.timesNs.push(line.t);
  trace.events.push(FLOW_TRACE_EVENTS.indexOf(line.ev));
  trace.deviceIndex.push(device);
  trace.seqs.push(line.seq);
  trace.data.push(line.kind === "data");
}
