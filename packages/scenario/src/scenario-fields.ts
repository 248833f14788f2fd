import type { EntropyPolicySpec } from "@losslab/adapter";
import { checkValues } from "@losslab/kinds";
import type { MarkingSpec } from "@losslab/marking";
import type { ControllerSpec } from "@losslab/response";
import {
  type FlowControlSpec,
  type SwitchOrganisationValues,
  type SwitchValues,
  switchParameters,
} from "@losslab/switch";
import type { CheckedTopologyKindSpec, TopologyKindSpec } from "@losslab/topology";
import type { GeneratorSpec } from "@losslab/traffic";
import { z } from "zod";
import { kindSchema, parameterFields } from "./kind-schema.js";
import { familyOf, type ScenarioKinds } from "./scenario-kinds.js";
import {
  MAX_BANDWIDTH,
  MAX_CYCLE_NS,
  MAX_DURATION_MS,
  MAX_FLOWS,
  MAX_HOSTS,
  MAX_IPD,
  MAX_LIST,
  MAX_MESSAGE_BYTES,
  MAX_PACKET_BYTES,
  MAX_PACKETS,
  MAX_STAGES,
  MAX_TEXT_LENGTH,
  MAX_THREADS,
  MAX_TIME_MS,
  MAX_TIME_NS,
  MAX_TIME_US,
  MAX_VLS,
  MIN_BANDWIDTH,
  MIN_CYCLE_NS,
  MIN_RATE_FRACTION,
  MIN_TIME_MS,
  MIN_TIME_US,
} from "./scenario-limits.js";

/**
 * The fields of the scenario file format, each in its range. Every time field names its unit (`durationMs`,
 * `delayNs`, `staggerUs`); rates of flows are fractions of the link bandwidth (0..1].
 * Defaults are santos-2002 Table 1 (see README). Every number has a range
 * (scenario-limits.ts): what the simulator can hold.
 */

/** Every bad `threads` gets the allowed values, not only the bound it broke. */
const THREADS_ALLOWED = `must be an integer from 1 to ${MAX_THREADS}`;

/** A count of things: an integer in [min, max]. */
const count = (min: number, max: number) => z.number().int().min(min).max(max);
/** Packets (windows, thresholds, buffers in packets). */
const packetCount = count(1, MAX_PACKETS);
/** Bytes of a packet or frame. */
const packetBytes = count(1, MAX_PACKET_BYTES);
/** Rate limits: a fraction of the link bandwidth, not so small that a packet's gap leaves the clock. */
const fraction = z.number().min(MIN_RATE_FRACTION).lte(1);
/** Times: >= 0 (or >= 1 ps when positive), at most MAX_TIME_SECONDS, in the unit the name says. */
const timeMs = z.number().min(0).max(MAX_TIME_MS);
const timeUs = z.number().min(0).max(MAX_TIME_US);
const timeNs = z.number().min(0).max(MAX_TIME_NS);
const positiveMs = z.number().min(MIN_TIME_MS).max(MAX_TIME_MS);
const positiveUs = z.number().min(MIN_TIME_US).max(MAX_TIME_US);
/** Names, host ids, groups. */
const text = z.string().max(MAX_TEXT_LENGTH);
const name = z.string().min(1).max(MAX_TEXT_LENGTH);
/** Bytes per second of every link; default 1e9, or 1 byte per cycle when `cycleNs` is set. */
const bandwidth = z.number().min(MIN_BANDWIDTH).max(MAX_BANDWIDTH).optional();
const delayNs = timeNs.default(10);
/** Hosts and switches of a topology (the total is checked too: at most MAX_HOSTS hosts). */
const nodeCount = (min: number) => count(min, MAX_HOSTS);

/** A switch radix and a stage count (controller mvcm's, as a k-ary n-tree's k and n). */
const _arity = count(2, MAX_HOSTS);
const _stages = count(1, MAX_STAGES);

