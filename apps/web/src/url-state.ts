/**
 * The page's state in its URL, so that a link reproduces a run:
 * `?preset=NAME[&seed=N][&run=1]`, or `?scenario=TEXT[&run=1]` where TEXT is the scenario
 * file's text, deflated and base64url-encoded. `run=1` starts the run when the page loads.
 */

export interface PageState {
  preset?: string;
  /** A scenario file's text (YAML or JSON). */
  scenario?: string;
  seed?: number;
  run: boolean;
}

/** Longest `scenario` parameter accepted, and longest scenario text it may inflate to. */
export const MAX_ENCODED_CHARS = 200_000;
export const MAX_SCENARIO_CHARS = 1_000_000;

/** The state a query string describes; throws an Error saying what is wrong with it. */
export async function readState(search: string): Promise<PageState> {
  const params = new URLSearchParams(search);
  const state: PageState = { run: params.get("run") === "1" };
  const preset = params.get("preset");
  if (preset !== null) state.preset = preset;
  const seed = params.get("seed");
  if (seed !== null) {
    const value = Number(seed);
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`seed must be a whole number >= 0 (got "${seed}")`);
    state.seed = value;
  }
  const scenario = params.get("scenario");
  if (scenario !== null) state.scenario = await decodeScenario(scenario);
  return state;
}

/** The query string of a state (with a leading "?"), parameters in a fixed order. */
export async function writeState(state: PageState): Promise<string> {
  const params = new URLSearchParams();
  if (state.scenario !== undefined) params.set("scenario", await encodeScenario(state.scenario));
  else if (state.preset !== undefined) params.set("preset", state.preset);
  if (state.seed !== undefined && state.seed !== 1) params.set("seed", String(state.seed));
  if (state.run) params.set("run", "1");
  return `?${params.toString()}`;
}

/** A scenario's text, deflated (raw DEFLATE) and base64url-encoded. */
export async function encodeScenario(text: string): Promise<string> {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The inverse of encodeScenario; refuses what is not such an encoding or inflates past MAX_SCENARIO_CHARS. */
export async function decodeScenario(encoded: string): Promise<string> {
  if (encoded.length > MAX_ENCODED_CHARS)
    throw new Error(`the scenario in the URL is too long (${encoded.length} characters)`);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error("the scenario in the URL is not base64url text");
  let binary: string;
  try {
    binary = atob(encoded.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    throw new Error("the scenario in the URL is not base64url text");
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
        throw new Error(`the scenario in the URL inflates to more than ${MAX_SCENARIO_CHARS} characters`);
      }
    }
    return text + decoder.decode();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("the scenario")) throw error;
    throw new Error("the scenario in the URL is damaged (it does not inflate to UTF-8 text)");
  }
}
