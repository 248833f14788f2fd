import { PacketKind, type TransmissionListener } from "@losslab/core";
import { ms, us } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import { ByteCounters, type Fingerprint, type PauseMeter } from "@losslab/metrics";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** The links whose bytes a run counts: their names, and their bytes in `metrics.binUs` bins, column i for `names[i]`. */
export interface MeteredLinks {
  readonly names: readonly string[];
  readonly bytes: ByteCounters;
}

/**
 * Meters what every link of `fabric` carries, with one listener per link: each packet-hop
 * into the fingerprint (links numbered in the fabric's order), the bytes of the links
 * `metrics.linkMeters` names (every link without it; a name of no link is refused), and
 * with `pauses` the PAUSE frames (those on "a->b" hold the sender of "b->a").
 */
export function meterLinks(
  fabric: Fabric,
  scenario: Scenario,
  fingerprint: Fingerprint,
  pauses: PauseMeter | undefined,
): MeteredLinks {
  const metered = scenario.metrics.linkMeters;
  for (const name of metered ?? []) {
    if (!fabric.links.has(name)) {
      throw new ScenarioError(
        `metrics.linkMeters: no link "${name}" (links are named "from->to", e.g. "${fabric.links.keys().next().value}")`,
      );
    }
  }
  const names = [...fabric.links.keys()].filter((name) => metered === undefined || metered.includes(name));
  const columns = new Map(names.map((name, column) => [name, column]));
  const bytes = new ByteCounters(names.length, us(scenario.metrics.binUs), ms(scenario.durationMs));
  for (const [index, [name, link]] of [...fabric.links].entries()) {
    // The opposite link's own name: one string per link, not a second one made here.
    const reverse = `${link.to.name}->${link.from.name}`;
    const pause = pauses?.add(fabric.links.get(reverse)?.name ?? reverse) ?? -1;
    link.onTransmit(
      transmissionMeter(fingerprint, link.fromDevice, index, bytes, columns.get(name) ?? -1, pauses, pause),
    );
  }
  return { names, bytes };
}

/**
 * The one listener of a link's transmissions: the fingerprint (a step of the sender, `device`), the link's byte counts (its
 * `column` of `bytes`, none if -1), and the PAUSE frames it carries (link number `pause` of
 * `pauses`). One call per packet-hop instead of one per meter.
 */
function transmissionMeter(
  fingerprint: Fingerprint,
  device: number,
  link: number,
  bytes: ByteCounters,
  column: number,
  pauses: PauseMeter | undefined,
  pause: number,
): TransmissionListener {
  return (packets, packet, start, end) => {
    fingerprint.transmitted(device, link, start, packets, packet);
    if (column >= 0) bytes.add(column, end, packets.size(packet));
    if (pauses !== undefined && packets.kind(packet) === PacketKind.Pause)
      pauses.transmitted(pause, packets, packet, start);
  };
}