/** The fields every topology kind has besides its parameters: the links' bandwidth and delay. */
const topologyLinkFields = {
  bandwidth: bandwidth.describe(
    "bytes per second of every link; default 1e9, or 1 byte per cycle when cycleNs is set (custom: of the links that give none)",
  ),
  delayNs: delayNs.describe("propagation delay of every link, ns (custom: of the links that give none)"),
};

/** `topology` as written: a built-in kind's parameters (or a plugin's) and the link fields. */
export type TopologyInput = TopologyKindSpec & { bandwidth?: number | undefined; delayNs?: number | undefined };
/** `topology` once its fields are checked: defaults filled in. */
export type TopologyFields = CheckedTopologyKindSpec & { bandwidth?: number | undefined; delayNs: number };

/**
 * Topology kinds: the registry's (`@losslab/topology`'s built-in ones and plugins'), each with
 * its parameters' ranges, defaults and docs (kind-schema.ts), and the link fields.
 */
function topologySchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.topology, topologyLinkFields) as unknown as z.ZodType<TopologyFields, TopologyInput>;
}

/**
 * The fields every switch organisation has (`switchParameters` of @losslab/switch: link-level
 * flow control, a spec of the flowControl registry; buffers, `bufferPackets` or
 * `inputBufferBytes`, not both; forwarding delay and credit blocks), each with its range,
 * default and docs.
 */
function switchCommon(kinds: ScenarioKinds) {
  return parameterFields(switchParameters, (family) => familyOf(kinds, family));
}

/** A switch as a scenario names it: an organisation of the registry (santos-2002's by default) and the common fields. */
export type SwitchSpec = SwitchOrganisationValues &
  Omit<SwitchValues, "flowControl"> & { flowControl: FlowControlSpec };

/** Switch organisations of the registry (@losslab/switch's and plugins'), each with the common fields. */
function switchSchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.switch, switchCommon(kinds)) as unknown as z.ZodType<SwitchSpec, SwitchSpecInput>;
}

/**
 * The switch of a scenario that gives none: the registry's first organisation (santos-2002
 * Table 1's) with the defaults of its parameters and of the common fields.
 */
function defaultSwitch(kinds: ScenarioKinds): SwitchSpec {
  const { kind, parameters } = kinds.switch.definitions[0]!;
  const own = checkValues("switch", kind, parameters, {});
  return { kind, ...own, ...checkValues("switch", kind, switchParameters, {}) } as SwitchSpec;
}

/** A switch as written: defaults optional. */
type SwitchSpecInput = { kind: string } & Record<string, unknown>;

