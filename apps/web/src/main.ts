/**
 * The page: choose a preset or edit a scenario, run it in a Web Worker, watch its progress,
 * its links and flows, then read the CLI's summary and claims. Every string that comes from
 * a scenario or the URL is shown as text (dom.ts), never as HTML.
 */
import "./style.css";
import { findPreset, presetAliases, presets } from "@losslab/reproductions";
import { scenarioJsonSchema } from "@losslab/scenario";
import { stringify as toYaml } from "yaml";
import { drawChart, liveCharts } from "./charts.js";
import { type FinishedRun, showComparison } from "./compare-view.js";
import { byId, element } from "./dom.js";
import type { Message, Outcome } from "./protocol.js";
import type { RunView } from "./run-view.js";
import type { ScenarioEditor } from "./scenario-editor.js";
import { parseScenarioText } from "./scenario-text.js";
import { drawTopology, type TopologyDrawing } from "./topology-view.js";
import { tracePanel } from "./trace-panel.js";
import { MAX_THREADS, type PageState, type RunState, readState, writeState } from "./url-state.js";

const presetSelect = byId<HTMLSelectElement>("preset");
const seedInput = byId<HTMLInputElement>("seed");
const threadsInput = byId<HTMLInputElement>("threads");
const threadsNote = byId("threads-note");
const runButton = byId<HTMLButtonElement>("run");
const stopButton = byId<HTMLButtonElement>("stop");
const progressBar = byId<HTMLProgressElement>("progress");
const statusText = byId("status");
const description = byId("description");
const editorSection = byId<HTMLDetailsElement>("editor-section");
const editor = byId<HTMLTextAreaElement>("editor");
const editorStatus = byId("editor-status");
const summaryArea = byId("summary-area");
const runSelect = byId<HTMLSelectElement>("run-select");
const liveArea = byId("live-charts");
const timeInput = byId<HTMLInputElement>("time");
const timeLabel = byId("time-label");
const topologyArea = byId("topology");
const chartsArea = byId("charts");
const pinButton = byId<HTMLButtonElement>("pin");
const unpinButton = byId<HTMLButtonElement>("unpin");
const compareSection = byId("compare");
const compareArea = {
  caption: byId("compare-caption"),
  fields: byId("compare-fields"),
  charts: byId("compare-charts"),
  table: byId("compare-table"),
};

type RunRequest = FinishedRun["request"];

let worker: Worker | undefined;
let runs = 0;
let views: RunView[] = [];
let drawing: TopologyDrawing | undefined;
let shownRun: number | undefined;
/** Whether the run selector follows the newest run (until the user picks one). */
let followNewest = true;
let startedAt = 0;
/** What the running worker runs, and whether it is the pinned run (made first when a link names one). */
let running: { request: RunRequest; pinned: boolean } | undefined;
/** The run to make once the pinned one has ended. */
let queued: RunRequest | undefined;
/** The last run that ended, which `Pin this run` pins. */
let lastRun: FinishedRun | undefined;
/** The pinned run: what it is (from a pin or the URL), and its results once it has run. */
let pinnedRequest: RunRequest | undefined;
let pinned: FinishedRun | undefined;

for (const preset of presets) {
  presetSelect.appendChild(element("option", { value: preset.name }, preset.name));
}

function setStatus(text: string, error = false): void {
  statusText.textContent = text;
  statusText.className = error ? "error" : "";
}

function describePreset(): void {
  const preset = presets.find((p) => p.name === presetSelect.value);
  description.textContent = preset === undefined ? "" : `${preset.description} (CLI: ${preset.expectedRuntime})`;
}

function seed(): number {
  const value = Number(seedInput.value);
  return Number.isSafeInteger(value) && value >= 0 ? value : 1;
}

/** Threads to split a scenario's run over: the input's whole number, within 1 to MAX_THREADS. */
function threads(): number {
  const value = Number(threadsInput.value);
  return Number.isSafeInteger(value) ? Math.min(MAX_THREADS, Math.max(1, value)) : 1;
}

async function setUrl(state: PageState): Promise<void> {
  const withPin = pinnedRequest === undefined ? state : { ...state, pinned: runState(pinnedRequest) };
  history.replaceState(null, "", `${location.pathname}${await writeState(withPin)}`);
}

function runState(request: RunRequest): RunState {
  return request.type === "run-preset" ? { preset: request.preset, seed: request.seed } : { scenario: request.text };
}

/** The URL's state of the current run (the one the page shows or is about to run). */
function currentState(request: RunRequest | undefined): PageState {
  if (request?.type === "run-scenario") return { scenario: request.text, threads: threads(), run: false };
  return { preset: presetSelect.value, seed: seed(), threads: threads(), run: false };
}

