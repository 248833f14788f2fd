/**
 * An htsim connection matrix with triggers as a flow graph (flow-graph.ts): the connections a
 * trigger starts wait for the connections that fire it. htsim's triggers (csg-htsim
 * sim/trigger.cpp, built by ConnectionMatrix in sim/datacenter/connection_matrix.cpp):
 * - `oneshot` starts all its targets at its first activation, and a second one is an error;
 * - `multishot` starts its next target at each activation, in the order of the activations;
 * - `barrier count N` starts all its targets at its N-th activation.
 * A connection activates its `send_done_trigger` when the ACK of its last byte comes back and
 * its `recv_done_trigger` when its last byte arrives. losslab's flow is done at the delivery of
 * its last packet, so both become "after that flow is delivered": a `send_done_trigger` chain
 * runs one ACK's way back sooner per step than in htsim (packages/traffic/README.md).
 *
 * A flow graph waits for all of a fixed set, so a trigger whose targets would depend on which
 * of its activations comes first is refused naming its line: a `oneshot` fired by more than one
 * connection (htsim fails on the second), a `multishot` with more than one firer or target, a
 * `barrier` whose count is not its number of firers, and a trigger nothing fires.
 */
import { KindError } from "@losslab/kinds";
import type { ConnectionMatrix, MatrixConnection } from "./connection-matrix.js";

/** One connection as an entry of a flow graph, its hosts as htsim numbers (0..nodes-1). */
export interface MatrixGraphFlow {
  /** `line <n>`: the connection's line in the file. */
  readonly id: string;
  readonly source: number;
  readonly destination: number;
  readonly bytes: number;
  /** The ids of the connections whose delivery starts it (none: it starts at `delayUs`). */
  readonly after: string[];
  /** A timed connection's `start`, us; 0 for a triggered one (htsim starts it when the trigger fires). */
  readonly delayUs: number;
}

const idOf = (connection: MatrixConnection) => `line ${connection.line}`;

/**
 * The matrix's connections as flow-graph entries (`after` from the triggers), in file order.
 * Link failure lines are refused (losslab fails no links from a matrix).
 */
export function matrixGraph(matrix: ConnectionMatrix, origin = "matrix.cm"): MatrixGraphFlow[] {
  const firers = new Map<number, MatrixConnection[]>();
  const targets = new Map<number, MatrixConnection[]>();
  const add = (map: Map<number, MatrixConnection[]>, id: number, connection: MatrixConnection) => {
    const list = map.get(id);
    if (list === undefined) map.set(id, [connection]);
    else if (list.at(-1) !== connection) list.push(connection);
  };
  for (const connection of matrix.connections) {
    if (connection.sendDoneTrigger !== undefined) add(firers, connection.sendDoneTrigger, connection);
    if (connection.receiveDoneTrigger !== undefined) add(firers, connection.receiveDoneTrigger, connection);
    if (connection.trigger !== undefined) add(targets, connection.trigger, connection);
  }
  for (const trigger of matrix.triggers) {
    const fired = firers.get(trigger.id) ?? [];
    const started = targets.get(trigger.id) ?? [];
    const where = `${origin} line ${trigger.line}`;
    const lines = (list: MatrixConnection[]) => list.map((c) => c.line).join(", ");
    const refuse = (why: string) => {
      throw new KindError(where, `${where}: trigger ${trigger.id} (${trigger.type}) ${why}`);
    };
    if (started.length === 0) continue;
    if (fired.length === 0) refuse(`starts the connections of lines ${lines(started)}, but no connection fires it`);
    if (trigger.type === "oneshot" && fired.length > 1) {
      refuse(`is fired by ${fired.length} connections (lines ${lines(fired)}); htsim fails at its second activation`);
    }
    if (trigger.type === "multishot" && (fired.length > 1 || started.length > 1)) {
      refuse(
        `has ${fired.length} firers and ${started.length} targets: which target starts depends on the order the firers finish, which a flow graph does not model; use a barrier or one oneshot trigger per target`,
      );
    }
    if (trigger.type === "barrier" && trigger.count !== fired.length) {
      refuse(
        `${trigger.count === undefined ? "has no count" : `counts ${trigger.count} activations`} but ${fired.length} connections fire it (lines ${lines(fired)}); losslab runs a barrier that waits for all of its firers`,
      );
    }
  }
  const failure = matrix.failuresLine ?? matrix.failures[0]?.line;
  if (failure !== undefined) {
    throw new KindError(
      `${origin} line ${failure}`,
      `${origin} line ${failure}: link failures in a matrix are not run by losslab; remove them`,
    );
  }
  return matrix.connections.map((connection) => ({
    id: idOf(connection),
    source: connection.source,
    destination: connection.destination,
    bytes: connection.bytes,
    after: connection.trigger === undefined ? [] : (firers.get(connection.trigger) ?? []).map(idOf),
    delayUs: connection.startPs === undefined ? 0 : connection.startPs / 1e6,
  }));
}
