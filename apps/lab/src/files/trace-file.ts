/**
 * `--trace FILE` and its filters (`--trace-flows`, `--trace-kinds`, `--trace-window`): the
 * options of a packet trace (@losslab/metrics PacketTrace) streamed to a file in chunks. The
 * chunks go to a temporary file that `close` renames to FILE (see atomic-write.ts): a run
 * killed half-way leaves no trace cut short under FILE.
 */
import { ms, ns, type Time, us } from "@losslab/engine";
import { DEFAULT_TRACE_EVENTS, type PacketTraceOptions, TRACE_EVENTS, type TraceEvent } from "@losslab/metrics";
import { UserError } from "../user-error.js";
import { type AtomicFile, openAtomicFile } from "./atomic-write.js";

export interface TraceFlags {
  trace?: string;
  traceFlows?: string;
  traceKinds?: string;
  traceWindow?: string;
}

export interface TraceFile {
  options: Omit<PacketTraceOptions, "hostName">;
  /**
   * Puts the file in place and returns a line for the user. Also after a run that failed:
   * its trace up to the failure is what one needs to understand it.
   */
  close(): string;
}

/** Opens the trace file (before the run, so a bad path fails at once) with the filters of the flags; undefined without --trace. */
export function openTraceFile(flags: TraceFlags): TraceFile | undefined {
  if (flags.trace === undefined) {
    const stray = (["traceFlows", "traceKinds", "traceWindow"] as const).find((key) => flags[key] !== undefined);
    if (stray !== undefined) throw new UserError(`--${kebab(stray)} filters a trace: give --trace FILE too`);
    return undefined;
  }
  const filters = {
    ...(flags.traceFlows === undefined ? {} : { flows: parseFlows(flags.traceFlows) }),
    events: flags.traceKinds === undefined ? DEFAULT_TRACE_EVENTS : parseKinds(flags.traceKinds),
    ...(flags.traceWindow === undefined ? {} : parseWindow(flags.traceWindow)),
  };
  const file = flags.trace;
  let output: AtomicFile;
  try {
    output = openAtomicFile(file);
  } catch (error) {
    throw new UserError(`--trace: ${(error as Error).message}`);
  }
  let lines = 0;
  const write = (chunk: string) => {
    for (let at = chunk.indexOf("\n"); at >= 0; at = chunk.indexOf("\n", at + 1)) lines++;
    output.write(chunk);
  };
  return {
    options: { ...filters, write },
    close: () => {
      output.close();
      return `wrote ${lines} trace line${lines === 1 ? "" : "s"} to ${file}`;
    },
  };
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function parseFlows(text: string): number[] {
  const items = text.split(",").map((item) => item.trim());
  const flows = items.map(Number);
  if (items.some((item, i) => item === "" || !Number.isInteger(flows[i]) || flows[i]! < 0)) {
    throw new UserError(
      `--trace-flows: expected flow ids (integers >= 0) separated by commas, e.g. 0,3; got "${text}"`,
    );
  }
  return flows;
}

function parseKinds(text: string): TraceEvent[] {
  if (text.trim() === "all") return [...TRACE_EVENTS];
  const kinds = text.split(",").map((item) => item.trim());
  const unknown = kinds.filter((kind) => !(TRACE_EVENTS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0) {
    throw new UserError(
      `--trace-kinds: unknown event ${unknown.map((k) => `"${k}"`).join(", ")}; allowed: ${TRACE_EVENTS.join(", ")}, or all`,
    );
  }
  return kinds as TraceEvent[];
}

const UNITS: Record<string, (value: number) => Time> = { ns, us, ms, s: (value) => ms(value * 1000) };

/** `10ms..12ms`: [from, to) in picoseconds. Either end may be left out (`..5ms`, `10ms..`). */
function parseWindow(text: string): { from?: Time; to?: Time } {
  const parts = text.split("..");
  const time = (part: string): Time | undefined => {
    if (part.trim() === "") return undefined;
    const match = /^\s*(\d+(?:\.\d+)?)\s*(ns|us|ms|s)\s*$/.exec(part);
    if (match === null) throw windowError(text);
    return UNITS[match[2]!]!(Number(match[1]));
  };
  if (parts.length !== 2) throw windowError(text);
  const from = time(parts[0]!);
  const to = time(parts[1]!);
  if (from !== undefined && to !== undefined && !(to > from)) throw windowError(text);
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) };
}

const windowError = (text: string) =>
  new UserError(
    `--trace-window: expected FROM..TO with units ns, us, ms or s and TO > FROM, e.g. 10ms..12ms; got "${text}"`,
  );