// ---------------------------------------------------------------------------------------
// Running

/** Runs `request`; when a pinned run is named but has not run yet (a link), runs that first. */
function start(request: RunRequest, asPinned = false): void {
  if (!asPinned && pinnedRequest !== undefined && pinned === undefined) {
    queued = request;
    start(pinnedRequest, true);
    return;
  }
  stop(false);
  clearResults();
  running = { request, pinned: asPinned };
  pinButton.disabled = true;
  if (!asPinned) lastRun = undefined;
  if (pinned !== undefined && !asPinned) {
    compareArea.caption.textContent = `Pinned: "${pinned.outcome.name}". The comparison follows when this run ends.`;
    compareArea.fields.replaceChildren();
    compareArea.charts.replaceChildren();
    compareArea.table.replaceChildren();
  }
  const next = spare ?? newWorker();
  spare = undefined;
  worker = next;
  next.onmessage = (event: MessageEvent<Message>) => {
    if (worker === next) receive(event.data);
  };
  next.onerror = (event) => {
    if (worker !== next) return;
    finishRun();
    setStatus(`the worker failed: ${event.message}`, true);
  };
  startedAt = performance.now();
  runButton.disabled = true;
  stopButton.disabled = false;
  setStatus(asPinned ? "starting the pinned run" : "starting");
  next.postMessage(request);
}

/**
 * A worker loaded ahead of the next run (loading one takes a good part of a second: the
 * simulator's modules and registries), made when the page is idle: at load and after a run.
 */
let spare: Worker | undefined;

const newWorker = (): Worker => new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });

/** The packet trace of one flow of the run shown (its own worker, beside the run's). */
const trace = tracePanel(newWorker);

function prepareSpare(): void {
  spare ??= newWorker();
}

function stop(userAsked: boolean): void {
  if (worker === undefined) return;
  finishRun();
  if (userAsked) {
    queued = undefined;
    setStatus("stopped");
  }
}

function finishRun(): void {
  worker?.terminate();
  worker = undefined;
  running = undefined;
  runButton.disabled = false;
  stopButton.disabled = true;
  prepareSpare();
}

function clearResults(): void {
  runs = 0;
  views = [];
  drawing = undefined;
  shownRun = undefined;
  followNewest = true;
  progressBar.value = 0;
  threadsNote.hidden = true;
  threadsNote.textContent = "";
  summaryArea.replaceChildren(element("p", { class: "muted" }, "running..."));
  runSelect.replaceChildren();
  liveArea.replaceChildren();
  topologyArea.replaceChildren();
  chartsArea.replaceChildren();
  timeInput.max = "0";
  timeLabel.textContent = "";
}

function receive(message: Message): void {
  switch (message.type) {
    case "started":
      runs = message.runs;
      setStatus(
        `running ${running?.pinned ? "the pinned run, " : ""}${message.name}${runs > 1 ? ` (${runs} runs)` : ""}`,
      );
      break;
    case "progress":
      if (message.total > 0 && runs === 0) progressBar.value = message.done / message.total;
      break;
    case "run-progress": {
      const total = Math.max(runs, message.run);
      progressBar.value = (message.run - 1 + message.doneMs / message.totalMs) / total;
      const which = total > 1 ? `run ${message.run} of ${total}: ` : "";
      setStatus(`${which}${Math.round(message.doneMs)} of ${message.totalMs} ms simulated`);
      break;
    }
    case "threads":
      // One visible line: how the run is split, or why it runs on one thread.
      threadsNote.textContent =
        message.fallback === undefined
          ? `split over ${message.threads} threads`
          : `runs on one thread: ${message.fallback}`;
      threadsNote.className = message.fallback === undefined ? "" : "warning";
      threadsNote.hidden = false;
      break;
    case "run-result":
      addRun(message.view);
      break;
    case "done": {
      const ended: FinishedRun | undefined =
        running === undefined ? undefined : { request: running.request, views, outcome: message.outcome };
      const wasPinned = running?.pinned === true;
      finishRun();
      progressBar.value = 1;
      if (ended !== undefined && wasPinned) {
        pinned = ended;
        showPin();
        const next = queued;
        queued = undefined;
        if (next !== undefined) start(next);
        return;
      }
      lastRun = ended;
      pinButton.disabled = ended === undefined;
      void showOutcome(message.outcome).then(() => showComparisonOf(lastRun));
      break;
    }
    case "error": {
      const which = running?.pinned ? "the pinned run: " : "";
      queued = undefined;
      finishRun();
      setStatus(`${which}${message.message}`, true);
      summaryArea.replaceChildren(element("pre", { class: "error" }, message.message));
      break;
    }
  }
}

