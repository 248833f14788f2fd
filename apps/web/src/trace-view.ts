/**
 * A flow's packets on a time line: x is the time, y the device along the flow's path (rows in
 * the order the trace first met them: the source first), one dot per packet event, coloured
 * by event, data packets' hops joined by a thin line so that time spent in a switch shows as
 * a long slope. The events are drawn as one path per event (thousands of dots stay light).
 */
import { svgElement } from "./dom.js";
import { FLOW_TRACE_EVENTS, type FlowTrace } from "./flow-trace.js";

const WIDTH = 1200;
const LEFT = 110;
const RIGHT = 20;
const TOP = 16;
const ROW = 56;
const AXIS = 42;
/** Each event's dots sit a little above or below the device's row, so arrivals and departures do not cover each other. */
const OFFSET: Record<string, number> = {
  generated: -15,
  injected: -10,
  arrived: -5,
  marked: 0,
  departed: 5,
  delivered: 10,
  received: 15,
};
const COLOR: Record<string, string> = {
  generated: "#9d755d",
  injected: "#4c78a8",
  arrived: "#f58518",
  marked: "#e45756",
  departed: "#54a24b",
  delivered: "#b279a2",
  received: "#72b7b2",
};
const ACK_COLOR = "#888888";

/** "Nice" tick values (1, 2 or 5 times a power of ten) covering [low, high]. */
function ticks(low: number, high: number, count: number): number[] {
  const span = high - low || 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(low / step) * step; t <= high + step * 1e-9; t += step) out.push(Number(t.toPrecision(12)));
  return out;
}

/** The time line of `trace` as an SVG element. */
export function drawTrace(trace: FlowTrace): SVGElement {
  const rows = trace.devices.length;
  const height = TOP + Math.max(1, rows) * ROW + AXIS;
  const kept = trace.timesNs.length;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const t of trace.timesNs) {
    low = Math.min(low, t);
    high = Math.max(high, t);
  }
  if (kept === 0) {
    low = trace.fromMs * 1e6;
    high = trace.toMs * 1e6;
  }
  const inUs = high - low < 2e6;
  const unit = inUs ? 1e3 : 1e6;
  const x = (ns: number) => LEFT + ((ns - low) / (high - low || 1)) * (WIDTH - LEFT - RIGHT);
  const rowY = (device: number) => TOP + device * ROW + ROW / 2;
  const svg = svgElement("svg", {
    width: WIDTH,
    height,
    viewBox: `0 0 ${WIDTH} ${height}`,
    role: "img",
    "aria-label": `packet events of flow ${trace.flow} over time, one row per device: ${trace.devices.join(", ")}`,
    class: "trace",
  });
  // Rows and their names.
  trace.devices.forEach((device, i) => {
    svg.appendChild(svgElement("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: rowY(i), y2: rowY(i), stroke: "#e3e3e3" }));
    svg.appendChild(
      svgElement("text", { x: LEFT - 10, y: rowY(i) + 4, "text-anchor": "end", class: "device" }, device),
    );
  });
  // The time axis.
  const axisY = TOP + Math.max(1, rows) * ROW;
  svg.appendChild(svgElement("line", { x1: LEFT, x2: WIDTH - RIGHT, y1: axisY, y2: axisY, stroke: "#444" }));
  for (const t of ticks(low / unit, high / unit, 8)) {
    const tx = x(t * unit);
    svg.appendChild(svgElement("line", { x1: tx, x2: tx, y1: axisY, y2: axisY + 5, stroke: "#444" }));
    svg.appendChild(svgElement("text", { x: tx, y: axisY + 18, "text-anchor": "middle" }, String(t)));
  }
  svg.appendChild(
    svgElement(
      "text",
      { x: (LEFT + WIDTH) / 2, y: axisY + 36, "text-anchor": "middle" },
      inUs ? "time (us)" : "time (ms)",
    ),
  );
  // Each data packet's hops, joined in the order they happened.
  const hops = new Map<number, string>();
  for (let i = 0; i < kept; i++) {
    const event = FLOW_TRACE_EVENTS[trace.events[i] as number] as string;
    if (!trace.data[i] || event === "generated") continue;
    const seq = trace.seqs[i] as number;
    const point = `${x(trace.timesNs[i] as number).toFixed(1)} ${(rowY(trace.deviceIndex[i] as number) + (OFFSET[event] ?? 0)).toFixed(1)}`;
    const path = hops.get(seq);
    hops.set(seq, path === undefined ? `M${point}` : `${path}L${point}`);
  }
  svg.appendChild(
    svgElement("path", { d: [...hops.values()].join(""), fill: "none", stroke: "#c9cdd3", "stroke-width": 0.7 }),
  );
  // One dot per event: a zero-length segment with a round cap, one path per event (ACKs and CNPs in grey).
  const dots = new Map<string, { d: string[]; color: string }>();
  for (let i = 0; i < kept; i++) {
    const event = FLOW_TRACE_EVENTS[trace.events[i] as number] as string;
    const key = trace.data[i] ? event : "ack";
    let entry = dots.get(key);
    if (entry === undefined) {
      entry = { d: [], color: trace.data[i] ? (COLOR[event] ?? "#000") : ACK_COLOR };
      dots.set(key, entry);
    }
    const y = rowY(trace.deviceIndex[i] as number) + (OFFSET[event] ?? 0);
    entry.d.push(`M${x(trace.timesNs[i] as number).toFixed(1)} ${y.toFixed(1)}h0`);
  }
  for (const [event, { d, color }] of dots) {
    svg.appendChild(
      svgElement("path", {
        d: d.join(""),
        stroke: color,
        "stroke-width": 4,
        "stroke-linecap": "round",
        "data-event": event,
        "data-count": d.length,
      }),
    );
  }
  return svg;
}

/** The legend: each event's colour, in a packet's order of life. */
export function traceLegend(): Array<{ name: string; color: string }> {
  return [
    ...FLOW_TRACE_EVENTS.map((event) => ({ name: event, color: COLOR[event] ?? "#000" })),
    { name: "ACK / CNP / request (any event)", color: ACK_COLOR },
  ];
}
