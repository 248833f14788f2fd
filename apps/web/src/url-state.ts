/**
 * The page's state in its URL, so that a link reproduces a run:
 * `?preset=NAME[&seed=N][&run=1]`, or `?scenario=TEXT[&run=1]` where TEXT is the scenario
 * file's text, deflated and base64url-encoded. `run=1` starts the run when the page loads.
 * A pinned run to compare with rides along as `pin-preset=NAME[&pin-seed=N]` or
 * `pin-scenario=TEXT`; with `run=1` the page runs it first, then the current one.
 * `threads=N` splits a scenario's runs over N threads (a setting of the page, for both runs).
 */

/** One run as the URL names it: a preset and its seed, or a scenario file's text. */
export interface RunState {
  preset?: string;
  /** A scenario file's text (YAML or JSON). */
  scenario?: string;
  seed?: number;
}

export interface PageState extends RunState {
  /** The pinned run, compared with the current one. */
  pinned?: RunState;
  /** Threads to split a scenario's run over (1 to MAX_THREADS; absent: 1). */
  threads?: number;
  run: boolean;
}

/** Longest `scenario` (or `pin-scenario`) parameter accepted, and longest scenario text it may inflate to. */
export const MAX_ENCODED_CHARS = 200_000;
export const MAX_SCENARIO_CHARS = 1_000_000;
/** Longest query string read at all: two scenarios at their longest, and the short parameters. */
export const MAX_SEARCH_CHARS = 2 * MAX_ENCODED_CHARS + 1_000;
/**
 * Most threads the page splits a run over: a split run's shared rings grow with the square
 * of the parts (2 N^2 rings of 2.5 MB: 320 MB at 8).
 */
export const MAX_THREADS = 8;
/** Longest preset name accepted (the longest real one is a few dozen characters). */
const MAX_PRESET_CHARS = 100;

/** The state a query string describes; throws an Error saying what is wrong with it. */
export async function readState(search: string): Promise<PageState> {
  if (search.length > MAX_SEARCH_CHARS)
    throw new Error(`the URL's query is too long (${search.length} characters, at most ${MAX_SEARCH_CHARS})`);
  const params = new URLSearchParams(search);
  const state: PageState = { run: params.get("run") === "1", ...(await readRun(params, "")) };
  const threads = params.get("threads");
  if (threads !== null) state.threads = readThreads(threads);
  const pinned = await readRun(params, "pin-");
  if (Object.keys(pinned).length > 0) {
    if (pinned.preset === undefined && pinned.scenario === undefined)
      throw new Error("pin-seed needs pin-preset (the pinned run is a preset or a scenario)");
    state.pinned = pinned;
  }
  return state;
}

/** The `threads` parameter's value: a whole number from 1 to MAX_THREADS. */
function readThreads(given: string): number {
  const value = Number(given);
  if (!Number.isSafeInteger(value) || value < 1 || value > MAX_THREADS || given.trim() === "")
    throw new Error(`threads must be a whole number from 1 to ${MAX_THREADS} (got "${given.slice(0, 40)}")`);
  return value;
}

/** The run named by the parameters starting with `prefix` ("" for the current run, "pin-" for the pinned one). */
async function readRun(params: URLSearchParams, prefix: string): Promise<RunState> {
  const run: RunState = {};
  const preset = params.get(`${prefix}preset`);
  if (preset !== null) {
    if (preset.length > MAX_PRESET_CHARS)
      throw new Error(`${prefix}preset is too long (${preset.length} characters): no preset has such a name`);
    run.preset = preset;
  }
  const seed = params.get(`${prefix}seed`);
  if (seed !== null) {
    const value = Number(seed);
    if (!Number.isSafeInteger(value) || value < 0 || seed.trim() === "")
      throw new Error(`${prefix}seed must be a whole number >= 0 (got "${seed.slice(0, 40)}")`);
    run.seed = value;
  }
  const scenario = params.get(`${prefix}scenario`);
  if (scenario !== null) run.scenario = await decodeScenario(scenario, prefix);
  return run;
}

/** The query string of a state (with a leading "?"), parameters in a fixed order. */
export async function writeState(state: PageState): Promise<string> {
  const params = new URLSearchParams();
  await writeRun(params, "", state);
  if (state.threads !== undefined && state.threads !== 1) params.set("threads", String(state.threads));
  if (state.pinned !== undefined) await writeRun(params, "pin-", state.pinned);
  if (state.run) params.set("run", "1");
  return `?${params.toString()}`;
}

async function writeRun(params: URLSearchParams, prefix: string, run: RunState): Promise<void> {
  if (run.scenario !== undefined) params.set(`${prefix}scenario`, await encodeScenario(run.scenario));
  else if (run.preset !== undefined) params.set(`${prefix}preset`, run.preset);
  if (run.scenario === undefined && run.seed !== undefined && run.seed !== 1)
    params.set(`${prefix}seed`, String(run.seed));
}

/** A scenario's text, deflated (raw DEFLATE) and base64url-encoded. */
export async function encodeScenario(text: string): Promise<string> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * The inverse of encodeScenario; refuses what is not such an encoding or inflates past
 * MAX_SCENARIO_CHARS. `prefix` names the parameter in the messages ("pin-": the pinned scenario).
 */
export async function decodeScenario(encoded: string, prefix = ""): Promise<string> {
  const which = prefix === "" ? "the scenario in the URL" : `the ${prefix}scenario in the URL`;
  if (encoded.length > MAX_ENCODED_CHARS) throw new Error(`${which} is too long (${encoded.length} characters)`);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error(`${which} is not base64url text`);
  let binary: string;
  try {
    binary = atob(encoded.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw new Error(`${which} is not base64url text`);
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > MAX_SCENARIO_CHARS) {
        await reader.cancel();
        throw new Error(`${which} inflates to more than ${MAX_SCENARIO_CHARS} characters`);
      }
    }
    return text + decoder.decode();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(which)) throw error;
    throw new Error(`${which} is damaged (it does not inflate to UTF-8 text)`);
  }
}