/** NIC organisation (ferrer-2012 sec. 5.1). */
export const adapterSchema = z.strictObject({
  /**
   * "per-message": each generated message is a flow of its own; "per-destination": one
   * virtual output queue per destination, holding every message for it, with its own
   * window and controller, and latency counted from generation.
   */
  queues: z.enum(["per-message", "per-destination"]).default("per-message"),
  /** Return an ACK per data packet (default); false for raw lossless-Ethernet traffic (chrysos). */
  acks: z.boolean().default(true),
  /**
   * Rate limiter spacing: "since-start" (santos-2002 as losslab reads it) or "scheduled"
   * (a flow held back by another flow's frame keeps its schedule; see @losslab/adapter).
   */
  pacing: z.enum(["since-start", "scheduled"]).default("since-start"),
  /**
   * ACK coalescing at every destination (turner-2001 sec. 3): one ACK covers up to this many
   * packets of a reliable flow; a marked packet (or one with AckReq) is acknowledged at once.
   */
  ackCoalescing: packetCount.default(1),
  /** With `ackCoalescing` > 1 (then required): the longest an unmarked packet waits for its ACK, us. */
  ackCoalescingTimeoutUs: positiveUs.optional(),
  /**
   * A retransmitting transport (Ultra Ethernet's): a packet is sent again when a NACK names
   * it (its payload was trimmed on a lossy priority) or after this many us without an ACK;
   * destinations deliver each packet once. Default: on whenever the switch declares
   * `lossyPriorities`, with uet-htsim's timeout, 15 us + 6 x the drain time of
   * `switch.trimThresholdBytes` at the links' bandwidth (dc/main_uec.cpp:694-695), for the
   * flows of those priorities only; off otherwise. Given here, every flow retransmits.
   */
  retransmitTimeoutUs: positiveUs.optional(),
  /**
   * DCQCN's notification point (spec/algorithms.md): destinations report marks by CNPs alone,
   * at most one per flow per this many us (DCQCN: 50), and their ACKs echo none. Default:
   * marks echoed in ACKs (and a CN packet per marked packet of an unreliable flow).
   */
  cnpIntervalUs: positiveUs.optional(),
  /**
   * The VL (PFC priority) of every ACK, CN packet and read request the hosts send, instead
   * of the data packet's: below `switch.vls`. Default: the data packet's VL.
   */
  controlVl: count(0, MAX_VLS - 1).optional(),
  /**
   * Receiver credits, Ultra Ethernet's RCCC (docs/spec/uec.md sec. 3, as uet-htsim implements
   * it): every destination paces pulls (credit grants) over its flows round robin, and a
   * reliable flow sends only with credit, beyond a first window it may send before any. With
   * controller "nscc" a flow's congestion window binds too (UEC's "both"); with "none", RCCC
   * alone. Defaults are uet-htsim's. Default: no receiver credits.
   */
  receiverCredits: z
    .strictObject({
      /** Credit one pull grants at most, bytes (uet-htsim: 16 384, 4 x its MSS 4096). */
      creditPerPullBytes: count(256, MAX_PACKET_BYTES * 64).default(16_384),
      /** The pull pacer's rate, a fraction of the link (uet-htsim: 0.99). */
      pullRateFraction: fraction.default(0.99),
      /** The speculative window and credit cap, in BDPs of the fabric's largest unloaded round trip (uet-htsim: 1.5). */
      windowBdps: z.number().gt(0).max(MAX_PACKETS).default(1.5),
      /**
       * The receiver's OversubscribedCC (docs/spec/uec.md choice C15; uet-htsim turns it on
       * with RCCC alone on an oversubscribed topology): each destination scales its pull rate
       * by an AIMD on the ECN marks and the trims before the last hop it sees, once per
       * 0.75-1.25 x 1.5 of the fabric's largest unloaded round trip. Defaults are uet-htsim's.
       * Default: off.
       */
      oversubscribed: z
        .strictObject({
          /** Additive increase of the rate per period, doubled each period in a row without a mark (uet-htsim: 0.01). */
          ai: z.number().min(0).max(1).default(0.01),
          /** Decrease by (g - targetCongestion) x md when the marked fraction's average g is above the target (0.5). */
          md: z.number().min(0).max(1).default(0.5),
          /** Weight of a period's marked fraction in g (0.5). */
          alpha: z.number().min(0).max(1).default(0.5),
          /** The average marked fraction tolerated (0.3). */
          targetCongestion: z.number().min(0).max(1).default(0.3),
          /** The lowest pull rate, a fraction of the pacer's (uet-htsim: 0.9 / the oversubscription ratio, at least 0.01). */
          minRate: z.number().min(0.01).max(1).default(0.01),
        })
        .optional(),
    })
    .optional(),
});

export const packetsSchema = z.strictObject({
  /** Data packet on the wire: 20 B header + 2048 B payload. */
  dataBytes: packetBytes.default(2068),
  /** Header bytes of a data packet (the rest is payload: a message of B bytes is ceil(B / payload) packets). */
  headerBytes: count(0, MAX_PACKET_BYTES).default(20),
  ackBytes: packetBytes.default(20),
  /** Bytes every frame costs on the wire beyond its size (Ethernet: 20 = preamble 8 + interframe gap 12). */
  wireOverheadBytes: count(0, MAX_PACKET_BYTES).default(0),
  /** Size of a congestion notification frame (QCN CNM: 64 B). */
  notificationBytes: packetBytes.default(64),
});

