/**
 * htsim's connection matrices (`.cm` files: sim/datacenter/connection_matrices, read by
 * ConnectionMatrix::load in connection_matrix.cpp): their parser, its intermediate form, and the
 * timed flows of a matrix without triggers. A matrix is a header, then one line per
 * connection, trigger or failure; `#` starts a comment line:
 *
 *     Nodes 16
 *     Connections 2
 *     Triggers 1                                   (optional; so is "Failures N")
 *     7->15 id 1 start 0 size 2000000 send_done_trigger 1
 *     7->0 id 2 trigger 1 size 2000000
 *     trigger id 1 oneshot                         (oneshot | multishot | barrier [count N])
 *
 * A connection is `<src>-><dst>` (hosts 0..Nodes-1) and fields in any order: `size` bytes,
 * `start` picoseconds or `trigger <id>` (exactly one), `id`, `msg`, `prio`,
 * `send_done_trigger <id>`, `recv_done_trigger <id>`.
 */
import { formatValue, KindError, tokenLines } from "@losslab/kinds";
import { MAX_MESSAGE_BYTES, MAX_SPEC_TIME_US } from "./check-spec.js";

/**
 * One connection as the matrix gives it: the intermediate form that keeps what losslab does
 * not run yet (what starts it, what it fires), for dependency-driven traffic to use.
 */
export interface MatrixConnection {
  /** Its line in the file. */
  readonly line: number;
  /** Host numbers, 0..nodes-1. */
  readonly source: number;
  readonly destination: number;
  /** Bytes to send. */
  readonly bytes: number;
  /** When it starts, ps from the start of the run; absent when a trigger starts it. */
  readonly startPs?: number;
  /** The trigger that starts it (`trigger <id>`). */
  readonly trigger?: number;
  /** The trigger it fires when its last byte is sent (`send_done_trigger`). */
  readonly sendDoneTrigger?: number;
  /** The trigger it fires when its last byte is received (`recv_done_trigger`). */
  readonly receiveDoneTrigger?: number;
  /** Its flow id (`id`, >= 1). */
  readonly id?: number;
  /** Its message id (`msg`). */
  readonly message?: number;
  /** Its priority (`prio`; htsim's default 2000000 when absent). */
  readonly priority?: number;
}

/**
 * A trigger line: when it fires the connections it starts (htsim's triggers.h). `oneshot`
 * fires once, at the first done event naming it; `multishot` at each; `barrier` after
 * `count` of them.
 */
export interface MatrixTrigger {
  readonly line: number;
  readonly id: number;
  readonly type: "oneshot" | "multishot" | "barrier";
  /** The done events a barrier waits for. */
  readonly count?: number;
}

/** A parsed connection matrix, triggers and failures kept apart (see `matrixFlows`). */
export interface ConnectionMatrix {
  /** Hosts 0..nodes-1. */
  readonly nodes: number;
  readonly connections: readonly MatrixConnection[];
  readonly triggers: readonly MatrixTrigger[];
  /** The lines of the `Triggers N` and `Failures N` headers when the file has them. */
  readonly triggersLine?: number;
  /** Link failure lines (`failure switch_type TOR switch_id 3 link_id 0`): kept as lines, never run. */
  readonly failures: ReadonlyArray<{ readonly line: number; readonly text: string }>;
  readonly failuresLine?: number;
}

/** A connection that starts at a time: what a trace replays. */
export interface MatrixFlow {
  readonly source: number;
  readonly destination: number;
  readonly startPs: number;
  readonly bytes: number;
}

const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const CONNECTION_FIELDS = ["start", "size", "id", "msg", "trigger", "send_done_trigger", "recv_done_trigger", "prio"];
const MAX_PS = MAX_SPEC_TIME_US * 1e6;
/** The most hosts, connections, triggers or failures a header may announce. */
const MAX_COUNT = 2 ** 31 - 1;

/**
 * Parses a connection matrix into its intermediate form, checking it as htsim's loader does
 * (counts, one start per connection, triggers defined) and more (hosts in range, sizes and
 * times numbers). Errors are `KindError`s naming `origin`, the line and the field:
 * `perm.cm line 4, field size: must be an integer number of bytes from 1 to ..., got "-3"`.
 *
 * @example
 * parseConnectionMatrix("Nodes 4\nConnections 1\n3->1 id 1 start 0 size 9000\n").connections[0];
 * // { line: 3, source: 3, destination: 1, bytes: 9000, startPs: 0, id: 1 }
 */
