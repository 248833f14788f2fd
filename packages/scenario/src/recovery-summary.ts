import type { RecoveryCounts as TransportRecovery } from "@losslab/adapter";
import { PS_PER_MS } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import { SharedBufferSwitch, type TrimmingCounts } from "@losslab/switch";

/** One flow's (or the run's) losses on lossy priorities and how its transport recovered them. */
export interface RecoveryCounts {
  /** Data packets whose payload a switch cut (trimmed), and trimmed headers dropped (header queue full). */
  trimmed: number;
  headersDropped: number;
  /** NACKs its source heard, packets it sent again, retransmission timeouts that fired. */
  nacks: number;
  retransmissions: number;
  timeouts: number;
}

/**
 * A run's trimming and retransmission (switch `lossyPriorities`, adapter
 * `retransmitTimeoutUs`): the counts of all flows (`total`), the copies destinations received
 * twice and did not deliver (`duplicates`), NACKs destinations sent (`nacksSent`), RTS sources
 * sent with receiver credits (`rtsSent`, absent without), and per flow id the flows that lost
 * or recovered anything (`byFlow`).
 */
export interface RecoverySummary {
  total: RecoveryCounts;
  nacksSent: number;
  duplicates: number;
  rtsSent?: number;
  byFlow: Record<string, RecoveryCounts>;
}

/** One retransmitting host's counts: its flows' recovery as a source, its NACKs and duplicates as a destination. */
export interface HostRecovery {
  readonly total: TransportRecovery;
  readonly byFlow: ReadonlyMap<number, TransportRecovery>;
  readonly nacksSent: number;
  readonly duplicates: number;
  readonly rtsSent: number | undefined;
}

/**
 * What a recovery summary is made of: each trimming switch's counts and each retransmitting
 * host's, by name, in the fabric's order. Plain data (maps and arrays shared, not copied), so
 * that a part of a split run can post its own devices' to part 0, each switch trimming and
 * each host recovering in its own part alone (docs/spec/parallel.md sec. 6).
 */
export interface RecoveryCounters {
  readonly switches: Record<string, TrimmingCounts>;
  readonly hosts: Record<string, HostRecovery>;
}

/** The counters of `fabric`'s switches and hosts that `own` takes (default: all). */
export function recoveryCounters(fabric: Fabric, own: (name: string) => boolean = () => true): RecoveryCounters {
  const switches: Record<string, TrimmingCounts> = {};
  for (const [name, model] of fabric.switches) {
    const trimming = model instanceof SharedBufferSwitch ? model.trimmingCounts() : undefined;
    if (trimming === undefined || !own(name)) continue;
    const { trimmed, headersDropped, trimmedByFlow, droppedByFlow, trimTimes } = trimming;
    switches[name] = { trimmed, headersDropped, trimmedByFlow, droppedByFlow, trimTimes };
  }
  const hosts: Record<string, HostRecovery> = {};
  for (const [name, host] of fabric.hosts) {
    const recovery = host.recovery();
    if (recovery === undefined || !own(name)) continue;
    const { total, byFlow } = recovery;
    hosts[name] = { total, byFlow, nacksSent: host.nacksSent, duplicates: host.duplicates, rtsSent: host.rtsSent };
  }
  return { switches, hosts };
}

/** The summary of `counters`; undefined when nothing trims and nothing retransmits. */
export function recoverySummary(counters: RecoveryCounters): RecoverySummary | undefined {
  const total: RecoveryCounts = { trimmed: 0, headersDropped: 0, nacks: 0, retransmissions: 0, timeouts: 0 };
  const byFlow = new Map<number, RecoveryCounts>();
  const of = (flow: number) => {
    let counts = byFlow.get(flow);
    if (counts === undefined) {
      counts = { trimmed: 0, headersDropped: 0, nacks: 0, retransmissions: 0, timeouts: 0 };
      byFlow.set(flow, counts);
    }
    return counts;
  };
  const switches = Object.values(counters.switches);
  const hosts = Object.values(counters.hosts);
  if (switches.length === 0 && hosts.length === 0) return undefined;
  for (const trimming of switches) {
    total.trimmed += trimming.trimmed;
    total.headersDropped += trimming.headersDropped;
    for (const [flow, n] of trimming.trimmedByFlow) of(flow).trimmed += n;
    for (const [flow, n] of trimming.droppedByFlow) of(flow).headersDropped += n;
  }
  let nacksSent = 0;
  let duplicates = 0;
  let rtsSent: number | undefined;
  for (const host of hosts) {
    nacksSent += host.nacksSent;
    duplicates += host.duplicates;
    if (host.rtsSent !== undefined) rtsSent = (rtsSent ?? 0) + host.rtsSent;
    total.nacks += host.total.nacks;
    total.retransmissions += host.total.retransmissions;
    total.timeouts += host.total.timeouts;
    for (const [flow, counts] of host.byFlow) {
      const mine = of(flow);
      mine.nacks += counts.nacks;
      mine.retransmissions += counts.retransmissions;
      mine.timeouts += counts.timeouts;
    }
  }
  const flows = [...byFlow.keys()].sort((a, b) => a - b);
  return {
    total,
    nacksSent,
    duplicates,
    ...(rtsSent === undefined ? {} : { rtsSent }),
    byFlow: Object.fromEntries(flows.map((flow) => [String(flow), byFlow.get(flow)!])),
  };
}

/** Data packets the switches of `counters` trimmed in [fromMs, toMs), ms (0 without lossy priorities). */
export function trimmedBetween(counters: RecoveryCounters, fromMs: number, toMs: number): number {
  const from = fromMs * PS_PER_MS;
  const to = toMs * PS_PER_MS;
  let count = 0;
  for (const trimming of Object.values(counters.switches)) {
    for (const time of trimming.trimTimes) if (time >= from && time < to) count++;
  }
  return count;
}