const limitSchema = z.strictObject({
  /** Packets outstanding; omit for no window. */
  window: packetCount.optional(),
  /** Rate limit as a fraction of the link bandwidth; omit for none. */
  rate: fraction.optional(),
});

export const flowSchema = z
  .strictObject({
    source: name,
    destination: name,
    group: name.default("flows"),
    startUs: timeUs.default(0),
    stopUs: positiveUs.optional(),
    window: packetCount.optional(),
    rate: fraction.optional(),
    /**
     * Reliable transport (default): the destination acknowledges every packet. False: no
     * ACKs, a CN packet per marked packet (turner-2001 sec. 3); under controller `hybrid`
     * such a flow is rate controlled by `turner-rate` (sec. 5.2).
     */
    reliable: z.boolean().optional(),
    /**
     * An RDMA READ (turner-2001 sec. 3 case 3, sec. 5.2): `destination` reads from `source`.
     * At `startUs` the destination sends an ACK-sized read request to the source, whose
     * responses are the flow's data packets from the request's arrival on: not acknowledged,
     * a CN packet per marked one, rate control only (`turner-rate` under `hybrid`). Leave
     * out `reliable`.
     */
    rdmaRead: z.boolean().default(false),
    /** Virtual lane of the flow's packets on every hop (turner-2001 sec. 2); below `switch.vls`. */
    vl: count(0, MAX_VLS - 1).default(0),
  })
  .refine((flow) => flow.stopUs === undefined || flow.stopUs > flow.startUs, {
    message: "stopUs must be after startUs",
    path: ["stopUs"],
  });

/** One link failure: `link` is a link direction as the result names it, `from->to`. */
export const failureSchema = z
  .strictObject({
    /** A link direction, `from->to` (e.g. "E0->A0"), as `summary.links` names it. */
    link: name,
    /** Both directions fail (a cut cable, the default), or only `link`'s (false). */
    bothDirections: z.boolean().default(true),
    /** When it fails, us from the start. */
    atUs: timeUs,
    /** When it works again, us from the start; omit: never. */
    recoverUs: positiveUs.optional(),
  })
  .refine((failure) => failure.recoverUs === undefined || failure.recoverUs > failure.atUs, {
    message: "recoverUs must be after atUs",
    path: ["recoverUs"],
  });

/** How routing reacts to `failures` beyond each switch's own ECMP (README "Link failures"). */
export const reroutingSchema = z.strictObject({
  /**
   * Every switch's routes are recomputed as shortest paths over the links that are up when a
   * failure leaves the switch at it with no working port toward some destination (where ECMP
   * has one left it suffices: the recomputed routes would be the same), and again when a link
   * comes back while recomputed routes are in use. false: the tables are kept (ECMP only).
   */
  recompute: z.boolean().default(true),
  /**
   * From a failure or recovery to the recomputed routes taking effect everywhere, us; until
   * then packets routed into the failed link are lost there. Default 0: an ideal routing protocol.
   */
  convergenceUs: timeUs.default(0),
});

/**
 * A link direction that runs slower than its link, for the whole run (uet-htsim's `-failed N`,
 * docs/spec/uec.md C14): its bandwidth, and the per-output thresholds of the switch sending on
 * it (a lossy priority's trim threshold and header queue, RED's Kmin and Kmax), times `ratio`.
 */
