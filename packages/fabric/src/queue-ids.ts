/** Above this many hosts a row per source would cost more than the pairs in use: a map instead. */
const MAX_ROW_HOSTS = 4096;

/**
 * The flow ids of per-destination queues by (source, destination) host: 4 bytes a pair in a
 * row per source, made when the source first sends, up to 4,096 hosts (16 KiB a row); a map
 * above that. A 1,024-host ferrer-2012 run addresses about a million pairs: as a map of
 * records they grew the heap by ~100 MiB per simulated ms.
 */
export class QueueIds {
  private readonly ordinal = new Map<string, number>();
  private readonly rows: Int32Array[] = [];
  private readonly map: Map<number, number> | undefined;

  constructor(hosts: Iterable<string>) {
    for (const host of hosts) this.ordinal.set(host, this.ordinal.size);
    if (this.ordinal.size > MAX_ROW_HOSTS) this.map = new Map();
  }

  /** The queue id of `source` -> `destination`, or -1 while it has none. */
  get(source: string, destination: string): number {
    const from = this.ordinal.get(source)!;
    const to = this.ordinal.get(destination)!;
    if (this.map !== undefined) return this.map.get(from * this.ordinal.size + to) ?? -1;
    const row = this.rows[from];
    return row === undefined ? -1 : row[to]! - 1;
  }

  set(source: string, destination: string, id: number): void {
    const from = this.ordinal.get(source)!;
    const to = this.ordinal.get(destination)!;
    if (this.map !== undefined) {
      this.map.set(from * this.ordinal.size + to, id);
      return;
    }
    // Stored as id + 1 so that a new row's zeros mean "none".
    let row = this.rows[from];
    if (row === undefined) {
      row = new Int32Array(this.ordinal.size);
      this.rows[from] = row;
    }
    row[to] = id + 1;
  }
}