export function parseConnectionMatrix(text: string, origin = "matrix.cm"): ConnectionMatrix {
  const lines = tokenLines(text).filter(({ tokens }) => !(tokens[0] as string).startsWith("#"));
  const header: Record<string, { value: number; line: number }> = {};
  const connections: MatrixConnection[] = [];
  const triggers: MatrixTrigger[] = [];
  const failures: Array<{ line: number; text: string }> = [];
  const at = (line: number, field: string) => `${origin} line ${line}, field ${field}`;
  const bad = (line: number, field: string, expected: string, value: string | undefined) =>
    new KindError(at(line, field), `${at(line, field)}: must be ${expected}, got ${formatValue(value)}`);
  const whole = (line: number, field: string, value: string | undefined, min: number, max: number): number => {
    const number = Number(value);
    if (value === undefined || !WHOLE.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
      throw bad(line, field, `an integer from ${min} to ${max}`, value);
    }
    return number;
  };
  let body = false;
  for (const { line, tokens } of lines) {
    const [first = "", ...rest] = tokens;
    if (!body && ["Nodes", "Connections", "Triggers", "Failures"].includes(first)) {
      if (header[first] !== undefined) throw new KindError(at(line, first), `${at(line, first)}: given twice`);
      if (rest.length !== 1) throw bad(line, first, `"${first} <count>"`, tokens.join(" "));
      header[first] = { value: whole(line, first, rest[0], first === "Nodes" ? 1 : 0, MAX_COUNT), line };
      continue;
    }
    body = true;
    const nodes = header.Nodes?.value;
    if (nodes === undefined || header.Connections === undefined) {
      throw new KindError(
        `${origin} line ${line}`,
        `${origin} line ${line}: the header must give "Nodes <count>" and "Connections <count>" before the first connection`,
      );
    }
    if (first.includes("->")) {
      const [from, to] = first.split("->");
      const source = whole(line, "source", from, 0, nodes - 1);
      const destination = whole(line, "destination", to, 0, nodes - 1);
      if (source === destination) throw bad(line, "destination", `a host other than the source ${source}`, to);
      const fields: Record<string, number> = {};
      for (let i = 0; i < rest.length; i++) {
        const key = rest[i] as string;
        if (!CONNECTION_FIELDS.includes(key)) {
          throw new KindError(
            at(line, key),
            `${origin} line ${line}: unknown field ${formatValue(key)}; allowed: ${CONNECTION_FIELDS.join(", ")}`,
          );
        }
        if (key in fields) throw new KindError(at(line, key), `${at(line, key)}: given twice`);
        // `msg` may stand alone (htsim then takes message 0).
        if (key === "msg" && (rest[i + 1] === undefined || !WHOLE.test(rest[i + 1] as string))) {
          fields.msg = 0;
          continue;
        }
        const value = rest[++i];
        if (key === "start") {
          const ps = Number(value);
          if (value === undefined || !DECIMAL.test(value) || !(ps <= MAX_PS)) {
            throw bad(line, key, `a time in picoseconds from 0 to ${MAX_PS}`, value);
          }
          fields.start = ps;
        } else if (key === "size") fields.size = whole(line, key, value, 1, MAX_MESSAGE_BYTES);
        else fields[key] = whole(line, key, value, key === "prio" || key === "msg" ? 0 : 1, 2 ** 32 - 1);
      }
      if (fields.size === undefined) throw bad(line, "size", "given (bytes to send)", undefined);
      if ((fields.start === undefined) === (fields.trigger === undefined)) {
        throw new KindError(
          `${origin} line ${line}`,
          `${origin} line ${line}: a connection needs exactly one of "start <ps>" and "trigger <id>", got ${fields.start === undefined ? "neither" : "both"}`,
        );
      }
      connections.push({
        line,
        source,
        destination,
        bytes: fields.size,
        ...(fields.start === undefined ? {} : { startPs: fields.start }),
        ...(fields.trigger === undefined ? {} : { trigger: fields.trigger }),
        ...(fields.send_done_trigger === undefined ? {} : { sendDoneTrigger: fields.send_done_trigger }),
        ...(fields.recv_done_trigger === undefined ? {} : { receiveDoneTrigger: fields.recv_done_trigger }),
        ...(fields.id === undefined ? {} : { id: fields.id }),
        ...(fields.msg === undefined ? {} : { message: fields.msg }),
        ...(fields.prio === undefined ? {} : { priority: fields.prio }),
      });
    } else if (first === "trigger") {
      triggers.push(readTrigger(line, rest, origin, whole));
    } else if (first === "failure") {
      failures.push({ line, text: tokens.join(" ") });
    } else {
      throw new KindError(
        `${origin} line ${line}`,
        `${origin} line ${line}: expected a connection "<src>-><dst> ...", "trigger ..." or "failure ...", got ${formatValue(tokens.join(" "))}`,
      );
    }
  }
  const nodes = header.Nodes?.value;
  if (nodes === undefined || header.Connections === undefined) {
    throw new KindError(origin, `${origin}: the header must give "Nodes <count>" and "Connections <count>"`);
  }
  const count = (name: string, actual: number) => {
    const given = header[name];
    if ((given?.value ?? 0) !== actual) {
      const where = given === undefined ? origin : at(given.line, name);
      throw new KindError(
        where,
        `${where}: ${given === undefined ? "no header" : `"${name} ${given.value}"`}, but the file has ${actual} ${name.toLowerCase()} lines`,
      );
    }
  };
  count("Connections", connections.length);
  count("Triggers", triggers.length);
  count("Failures", failures.length);
  const defined = new Set(triggers.map((trigger) => trigger.id));
  for (const connection of connections) {
    for (const [field, id] of [
      ["trigger", connection.trigger],
      ["send_done_trigger", connection.sendDoneTrigger],
      ["recv_done_trigger", connection.receiveDoneTrigger],
    ] as const) {
      if (id !== undefined && !defined.has(id))
        throw bad(connection.line, field, "the id of a trigger line", String(id));
    }
  }
  return {
    nodes,
    connections,
    triggers,
    ...(header.Triggers === undefined ? {} : { triggersLine: header.Triggers.line }),
    failures,
    ...(header.Failures === undefined ? {} : { failuresLine: header.Failures.line }),
  };
}