export const degradedLinkSchema = z.strictObject({
  /** A link direction, `from->to` (e.g. "core0->pod0-agg0"), as `summary.links` names it. */
  link: name,
  /** Its speed and thresholds as a share of the link's, below 1 (default 0.25, uet-htsim's `_failed_link_ratio`). */
  ratio: fraction.lt(1).default(0.25),
  /** The reverse direction too (default false: uet-htsim degrades one direction). */
  bothDirections: z.boolean().default(false),
});

export const santosFlowsSchema = z.strictObject({
  pattern: z.literal("santos"),
  /**
   * ON/OFF sources (santos-2002 sec. 6.3.2, Fig. 8): the last `local` of B1..BL and the last
   * `remote` of A1..AR do not send all the time; each (source, BC) pair alternates
   * exponential ON and OFF periods of mean `meanOnMs` (equal means), a new flow per ON
   * period. Their groups are "local-dynamic" and "remote-dynamic".
   */
  dynamic: z
    .strictObject({
      local: nodeCount(0),
      remote: nodeCount(0),
      meanOnMs: positiveMs,
    })
    .optional(),
  /** One flow starts every `staggerUs`, local flows first, then remote (santos-2002 sec. 3). */
  staggerUs: timeUs.default(100),
  /** When the victim flow AV -> BV is active, [start, stop] in ms; null: always. */
  victimMs: z
    .tuple([timeMs, positiveMs])
    .refine(([start, stop]) => stop > start, "the victim must stop after it starts ([start, stop] with start < stop)")
    .nullable()
    .default([40, 60]),
});

/**
 * Marking policies: the registry's (`@losslab/marking`'s built-in ones and plugins'), each
 * with its parameters' ranges, defaults and docs (kind-schema.ts).
 */
function markingSchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.marking) as unknown as z.ZodType<MarkingSpec, MarkingSpec>;
}

/**
 * Traffic generators: the registry's (`@losslab/traffic`'s built-in ones and plugins'), their
 * nested destination patterns and size distributions from those families' registries.
 */
function trafficSchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.traffic, {}, (family) => familyOf(kinds, family)) as unknown as z.ZodType<
    GeneratorSpec,
    GeneratorSpec
  >;
}

/**
 * Per-flow congestion controllers: the registry's (`@losslab/response`'s built-in ones and
 * plugins'), each with its parameters' ranges, defaults and docs in scenario units (kind-schema.ts).
 */
function multipathSchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.multipath) as unknown as z.ZodType<EntropyPolicySpec, EntropyPolicySpec>;
}

function controllerSchema(kinds: ScenarioKinds) {
  return kindSchema(kinds.controller) as unknown as z.ZodType<ControllerSpec, ControllerSpec>;
}

/**
 * turner-2001 sec. 6.2's subnet manager on host `host`: destinations send it a CN packet per
 * marked data packet from a non-compliant source; each CN raises that flow's static IPD at
 * its source by `stepIpd` (at most `maxIpd`); with `decayUs`, a flow that got no CN for
 * `decayUs` has its static IPD lowered by one, and again every `decayUs`, down to 0.
 */
export const subnetManagerSchema = z.strictObject({
  host: name,
  stepIpd: count(1, MAX_IPD).default(1),
  maxIpd: count(1, MAX_IPD).default(255),
  decayUs: positiveUs.optional(),
});

