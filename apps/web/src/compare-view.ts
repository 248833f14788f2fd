/**
 * The comparison of a pinned run with the current one: what differs between them (the preset,
 * the seed, the scenario's fields), their live charts overlaid (overlayCharts), and every
 * number of their summaries side by side with the difference and the ratio.
 */
import { drawChart, overlayCharts } from "./charts.js";
import { element } from "./dom.js";
import type { Outcome, Request } from "./protocol.js";
import type { RunView } from "./run-view.js";
import { fieldDifferences, MAX_DIFFERENCE_ROWS, summaryDifferences } from "./summary-differences.js";

/** A run that ended: what was asked, each scenario run's view, and the outcome. */
export interface FinishedRun {
  request: Exclude<Request, { type: "trace-flow" }>;
  views: RunView[];
  outcome: Outcome;
}

export interface CompareArea {
  caption: HTMLElement;
  fields: HTMLElement;
  charts: HTMLElement;
  table: HTMLElement;
}

/** A run in a few words: "preset santos-fig2a, seed 1" or `scenario "name"`. */
export function describeRun(request: FinishedRun["request"], name: string): string {
  return request.type === "run-preset" ? `preset ${request.preset}, seed ${request.seed}` : `scenario "${name}"`;
}

const format = (value: number | null | undefined): string =>
  value === undefined ? "-" : value === null ? "n/a" : String(Number(value.toPrecision(6)));

/** Draws the comparison of run `run` (1-based) of each; resolves when its charts are drawn. */
export async function showComparison(
  area: CompareArea,
  pinned: FinishedRun,
  current: FinishedRun,
  run: number,
): Promise<void> {
  area.caption.textContent = `pinned: ${describeRun(pinned.request, pinned.outcome.name)}; current: ${describeRun(current.request, current.outcome.name)}.`;
  const pinnedView = pinned.views.find((view) => view.run === run);
  const currentView = current.views.find((view) => view.run === run);
  const items: Node[] = [];
  if (pinned.request.type === "run-preset" && current.request.type === "run-preset") {
    if (pinned.request.preset !== current.request.preset)
      items.push(element("li", {}, `preset: ${pinned.request.preset} -> ${current.request.preset}`));
  }
  if (pinnedView !== undefined && currentView !== undefined) {
    const fields = fieldDifferences(pinnedView.scenario, currentView.scenario);
    for (const field of fields)
      items.push(element("li", {}, element("code", {}, field.path), `: ${field.pinned} -> ${field.current}`));
    if (items.length === 0) items.push(element("li", {}, `run ${run}'s scenarios are the same`));
  }
  area.fields.replaceChildren(...items);
  area.charts.replaceChildren();
  area.table.replaceChildren(differenceTable(pinned.outcome.summaryJson, current.outcome.summaryJson));
  if (pinnedView === undefined || currentView === undefined) {
    area.charts.appendChild(
      element(
        "p",
        { class: "muted" },
        `run ${run} is in only one of the two: the charts compare runs of the same number`,
      ),
    );
    return;
  }
  for (const chart of overlayCharts(pinnedView, currentView)) await drawChart(area.charts, chart);
}

function differenceTable(pinnedJson: string, currentJson: string): HTMLElement {
  const rows = summaryDifferences(pinnedJson, currentJson);
  const differing = rows.filter((row) => row.pinned !== row.current).length;
  const head = element(
    "tr",
    {},
    ...["value", "pinned", "current", "difference", "ratio"].map((title) => element("th", { scope: "col" }, title)),
  );
  const body = rows
    .slice(0, MAX_DIFFERENCE_ROWS)
    .map((row) =>
      element(
        "tr",
        row.pinned === row.current ? {} : { class: "changed" },
        element("th", { scope: "row" }, row.path),
        element("td", {}, format(row.pinned)),
        element("td", {}, format(row.current)),
        element("td", {}, format(row.difference)),
        element("td", {}, row.ratio === undefined ? "-" : `${format(row.ratio)}x`),
      ),
    );
  const note = rows.length > MAX_DIFFERENCE_ROWS ? ` (the first ${MAX_DIFFERENCE_ROWS} are listed)` : "";
  return element(
    "div",
    {},
    element("p", {}, `${rows.length} values, ${differing} differ (in bold)${note}.`),
    element(
      "div",
      { class: "differences-scroll" },
      element(
        "table",
        { class: "differences", id: "compare-differences" },
        element("thead", {}, head),
        element("tbody", {}, ...body),
      ),
    ),
  );
}