function addRun(view: RunView): void {
  views.push(view);
  runSelect.appendChild(element("option", { value: String(view.run) }, `${view.run}: ${view.name}`));
  if (followNewest) {
    runSelect.value = String(view.run);
    void showRun(view);
  }
}

async function showRun(view: RunView): Promise<void> {
  shownRun = view.run;
  trace.offer(view);
  drawing = drawTopology(view);
  topologyArea.replaceChildren(drawing.svg);
  timeInput.max = String(Math.max(0, view.timesMs.length - 1));
  timeInput.value = timeInput.max;
  showTime();
  liveArea.replaceChildren();
  for (const chart of liveCharts(view)) {
    if (shownRun !== view.run) return;
    await drawChart(liveArea, chart);
  }
}

function showTime(): void {
  const view = views.find((v) => v.run === shownRun);
  if (view === undefined || drawing === undefined) return;
  const index = Number(timeInput.value);
  drawing.show(index);
  timeLabel.textContent = `${(view.timesMs[index] ?? 0).toFixed(2)} ms of ${view.durationMs} ms`;
}

/** A link that saves `text` as a file named after `name` (letters, digits, `.`, `_` and `-` only). */
function download(name: string, text: string, type: string): HTMLAnchorElement {
  const file = name.replace(/[^A-Za-z0-9._-]+/g, "-").slice(0, 120);
  const link = element("a", { download: file }, file);
  link.href = URL.createObjectURL(new Blob([text], { type }));
  return link;
}

async function showOutcome(outcome: Outcome): Promise<void> {
  const seconds = (performance.now() - startedAt) / 1000;
  setStatus(`${outcome.name} done in ${seconds.toFixed(2)} s (simulation ${(outcome.elapsedMs / 1000).toFixed(2)} s)`);
  statusText.dataset.pageMs = String(Math.round(performance.now() - startedAt));
  statusText.dataset.workerMs = String(Math.round(outcome.elapsedMs));
  const parts: Node[] = [];
  if (outcome.checks.length > 0) {
    const passed = outcome.checks.filter((check) => check.pass).length;
    parts.push(element("p", {}, `${passed} of ${outcome.checks.length} claims pass`));
    const rows = outcome.checks.map((check) =>
      element(
        "tr",
        {},
        element("td", {}, check.id),
        element("td", {}, check.claim),
        element("td", {}, check.value === null ? "n/a" : String(check.value)),
        element("td", {}, check.expected),
        element("td", { class: check.pass ? "pass" : "fail" }, check.pass ? "PASS" : "FAIL"),
      ),
    );
    const head = element("tr", {}, ...["claim", "", "value", "expected", ""].map((title) => element("th", {}, title)));
    parts.push(element("table", { class: "checks" }, element("thead", {}, head), element("tbody", {}, ...rows)));
  }
  const downloads = element(
    "p",
    { class: "downloads" },
    "download: ",
    download(`${outcome.name}.json`, outcome.summaryJson, "application/json"),
    ...Object.entries(outcome.csv).map(([name, csv]) => download(`${name}.csv`, csv, "text/csv")),
  );
  parts.push(downloads);
  const grid = element("div", { class: "summary-grid" });
  if (outcome.table !== outcome.summaryJson) grid.appendChild(element("pre", { id: "summary-table" }, outcome.table));
  // The same bytes as `losslab reproduce NAME --json` (for a preset).
  grid.appendChild(element("pre", { id: "summary-json" }, outcome.summaryJson));
  parts.push(grid);
  if (outcome.threads !== undefined) parts.push(...threadsSummary(outcome.threads));
  summaryArea.replaceChildren(...parts);
  for (const chart of outcome.charts) await drawChart(chartsArea, chart);
}

/**
 * A split run's cost (`stats.threads`, `stats.scaling`, as `losslab run --threads N` prints
 * them): per thread, its events, windows, and wall time running, waiting at window ends and
 * taking in the others' frames; then the scaling the run predicts for other thread counts.
 */