export const metricsSchema = z.strictObject({
  /** Resolution of every byte counter. */
  binUs: positiveUs.default(10),
  /** Sliding window of the time series (santos-2002: 2 ms, centred). */
  windowMs: positiveMs.default(2),
  /** Distance between time-series points. */
  stepUs: positiveUs.default(250),
  /** Interval of the summary averages, [from, to] in ms; default: the whole run. */
  measureMs: z.tuple([timeMs, positiveMs]).optional(),
  /**
   * A hot-spot host: latency and delivered traffic are also reported for the classes
   * "hot" (packets addressed to it) and "cold" (all others), ferrer-2012 sec. 5.2.
   */
  hotSpot: name.optional(),
  /**
   * Flow groups whose time waiting at the source is recorded: per bin, the fraction of time
   * some packet of the group had been generated but not yet injected (`sourceWait(group)`).
   */
  sourceWaitGroups: z.array(name).max(MAX_LIST).default([]),
  /**
   * The links (`from->to`) whose utilization is metered; default every link. Large fabrics
   * need a list: every meter holds one number per `binUs` bin.
   */
  linkMeters: z.array(name).max(MAX_LIST).optional(),
  /**
   * Count, per flow, the congestion feedback its controller hears and the decreases it causes
   * (`responses` in the result). Off by default: it wraps every controller call.
   */
  responses: z.boolean().default(false),
  /**
   * Upper edges (bytes, inclusive, increasing) of the size buckets of `slowdown` in the result;
   * default [1e4, 1e5, 1e6, 1e7]: <= 10 KB, <= 100 KB, <= 1 MB, <= 10 MB and above.
   */
  slowdownEdgesBytes: z.array(z.number().positive().max(MAX_MESSAGE_BYTES)).min(1).max(64).optional(),
  /**
   * Sample the switch buffers' occupancy every `intervalUs` (default `binUs`): `queues` in the
   * result has per buffer that ever held data its p50, p95, p99 and maximum in bytes, and
   * `queueSeries(name)` the samples of the buffers `series` names (`switch:in<port>`,
   * `switch:out<port>`). Off when absent.
   */
  queueLengths: z
    .strictObject({
      intervalUs: positiveUs.optional(),
      series: z.array(name).max(MAX_LIST).default([]),
    })
    .optional(),
});

/**
 * The fields of a scenario file naming kinds of `kinds`, each in its range; `scenarioSchema`
 * adds the cross-field rules and defaults.
 */