function readTrigger(
  line: number,
  words: readonly string[],
  origin: string,
  whole: (line: number, field: string, value: string | undefined, min: number, max: number) => number,
): MatrixTrigger {
  let id: number | undefined;
  let count: number | undefined;
  let type: MatrixTrigger["type"] | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "id") id = whole(line, "id", words[++i], 1, 2 ** 32 - 1);
    else if (word === "count") count = whole(line, "count", words[++i], 1, 2 ** 32 - 1);
    else if ((word === "oneshot" || word === "multishot" || word === "barrier") && type === undefined) type = word;
    else {
      throw new KindError(
        `${origin} line ${line}`,
        `${origin} line ${line}: unexpected ${formatValue(word)} in a trigger; expected "trigger id <n> oneshot|multishot|barrier [count <n>]"`,
      );
    }
  }
  if (id === undefined || type === undefined) {
    throw new KindError(
      `${origin} line ${line}`,
      `${origin} line ${line}: a trigger needs "id <n>" and one of oneshot, multishot, barrier`,
    );
  }
  return { line, id, type, ...(count === undefined ? {} : { count }) };
}

/**
 * The matrix's connections as flows that start at a time. A matrix with triggers or failures
 * is refused with one error naming its first such line: triggers start flows when others
 * finish, which `matrixGraph` reads (as the `htsim-matrix` kind does), and losslab fails no
 * links from a matrix.
 */
export function matrixFlows(matrix: ConnectionMatrix, origin = "matrix.cm"): MatrixFlow[] {
  const triggerLines = [
    matrix.triggersLine,
    ...matrix.triggers.map((trigger) => trigger.line),
    ...matrix.connections
      .filter((c) => c.trigger !== undefined || c.sendDoneTrigger !== undefined || c.receiveDoneTrigger !== undefined)
      .map((c) => c.line),
  ].filter((line): line is number => line !== undefined);
  if (triggerLines.length > 0) {
    const line = Math.min(...triggerLines);
    throw new KindError(
      `${origin} line ${line}`,
      `${origin} line ${line}: the matrix has triggers (flows that start when others finish): read it as a flow graph (matrixGraph), not as timed flows`,
    );
  }
  const failureLines = [matrix.failuresLine, ...matrix.failures.map((failure) => failure.line)];
  const failure = failureLines.find((line) => line !== undefined);
  if (failure !== undefined) {
    throw new KindError(
      `${origin} line ${failure}`,
      `${origin} line ${failure}: link failures in a matrix are not run by losslab; remove them`,
    );
  }
  return matrix.connections.map(({ source, destination, startPs, bytes }) => ({
    source,
    destination,
    startPs: startPs as number,
    bytes,
  }));
}

/** Flows as a losslab CSV trace (`traffic: [{ kind: "trace", csv }]`), host n named `hostName(n)`. */
export function matrixTraceCsv(
  flows: readonly MatrixFlow[],
  group: string,
  hostName: (host: number) => string = (host) => `H${host}`,
): string {
  const rows = flows.map(
    ({ source, destination, startPs, bytes }) =>
      `${startPs / 1e6},${hostName(source)},${hostName(destination)},${bytes},${group}`,
  );
  return ["time_us,source,destination,bytes,group", ...rows].join("\n");
}