function threadsSummary({ parts, scaling }: NonNullable<Outcome["threads"]>): Node[] {
  const head = ["thread", "events", "windows", "running (ms)", "waiting (ms)", "taking in (ms)"];
  const rows = parts.map((part, index) =>
    element(
      "tr",
      {},
      ...[index, part.events, part.windows, part.runMs, part.waitMs, part.exchangeMs].map((value) =>
        element("td", {}, String(value)),
      ),
    ),
  );
  const table = element(
    "table",
    { id: "summary-threads", class: "checks" },
    element("thead", {}, element("tr", {}, ...head.map((title) => element("th", {}, title)))),
    element("tbody", {}, ...rows),
  );
  if (scaling === undefined) return [table];
  const { measured } = scaling;
  // The model of the measured split exists only for the counts predicted (2, 4, 8, 16 where the fabric splits so).
  const model = Number.isFinite(measured.modelMs)
    ? ` (the busiest part's events at ${scaling.perEventUs} us each: ${measured.modelMs} ms, + ${scaling.windowOverheadUs} us per window)`
    : "";
  const predicted = scaling.predicted
    .map((p) => `${p.threads} threads ${p.speedup}x (imbalance ${p.imbalance})`)
    .join(", ");
  return [
    table,
    element(
      "p",
      { id: "summary-scaling" },
      `windows: ${measured.windowsMs} ms on ${measured.threads} threads${model}; predicted from it: ${predicted}`,
    ),
  ];
}

function startScenario(text: string): void {
  start({ type: "run-scenario", text, threads: threads() });
  description.textContent = "the scenario in the editor (below)";
  chartsArea.replaceChildren(
    element("p", { class: "muted" }, "A scenario has no figure of its own: see the live charts."),
  );
}

// ---------------------------------------------------------------------------------------
// Comparing with a pinned run

function showPin(): void {
  pinButton.hidden = pinnedRequest !== undefined;
  unpinButton.hidden = pinnedRequest === undefined;
  compareSection.hidden = pinnedRequest === undefined;
  if (pinnedRequest === undefined) return;
  if (lastRun === pinned || lastRun === undefined) {
    const what = pinned === undefined ? "it runs before the next run" : `"${pinned.outcome.name}"`;
    compareArea.caption.textContent = `Pinned: ${what}. Change the scheme or a parameter and run again: the two runs are compared here.`;
    compareArea.fields.replaceChildren();
    compareArea.charts.replaceChildren();
    compareArea.table.replaceChildren();
  }
}

/** Compares `current` with the pinned run, at the run the run selector shows. */
async function showComparisonOf(current: FinishedRun | undefined): Promise<void> {
  if (pinned === undefined || current === undefined || current === pinned) return;
  compareSection.hidden = false;
  await showComparison(compareArea, pinned, current, shownRun ?? 1);
}

pinButton.addEventListener("click", () => {
  if (lastRun === undefined) return;
  pinned = lastRun;
  pinnedRequest = lastRun.request;
  showPin();
  void setUrl(currentState(lastRun.request));
  setStatus(`pinned ${lastRun.outcome.name}: the next run is compared with it`);
});
unpinButton.addEventListener("click", () => {
  pinned = undefined;
  pinnedRequest = undefined;
  showPin();
  pinButton.disabled = lastRun === undefined;
  void setUrl(currentState(lastRun?.request));
});

// ---------------------------------------------------------------------------------------
// The editor: the plain text area until the code editor (CodeMirror, loaded when the editor
// is first opened) takes its place.

let codeEditor: ScenarioEditor | undefined;
let codeEditorLoading = false;
let validateTimer: ReturnType<typeof setTimeout> | undefined;

const editorText = (): string => codeEditor?.text() ?? editor.value;

function setEditorText(text: string): void {
  if (codeEditor === undefined) editor.value = text;
  else codeEditor.setText(text);
}

function scheduleValidation(): void {
  clearTimeout(validateTimer);
  validateTimer = setTimeout(validateEditor, 300);
}

function loadCodeEditor(): void {
  if (codeEditorLoading) return;
  codeEditorLoading = true;
  import("./scenario-editor.js").then(
    ({ mountScenarioEditor }) => {
      codeEditor = mountScenarioEditor(editor, scheduleValidation);
      validateEditor();
    },
    (error: unknown) => {
      editorStatus.textContent = `the code editor did not load (${error instanceof Error ? error.message : String(error)}): this is a plain text area`;
      editorStatus.className = "error";
    },
  );
}

function validateEditor(): boolean {
  try {
    const scenario = parseScenarioText(editorText());
    editorStatus.textContent = `valid: "${scenario.name}", ${scenario.durationMs} ms, topology ${scenario.topology.kind}`;
    editorStatus.className = "ok";
    return true;
  } catch (error) {
    editorStatus.textContent = error instanceof Error ? error.message : String(error);
    editorStatus.className = "error";
    return false;
  }
}

