import { creditsFor, type Packet } from "@losslab/core";
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

/**
 * Watches a run for a deadlock: at each `check`, if no switch has started a packet on any
 * link since the previous check while packets wait in switch buffers, it looks for a cycle
 * of input buffers each holding a packet that cannot leave for want of room in the next
 * (credits short, or the next buffer has sent PAUSE upstream): a credit loop (Dally and
 * Seitz's channel dependency cycle, realised). Such a cycle never clears by itself, so the
 * run stops with a `DeadlockError` naming the buffers and the blocked outputs. A standstill
 * without such a cycle (every source paused, say) is left alone.
 */
export class DeadlockWatchdog {
  private readonly switchLinks: Link[];
  /** Per switch and output port, the switch input at the far end (undefined toward a host). */
  private readonly downstream = new Map<SwitchModel, (Buffer | undefined)[]>();
  private readonly switches: readonly SwitchModel[];
  private sentBefore = -1;
  private movedAt: Time = 0;

  constructor(switches: Iterable<SwitchModel>, links: Iterable<Link>) {
    this.switches = [...switches];
    const isSwitch = new Set<unknown>(this.switches);
    this.switchLinks = [...links].filter((link) => isSwitch.has(link.from));
    for (const device of this.switches) this.downstream.set(device, new Array(device.portCount).fill(undefined));
    for (const link of this.switchLinks) {
      if (isSwitch.has(link.to)) {
        this.downstream.get(link.from as SwitchModel)![link.fromPort] = {
          device: link.to as SwitchModel,
          port: link.toPort,
        };
      }
    }
  }

  /** Throws a `DeadlockError` if nothing moved since the last check and a credit loop holds the packets. */
  check(now: Time): void {
    let sent = 0;
    for (const link of this.switchLinks) sent += link.packetsSent;
    if (sent !== this.sentBefore) {
      this.sentBefore = sent;
      this.movedAt = now;
      return;
    }
    const cycle = this.findCycle();
    if (cycle === undefined) return;
    let waiting = 0;
    for (const device of this.switches) {
      for (let port = 0; port < device.portCount; port++) waiting += device.inputPackets(port).length;
    }
    const buffers = [...cycle, cycle[0]!].map(({ device, port }) => `${device.name} input ${port}`).join(" -> ");
    const outputs = cycle.map(({ device, port }) => `${device.name} output ${this.blockedOutput(device, port)}`);
    throw new DeadlockError(
      `deadlock at ${formatTime(now)}: no switch sent a packet between ${formatTime(this.movedAt)} and ${formatTime(now)} while ${waiting} packets wait in switch buffers; credit loop: ${buffers} (each full of packets for the next; blocked: ${outputs.join(", ")})`,
    );
  }

  /** The output of the first packet at input `port` of `device` that waits for room downstream. */
  private blockedOutput(device: SwitchModel, port: number): number {
    for (const packet of device.inputPackets(port)) {
      if (this.waitsFor(device, packet) !== undefined) return device.outputOf(packet);
    }
    return -1;
  }

  /** The switch input `packet`, held by `device`, waits for room in; undefined if it is free to go. */
  private waitsFor(device: SwitchModel, packet: Packet): Buffer | undefined {
    const output = device.outputOf(packet);
    const next = this.downstream.get(device)![output];
    if (next === undefined) return undefined;
    const packets = device.packets;
    const short =
      device.outputCredits(output, packets.vl(packet)) < creditsFor(packets.size(packet), device.creditBytes);
    return short || next.device.inputPaused(next.port) ? next : undefined;
  }

  /** A cycle of input buffers each waiting on the next (depth-first, in fabric order), or undefined. */
  private findCycle(): Buffer[] | undefined {
    const ids = new Map<SwitchModel, number>();
    let count = 0;
    for (const device of this.switches) {
      ids.set(device, count);
      count += device.portCount;
    }
    const idOf = (buffer: Buffer) => ids.get(buffer.device)! + buffer.port;
    const edges = new Map<number, Buffer[]>();
    for (const device of this.switches) {
      for (let port = 0; port < device.portCount; port++) {
        const targets: Buffer[] = [];
        for (const packet of device.inputPackets(port)) {
          const next = this.waitsFor(device, packet);
          if (next !== undefined && !targets.some((t) => t.device === next.device && t.port === next.port)) {
            targets.push(next);
          }
        }
        if (targets.length > 0) edges.set(ids.get(device)! + port, targets);
      }
    }
    // 0: unvisited, 1: on the current path, 2: done.
    const state = new Uint8Array(count);
    const path: Buffer[] = [];
    const visit = (buffer: Buffer): Buffer[] | undefined => {
      const id = idOf(buffer);
      if (state[id] === 1) return path.slice(path.findIndex((b) => idOf(b) === id));
      if (state[id] === 2) return undefined;
      state[id] = 1;
      path.push(buffer);
      for (const next of edges.get(id) ?? []) {
        const cycle = visit(next);
        if (cycle !== undefined) return cycle;
      }
      path.pop();
      state[id] = 2;
      return undefined;
    };
    for (const device of this.switches) {
      for (let port = 0; port < device.portCount; port++) {
        if (!edges.has(ids.get(device)! + port)) continue;
        const cycle = visit({ device, port });
        if (cycle !== undefined) return cycle;
      }
    }
    return undefined;
  }
}
