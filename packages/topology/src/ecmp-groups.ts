import { groupEntry } from "./ecmp.js";
import { TopologyError } from "./topology-error.js";

/**
 * The ECMP groups a routing table names while it is filled (`TableRoutes`): at each group's
 * offset in `list` its member count, then its ports; each distinct list of ports once.
 */
export class EcmpGroups {
  readonly list: number[];
  private readonly offsets = new Map<string, number>();
  /** The ports and entry `entryOf` gave last. */
  private last: readonly number[] = [];
  private lastEntry = 0;

  /** Starts from `groups` (a filled table's `list`), whose offsets stay where they are. */
  constructor(groups: ArrayLike<number> = []) {
    this.list = Array.from(groups);
    const list = this.list;
    for (let offset = 0; offset < list.length; offset += (list[offset] as number) + 1) {
      this.offsets.set(list.slice(offset + 1, offset + 1 + (list[offset] as number)).join(","), offset);
    }
  }

  /**
   * The table entry of equal-cost ports `ports`: the port itself when there is one, else the
   * entry of their group, appended the first time.
   */
  entryOf(ports: readonly number[]): number {
    if (ports.length === 1) return ports[0] as number;
    if (ports.length === 0) throw new TopologyError("a routing rule gave an empty list of ports");
    // Most entries repeat the one before (a switch's uplinks, for every host beyond it):
    // compared port by port they skip the join, which took a tenth of a K = 16 fat tree's build.
    const last = this.last;
    if (ports.length === last.length && ports.every((port, index) => port === last[index])) return this.lastEntry;
    const key = ports.join(",");
    let offset = this.offsets.get(key);
    if (offset === undefined) {
      offset = this.list.length;
      this.offsets.set(key, offset);
      this.list.push(ports.length, ...ports);
    }
    this.last = [...ports];
    this.lastEntry = groupEntry(offset);
    return this.lastEntry;
  }
}