function loadPresetScenario(): void {
  const preset = findPreset(presetSelect.value);
  const scenarios = preset.scenarios(seed());
  if (scenarios.length === 0) {
    editorStatus.textContent = `${preset.name} is analytical: it simulates no scenario`;
    editorStatus.className = "error";
    return;
  }
  setEditorText(`# ${preset.name}, run 1 of ${scenarios.length}\n${toYaml(scenarios[0])}`);
  validateEditor();
}

// ---------------------------------------------------------------------------------------
// Wiring

presetSelect.addEventListener("change", () => {
  describePreset();
  void setUrl(currentState(undefined));
});
seedInput.addEventListener("change", () => void setUrl(currentState(undefined)));
threadsInput.addEventListener("change", () => void setUrl(currentState(running?.request ?? lastRun?.request)));
runButton.addEventListener("click", () => {
  void setUrl(currentState(undefined));
  start({ type: "run-preset", preset: presetSelect.value, seed: seed(), threads: threads() });
});
stopButton.addEventListener("click", () => stop(true));
byId("copy-link").addEventListener("click", () => {
  void navigator.clipboard?.writeText(location.href).then(
    () => setStatus("link copied"),
    () => setStatus(`link: ${location.href}`),
  );
});
byId("load-scenario").addEventListener("click", loadPresetScenario);
byId("run-scenario").addEventListener("click", () => {
  if (!validateEditor()) return;
  const text = editorText();
  void setUrl({ scenario: text, threads: threads(), run: false });
  startScenario(text);
});
editor.addEventListener("input", scheduleValidation);
editorSection.addEventListener("toggle", () => {
  if (editorSection.open) loadCodeEditor();
});
runSelect.addEventListener("change", () => {
  followNewest = false;
  const view = views.find((v) => String(v.run) === runSelect.value);
  if (view !== undefined) void showRun(view);
  if (worker === undefined) void showComparisonOf(lastRun);
});
timeInput.addEventListener("input", showTime);
const playButton = byId<HTMLButtonElement>("play");
let playing: ReturnType<typeof setInterval> | undefined;
playButton.addEventListener("click", () => {
  if (playing !== undefined) {
    clearInterval(playing);
    playing = undefined;
    playButton.textContent = "Play";
    return;
  }
  if (timeInput.value === timeInput.max) timeInput.value = "0";
  playButton.textContent = "Pause";
  playing = setInterval(() => {
    const next = Number(timeInput.value) + 1;
    if (next > Number(timeInput.max)) {
      playButton.click();
      return;
    }
    timeInput.value = String(next);
    showTime();
  }, 60);
});
byId("schema-download").addEventListener("click", () => {
  download("scenario.schema.json", `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`, "application/json").click();
});

async function load(): Promise<void> {
  let state: PageState;
  try {
    state = await readState(location.search);
  } catch (error) {
    setStatus(error instanceof Error ? error.message : String(error), true);
    describePreset();
    return;
  }
  if (state.seed !== undefined) seedInput.value = String(state.seed);
  if (state.threads !== undefined) threadsInput.value = String(state.threads);
  if (state.pinned !== undefined) {
    const request = pinnedRunRequest(state.pinned);
    if (request === undefined) {
      describePreset();
      return;
    }
    pinnedRequest = request;
    showPin();
  }
  if (state.scenario !== undefined) {
    editor.value = state.scenario;
    editorSection.open = true;
    const valid = validateEditor();
    if (state.run && valid) startScenario(state.scenario);
    else prepareSpare();
    return;
  }
  const name = presetName(state.preset);
  if (state.preset !== undefined) {
    if (name === undefined) {
      setStatus(`unknown preset "${state.preset}"`, true);
      describePreset();
      return;
    }
    presetSelect.value = name;
  }
  describePreset();
  if (state.run && name !== undefined) start({ type: "run-preset", preset: name, seed: seed(), threads: threads() });
  else prepareSpare();
}

/** A preset's name as the URL gives it: an old name (`presetAliases`, kept so that links keep working) selects its preset. */
function presetName(given: string | undefined): string | undefined {
  if (given === undefined || presets.some((p) => p.name === given)) return given;
  return Object.hasOwn(presetAliases, given) ? presetAliases[given] : undefined;
}

/** The pinned run a link names; undefined (and a message on the page) when it names no preset there is. */
function pinnedRunRequest(state: RunState): RunRequest | undefined {
  if (state.scenario !== undefined) return { type: "run-scenario", text: state.scenario, threads: threads() };
  const name = presetName(state.preset);
  if (name === undefined) {
    setStatus(`unknown pinned preset "${state.preset}"`, true);
    return undefined;
  }
  return { type: "run-preset", preset: name, seed: state.seed ?? 1, threads: threads() };
}

void load();