export const scenarioFieldsSchema = (kinds: ScenarioKinds) =>
  z.strictObject({
    /** Editors: the JSON Schema this file follows (ignored by losslab). */
    $schema: text.optional(),
    /**
     * Modules that define more kinds (a marking policy of your own, ...): package names,
     * resolved from the scenario file's directory, or files inside it (`./my-policy.mjs`; no
     * absolute path, `..` or URL). They are code: the losslab CLI loads them; in code, give
     * `parseScenario` and `runScenario` the kinds (`withPlugins`).
     */
    plugins: z.array(name).max(MAX_LIST).optional(),
    name: text.default("scenario"),
    seed: count(0, Number.MAX_SAFE_INTEGER).default(1),
    // How to run, not what: absent from the parsed scenario unless given, so no result moves.
    threads: z
      .number({ error: THREADS_ALLOWED })
      .int({ error: THREADS_ALLOWED })
      .min(1, { error: THREADS_ALLOWED })
      .max(MAX_THREADS, { error: THREADS_ALLOWED })
      .optional()
      .describe(
        "threads the losslab CLI splits the run over (default 1; `run --threads` wins): the same result, only the run's cost changes (docs/spec/parallel.md sec. 6); runScenario and the browser lab run on one thread",
      ),
    /** Length of a cycle in ns, for cycle-based models (ferrer-2012: links of 1 byte/cycle). */
    cycleNs: z.number().min(MIN_CYCLE_NS).max(MAX_CYCLE_NS).optional(),
    /** Simulated time in ms; or give `durationCycles` (with `cycleNs`). */
    durationMs: z.number().min(MIN_TIME_MS).max(MAX_DURATION_MS).optional(),
    /** Simulated time in cycles of `cycleNs`; the run is at most `durationMs`'s maximum too. */
    durationCycles: z
      .number()
      .positive()
      .max(MAX_TIME_NS / MIN_CYCLE_NS)
      .optional(),
    topology: topologySchema(kinds),
    switch: switchSchema(kinds).default(defaultSwitch(kinds)),
    adapter: adapterSchema.default({ queues: "per-message", acks: true, pacing: "since-start", ackCoalescing: 1 }),
    packets: packetsSchema.default({
      dataBytes: 2068,
      headerBytes: 20,
      ackBytes: 20,
      wireOverheadBytes: 0,
      notificationBytes: 64,
    }),
    marking: markingSchema(kinds).default({ kind: "none" }),
    /**
     * Traffic generators of @losslab/traffic (on-off, bernoulli, poisson, hot-spot, trace, incast, flow-graph and the collectives, htsim-matrix, ns3-hpcc-flows) and
     * plugins, started with the run, in addition to `flows`; each checked against its
     * definition, its destination pattern and size distribution too (`traffic[i]...`).
     */
    traffic: z.array(trafficSchema(kinds)).max(MAX_LIST).default([]),
    controller: controllerSchema(kinds).default({ kind: "none" }),
    /**
     * Multipath (docs/spec/uec.md sec. 4): how every source picks each data packet's entropy,
     * which ECMP switches hash with the flow ("ecmp": none, one path per flow; "oblivious",
     * "round-robin", "reps", "bitmap", "mixed": spraying). Given, the run also measures the receivers'
     * reorder buffers (`reorder` in the result). Default: absent, one path per flow.
     */
    multipath: multipathSchema(kinds).optional(),
    /**
     * Switch adaptive routing in ECMP groups (@losslab/switch's `adaptiveEcmpRouter`): each
     * packet takes the member with the fewest bytes in its output queue; "queue-pause" counts
     * a member whose priority PFC pauses as full. Default (or "off"): the hash picks. Refused on a
     * Dragonfly that routes each packet itself (Valiant, UGAL, VLs by hop class).
     */
    adaptiveRouting: z.enum(["off", "queue", "queue-pause"]).optional(),
    /**
     * Link directions slower than their links for the whole run: bandwidth and the sending
     * switch's per-output thresholds times `ratio` (see README "Degraded links"). Routing does
     * not know: ECMP hashes over them as over the others, as uet-htsim does.
     */
    degradedLinks: z.array(degradedLinkSchema).max(MAX_LIST).default([]),
    /**
     * Devices that do not implement congestion control (turner-2001 sec. 6): hosts whose
     * flows take no controller and ignore marks, switches that mark nothing.
     */
    nonCompliant: z
      .strictObject({
        hosts: z.array(name).max(MAX_LIST).default([]),
        switches: z.array(name).max(MAX_LIST).default([]),
      })
      .default({ hosts: [], switches: [] }),
    /** The subnet manager that throttles non-compliant sources (turner-2001 sec. 6.2; see README). */
    subnetManager: subnetManagerSchema.optional(),
    flows: z.union([santosFlowsSchema, z.array(flowSchema).max(MAX_FLOWS)]).default([]),
    /** Window and rate limits: a default for every flow, and per flow group ("local", "remote", "victim"). */
    limits: z
      .strictObject({
        window: packetCount.optional(),
        rate: fraction.optional(),
        groups: z.record(name, limitSchema).default({}),
      })
      .default({ groups: {} }),
    metrics: metricsSchema.default({ binUs: 10, windowMs: 2, stepUs: 250, sourceWaitGroups: [], responses: false }),
    /**
     * Links that fail, and may come back, during the run: frames on a failed link are lost
     * (counted per link in the result's `failures`), ECMP avoids it while an equal-cost port
     * remains (see README "Link failures").
     */
    failures: z.array(failureSchema).max(MAX_LIST).default([]),
    /**
     * Routes recomputed around failed links (`recompute`, after `convergenceUs`); absent: never,
     * each switch's ECMP only leaves its failed ports out (see README "Link failures").
     */
    rerouting: reroutingSchema.optional(),
  });

export type FlowInput = z.output<typeof flowSchema>;
/** A scenario's fields, each in its range, before the cross-field rules and derived defaults. */
export type ScenarioFields = z.output<ReturnType<typeof scenarioFieldsSchema>>;
