import { PS_PER_MS } from "@losslab/engine";
import type { Fabric } from "@losslab/fabric";
import { SharedBufferSwitch } from "@losslab/switch";

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

/** The summary of `fabric`'s switches and hosts; undefined when nothing trims and nothing retransmits. */
export function recoverySummary(fabric: Fabric): RecoverySummary | undefined {
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
  let any = false;
  for (const model of fabric.switches.values()) {
    const trimming = model instanceof SharedBufferSwitch ? model.trimmingCounts() : undefined;
    if (trimming === undefined) continue;
    any = true;
    total.trimmed += trimming.trimmed;
    total.headersDropped += trimming.headersDropped;
    for (const [flow, n] of trimming.trimmedByFlow) of(flow).trimmed += n;
    for (const [flow, n] of trimming.droppedByFlow) of(flow).headersDropped += n;
  }
  let nacksSent = 0;
  let duplicates = 0;
  let rtsSent: number | undefined;
  for (const host of fabric.hosts.values()) {
    const recovery = host.recovery();
    if (recovery === undefined) continue;
    any = true;
    nacksSent += host.nacksSent;
    duplicates += host.duplicates;
    if (host.rtsSent !== undefined) rtsSent = (rtsSent ?? 0) + host.rtsSent;
    total.nacks += recovery.total.nacks;
    total.retransmissions += recovery.total.retransmissions;
    total.timeouts += recovery.total.timeouts;
    for (const [flow, counts] of recovery.byFlow) {
      const mine = of(flow);
      mine.nacks += counts.nacks;
      mine.retransmissions += counts.retransmissions;
      mine.timeouts += counts.timeouts;
    }
  }
  if (!any) return undefined;
  const flows = [...byFlow.keys()].sort((a, b) => a - b);
  return {
    total,
    nacksSent,
    duplicates,
    ...(rtsSent === undefined ? {} : { rtsSent }),
    byFlow: Object.fromEntries(flows.map((flow) => [String(flow), byFlow.get(flow)!])),
  };
}

/** Data packets `fabric`'s switches trimmed in [fromMs, toMs), ms (0 without lossy priorities). */
export function trimmedBetween(fabric: Fabric, fromMs: number, toMs: number): number {
  const from = fromMs * PS_PER_MS;
  const to = toMs * PS_PER_MS;
  let count = 0;
  for (const model of fabric.switches.values()) {
    const times = model instanceof SharedBufferSwitch ? model.trimmingCounts()?.trimTimes : undefined;
    for (const time of times ?? []) if (time >= from && time < to) count++;
  }
  return count;
}
