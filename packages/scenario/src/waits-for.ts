import { creditsFor } from "@losslab/core";
import { formatTime, type Time } from "@losslab/engine";
import type { Link, SwitchModel } from "@losslab/switch";
import { ScenarioError } from "./scenario-error.js";

/** A run that stopped moving: packets wait in a cycle of buffers, each for room in the next. */
export class DeadlockError extends ScenarioError {
  override name = "DeadlockError";
}

/** An input buffer: switch `device`, port `port`. */
interface Buffer {
  readonly device: SwitchModel;
  readonly port: number;
}

/** A cycle of input buffers each waiting on the next, and the output each is blocked on. */
export interface CreditLoop {
  readonly buffers: readonly Buffer[];
  readonly outputs: readonly number[];
}

/**
 * Which switch input buffers wait for room in which (Dally and Seitz's channel dependency
 * graph, as the packets now waiting realise it), and the search for a cycle in it. What the
 * search needs is read from each switch alone (`describe`, as plain numbers), so that a run
 * split over threads can read each part's switches in its part and search the union
 * (docs/spec/parallel.md sec. 6, "The deadlock check"): a packet at a switch input waits for
 * the downstream input its output leads to when that output lacks the credits for it (the
 * holding switch's state) or when that input has sent PAUSE upstream (the downstream
 * switch's state).
 */
export class WaitsFor {
  private readonly switches: readonly SwitchModel[];
  /** Per switch and output port, the switch input at the far end (undefined toward a host). */
  private readonly downstream = new Map<SwitchModel, (Buffer | undefined)[]>();
  /** Each switch's first buffer id: buffers are numbered by switch (in fabric order), then port. */
  private readonly firstId = new Map<SwitchModel, number>();
  private readonly buffers: Buffer[] = [];

  constructor(switches: Iterable<SwitchModel>, links: Iterable<Link>) {
    this.switches = [...switches];
    const isSwitch = new Set<unknown>(this.switches);
    for (const device of this.switches) {
      this.downstream.set(device, new Array(device.portCount).fill(undefined));
      this.firstId.set(device, this.buffers.length);
      for (let port = 0; port < device.portCount; port++) this.buffers.push({ device, port });
    }
    for (const link of links) {
      if (isSwitch.has(link.from) && isSwitch.has(link.to)) {
        this.downstream.get(link.from as SwitchModel)![link.fromPort] = {
          device: link.to as SwitchModel,
          port: link.toPort,
        };
      }
    }
  }

  /**
   * What the search needs of `switches`' input buffers, appended to `records`: for each buffer
   * that holds packets or has paused its sender, its id, 1 if paused (else 0), and the
   * distinct (output, 1 if short of credits else 0) pairs of its packets bound for another
   * switch, in the order of their first packets, after their count.
   */
  describe(switches: Iterable<SwitchModel>, records: number[] = []): number[] {
    for (const device of switches) {
      const outputs = this.downstream.get(device)!;
      const packets = device.packets;
      for (let port = 0; port < device.portCount; port++) {
        const waiting = device.inputPackets(port);
        const paused = device.inputPaused(port);
        if (waiting.length === 0 && !paused) continue;
        const pairs: number[] = [];
        for (const packet of waiting) {
          const output = device.outputOf(packet);
          if (outputs[output] === undefined) continue;
          const short =
            device.outputCredits(output, packets.vl(packet)) < creditsFor(packets.size(packet), device.creditBytes);
          const pair = 2 * output + (short ? 1 : 0);
          if (!pairs.includes(pair)) pairs.push(pair);
        }
        records.push(this.firstId.get(device)! + port, paused ? 1 : 0, pairs.length);
        for (const pair of pairs) records.push(pair >> 1, pair & 1);
      }
    }
    return records;
  }

  /**
   * A cycle of buffers each waiting on the next in the buffers `records` describe (`describe`,
   * of every switch, in any number of lists), found depth-first in fabric order; or undefined.
   */
  findLoop(records: readonly ArrayLike<number>[]): CreditLoop | undefined {
    const count = this.buffers.length;
    const paused = new Uint8Array(count);
    const pairs = new Map<number, number[]>();
    for (const list of records) {
      for (let at = 0; at < list.length; ) {
        const id = list[at]!;
        paused[id] = list[at + 1]!;
        const length = list[at + 2]!;
        pairs.set(
          id,
          Array.from({ length: 2 * length }, (_, index) => list[at + 3 + index]!),
        );
        at += 3 + 2 * length;
      }
    }
    const idOf = (buffer: Buffer) => this.firstId.get(buffer.device)! + buffer.port;
    // A packet waits for the next buffer when its output is short of credits or that buffer paused its sender.
    const edges = new Map<number, { next: Buffer; output: number }[]>();
    for (const [id, list] of pairs) {
      const outputs = this.downstream.get(this.buffers[id]!.device)!;
      const targets: { next: Buffer; output: number }[] = [];
      for (let at = 0; at < list.length; at += 2) {
        const output = list[at]!;
        const next = outputs[output]!;
        const waits = list[at + 1] === 1 || paused[idOf(next)] === 1;
        if (waits && !targets.some((target) => target.next === next)) targets.push({ next, output });
      }
      if (targets.length > 0) edges.set(id, targets);
    }
    // 0: unvisited, 1: on the current path, 2: done.
    const state = new Uint8Array(count);
    const path: number[] = [];
    const visit = (id: number): number[] | undefined => {
      if (state[id] === 1) return path.slice(path.indexOf(id));
      if (state[id] === 2) return undefined;
      state[id] = 1;
      path.push(id);
      for (const { next } of edges.get(id) ?? []) {
        const cycle = visit(idOf(next));
        if (cycle !== undefined) return cycle;
      }
      path.pop();
      state[id] = 2;
      return undefined;
    };
    for (let id = 0; id < count; id++) {
      if (!edges.has(id)) continue;
      const cycle = visit(id);
      if (cycle !== undefined) {
        // A buffer is blocked on the output of its first packet that waits.
        return { buffers: cycle.map((at) => this.buffers[at]!), outputs: cycle.map((at) => edges.get(at)![0]!.output) };
      }
    }
    return undefined;
  }
}

/** The error of a run that deadlocked at `now`, having last moved at `movedAt`, with `waiting` packets in switch buffers. */
export function deadlockError(now: Time, movedAt: Time, waiting: number, loop: CreditLoop): DeadlockError {
  const { buffers, outputs } = loop;
  const names = [...buffers, buffers[0]!].map(({ device, port }) => `${device.name} input ${port}`).join(" -> ");
  const blocked = buffers.map(({ device }, index) => `${device.name} output ${outputs[index]}`);
  return new DeadlockError(
    `deadlock at ${formatTime(now)}: no switch sent a packet between ${formatTime(movedAt)} and ${formatTime(now)} while ${waiting} packets wait in switch buffers; credit loop: ${names} (each full of packets for the next; blocked: ${blocked.join(", ")})`,
  );
}
