/**
 * The trace section of the page: the flows of the run shown, a window, and `Trace this flow`,
 * which runs that run's scenario again in a worker of its own with a trace of the flow
 * (flow-trace.ts), then draws it (trace-view.ts) and says whether MAX_TRACE_EVENTS cut it.
 */
import { resolveFlows } from "@losslab/scenario";
import { byId, element } from "./dom.js";
import { MAX_TRACE_EVENTS } from "./flow-trace.js";
import type { Message, Request } from "./protocol.js";
import type { RunView } from "./run-view.js";
import { drawTrace, traceLegend } from "./trace-view.js";

/** Flows offered in the selector at most (a large fabric's traffic may list thousands). */
const MAX_FLOW_OPTIONS = 2000;

export interface TracePanel {
  /** Offers the flows of `view`, the run the page shows. */
  offer(view: RunView): void;
}

export function tracePanel(newWorker: () => Worker): TracePanel {
  const traceFlowSelect = byId<HTMLSelectElement>("trace-flow");
  /** Any flow id: the flows a scenario's traffic generators make come after its listed flows. */
  const traceFlowId = byId<HTMLInputElement>("trace-flow-id");
  const traceFrom = byId<HTMLInputElement>("trace-from");
  const traceTo = byId<HTMLInputElement>("trace-to");
  const traceButton = byId<HTMLButtonElement>("trace-run");
  const traceStatus = byId("trace-status");
  const traceCaption = byId("trace-caption");
  const traceArea = byId("trace-view");

  let traceWorker: Worker | undefined;
  /** The run whose flows the trace offers (the one shown). */
  let traceView: RunView | undefined;

  function offer(view: RunView): void {
    traceView = view;
    const hosts = new Set((view.nodes ?? []).filter((node) => node.host).map((node) => node.id));
    let flows: ReturnType<typeof resolveFlows> = [];
    try {
      flows = resolveFlows(view.scenario, hosts);
    } catch {
      // A run that ran has flows that resolve; a view from elsewhere offers none.
    }
    traceFlowSelect.replaceChildren(
      ...flows
        .slice(0, MAX_FLOW_OPTIONS)
        .map((flow) =>
          element(
            "option",
            { value: String(flow.id) },
            `${flow.id}: ${flow.source} -> ${flow.destination} (${flow.group})`,
          ),
        ),
    );
    traceFrom.value = "0";
    traceTo.value = String(view.durationMs);
    traceFlowId.value = "";
    traceButton.disabled = false;
    traceStatus.textContent =
      flows.length === 0 ? "this run lists no flows: give the id of one its traffic generators make (0, 1, ...)" : "";
  }

  function traceFlowNow(): void {
    const view = traceView;
    if (view === undefined) return;
    const typed = traceFlowId.value.trim();
    const flow = Number(typed === "" ? traceFlowSelect.value : typed);
    if ((typed === "" && traceFlowSelect.value === "") || !Number.isSafeInteger(flow) || flow < 0) {
      traceStatus.textContent = "pick a flow, or give a flow id (a whole number >= 0)";
      traceStatus.className = "error";
      return;
    }
    const fromMs = Number(traceFrom.value);
    const toMs = Number(traceTo.value);
    if (
      !(Number.isFinite(fromMs) && Number.isFinite(toMs) && fromMs >= 0 && toMs > fromMs && toMs <= view.durationMs)
    ) {
      traceStatus.textContent = `from and to must be times in ms with 0 <= from < to <= ${view.durationMs}`;
      traceStatus.className = "error";
      return;
    }
    const label = typed === "" ? (traceFlowSelect.selectedOptions[0]?.textContent ?? String(flow)) : String(flow);
    traceWorker?.terminate();
    const tracer = newWorker();
    traceWorker = tracer;
    traceStatus.className = "";
    traceStatus.textContent = `tracing flow ${flow}`;
    tracer.onmessage = (event: MessageEvent<Message>) => {
      if (traceWorker !== tracer) return;
      const message = event.data;
      if (message.type === "run-progress") {
        traceStatus.textContent = `tracing flow ${flow}: ${Math.round(message.doneMs)} of ${message.totalMs} ms simulated`;
      } else if (message.type === "trace" || message.type === "error") {
        tracer.terminate();
        traceWorker = undefined;
        if (message.type === "error") {
          traceStatus.textContent = message.message;
          traceStatus.className = "error";
          return;
        }
        const trace = message.trace;
        if (trace.total === 0) {
          traceStatus.textContent = `flow ${label}: no events`;
          traceCaption.className = "error";
          traceCaption.textContent = `Flow ${label} has no packet event in ${trace.fromMs}..${trace.toMs} ms: there is no such flow, or it sent nothing then.`;
          traceArea.replaceChildren();
          return;
        }
        const kept = trace.timesNs.length;
        traceStatus.textContent = `flow ${label}: ${kept.toLocaleString("en")} events`;
        traceCaption.className = kept < trace.total ? "error" : "muted";
        traceCaption.textContent =
          kept < trace.total
            ? `The trace is cut: the page keeps the first ${MAX_TRACE_EVENTS.toLocaleString("en")} events of a flow, and flow ${label} has ${trace.total.toLocaleString("en")} in ${trace.fromMs}..${trace.toMs} ms. Narrow the window (from, to) to see the rest.`
            : `Flow ${label}: all its ${trace.total.toLocaleString("en")} packet events in ${trace.fromMs}..${trace.toMs} ms, through ${trace.devices.join(", ")}. Lines join each data packet's hops.`;
        const legend = element(
          "p",
          { class: "legend" },
          ...traceLegend().map(({ name, color }) =>
            element("span", {}, element("span", { class: "dot", style: `background:${color}` }), name),
          ),
        );
        traceArea.replaceChildren(legend, drawTrace(trace));
      }
    };
    tracer.onerror = (event) => {
      if (traceWorker !== tracer) return;
      traceStatus.textContent = `the worker failed: ${event.message}`;
      traceStatus.className = "error";
    };
    const request: Request = { type: "trace-flow", scenario: JSON.stringify(view.scenario), flow, fromMs, toMs };
    tracer.postMessage(request);
  }

  traceButton.addEventListener("click", traceFlowNow);
  return { offer };
}
