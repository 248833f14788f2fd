import type { CreationLog } from "./creation-log.js";

/**
 * The single run's packet ids: the packets every part created in a window, merged into the
 * order of the events that created them (time, rank, then their order within the event),
 * numbered on from those of the windows before.
 */
export class PacketNumbering {
  private next = 0;
  private positions: Float64Array[] = [];

  constructor(private readonly parts: number) {}

  number(logs: readonly CreationLog[]): void {
    const parts = this.parts;
    this.positions = logs.map((log) => new Float64Array(log.length));
    const heads = new Array<number>(parts).fill(0);
    for (;;) {
      let first = -1;
      for (let owner = 0; owner < parts; owner++) {
        if (heads[owner]! === logs[owner]!.length) continue;
        if (first < 0 || logs[owner]!.before(heads[owner]!, logs[first]!, heads[first]!)) first = owner;
      }
      if (first < 0) break;
      this.positions[first]![heads[first]!++] = this.next++;
    }
  }

  /** The final id of `id`: itself once final, its number from the last `number` while provisional. */
  final(id: number): number {
    if (id >= 0) return id;
    const code = -1 - id;
    const owner = code % this.parts;
    return this.positions[owner]![(code - owner) / this.parts]!;
  }
}
