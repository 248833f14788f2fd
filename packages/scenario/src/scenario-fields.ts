import type { MarkingSpec } from "@losslab/marking";
import { MAX_CCT_ENTRIES } from "@losslab/response";
import { OUTPUT_ORDERS } from "@losslab/switch";
import type { GeneratorSpec } from "@losslab/traffic";
import { z } from "zod";
import { kindSchema } from "./kind-schema.js";
import { familyOf, type ScenarioKinds } from "./scenario-kinds.js";
import {
  MAX_BANDWIDTH,
  MAX_BUFFER_BYTES,
  MAX_CYCLE_NS,
  MAX_DURATION_MS,
  MAX_FACTOR,
  MAX_FLOWS,
  MAX_HOSTS,
  MAX_IPD,
  MAX_ISLIP_ITERATIONS,
  MAX_LIST,
  MAX_PACKET_BYTES,
  MAX_PACKETS,
  MAX_SPEEDUP,
  MAX_STAGES,
  MAX_TEXT_LENGTH,
  MAX_TIME_MS,
  MAX_TIME_NS,
  MAX_TIME_US,
  MAX_VL_WEIGHT,
  MAX_VLS,
  MIN_BANDWIDTH,
  MIN_CYCLE_NS,
  MIN_RATE_FRACTION,
  MIN_TIME_MS,
  MIN_TIME_NS,
  MIN_TIME_US,
} from "./scenario-limits.js";

/**
 * The fields of the scenario file format, each in its range. Every time field names its unit (`durationMs`,
 * `delayNs`, `staggerUs`); rates of flows are fractions of the link bandwidth (0..1].
 * Defaults are santos-2002 Table 1 (see README). Every number has a range
 * (scenario-limits.ts): what the simulator can hold.
 */

/** A count of things: an integer in [min, max]. */
const count = (min: number, max: number) => z.number().int().min(min).max(max);
/** Packets (windows, thresholds, buffers in packets). */
const packetCount = count(1, MAX_PACKETS);
/** Bytes of a packet or frame. */
const packetBytes = count(1, MAX_PACKET_BYTES);
/** Bytes of a buffer, threshold or byte counter. */
const bufferBytes = count(1, MAX_BUFFER_BYTES);
/** Rate limits: a fraction of the link bandwidth, not so small that a packet's gap leaves the clock. */
const fraction = z.number().min(MIN_RATE_FRACTION).lte(1);
/** Times: >= 0 (or >= 1 ps when positive), at most MAX_TIME_SECONDS, in the unit the name says. */
const timeMs = z.number().min(0).max(MAX_TIME_MS);
const timeUs = z.number().min(0).max(MAX_TIME_US);
const timeNs = z.number().min(0).max(MAX_TIME_NS);
const positiveMs = z.number().min(MIN_TIME_MS).max(MAX_TIME_MS);
const positiveUs = z.number().min(MIN_TIME_US).max(MAX_TIME_US);
const positiveNs = z.number().min(MIN_TIME_NS).max(MAX_TIME_NS);
/** Names, host ids, groups. */
const text = z.string().max(MAX_TEXT_LENGTH);
const name = z.string().min(1).max(MAX_TEXT_LENGTH);
/** An integer inter-packet delay (turner-2001's IPD). */
const ipd = count(0, MAX_IPD);
/** A factor such as a decrease factor or a weight. */
const factor = z.number().max(MAX_FACTOR);
/** Bytes per second of every link; default 1e9, or 1 byte per cycle when `cycleNs` is set. */
const bandwidth = z.number().min(MIN_BANDWIDTH).max(MAX_BANDWIDTH).optional();
const delayNs = timeNs.default(10);
/** Hosts and switches of a topology (the total is checked too: at most MAX_HOSTS hosts). */
const nodeCount = (min: number) => count(min, MAX_HOSTS);

export const twoSwitchTopologySchema = z
  .strictObject({
    kind: z.literal("two-switch"),
    /** L: local sources B1..BL. */
    local: nodeCount(0),
    /** R: remote sources A1..AR. */
    remote: nodeCount(0),
    /** Include the victim pair AV -> BV. */
    victim: z.boolean().default(true),
    bandwidth,
    /** Propagation delay of every link, ns. */
    delayNs,
  })
  .describe("santos-2002 Fig. 1: switches A and B, remote sources on A, local sources on B");

export const singleSwitchTopologySchema = z.strictObject({
  kind: z.literal("single-switch"),
  hosts: nodeCount(2),
  bandwidth,
  delayNs,
});

const arity = count(2, MAX_HOSTS);
const stages = count(1, MAX_STAGES);

export const kAryNTreeTopologySchema = z
  .strictObject({ kind: z.literal("k-ary-n-tree"), k: arity, n: stages, bandwidth, delayNs })
  .describe("bidirectional k-ary n-tree fat tree (ferrer-2012's bidirectional k-ary n-fly): k^n hosts H0..");

export const kAryNFlyTopologySchema = z
  .strictObject({ kind: z.literal("k-ary-n-fly"), k: arity, n: stages, bandwidth, delayNs })
  .describe("unidirectional k-ary n-fly butterfly: hosts inject into stage 0 and receive from stage n-1");

export const spineLeafTopologySchema = z
  .strictObject({
    kind: z.literal("spine-leaf"),
    leaves: nodeCount(1),
    spines: nodeCount(1),
    hostsPerLeaf: nodeCount(1),
    bandwidth,
    delayNs,
  })
  .describe("two-level spine-leaf: every leaf linked to every spine");

export const customTopologySchema = z
  .strictObject({
    kind: z.literal("custom"),
    /** `{ id, kind: "host" | "switch", ports }`: the format of @losslab/topology's `topologyFromJSON`. */
    nodes: z.array(z.looseObject({})).min(1),
    /** `{ a: { node, port }, b: { node, port }, bandwidth?, delayPs?, delayBackPs? }`. */
    links: z.array(z.looseObject({})),
    /** How packets are routed: `{ kind: "shortest-path" }` (default) or a rule-based kind of @losslab/topology. */
    routing: z.looseObject({ kind: z.string() }).optional(),
    /** Of the links that give none of their own. */
    bandwidth,
    delayNs,
  })
  .describe(
    "any fabric: nodes and links as @losslab/topology's JSON, routed by shortest path unless `routing` says otherwise",
  );

export const topologySchema = z.discriminatedUnion("kind", [
  twoSwitchTopologySchema,
  singleSwitchTopologySchema,
  kAryNTreeTopologySchema,
  kAryNFlyTopologySchema,
  spineLeafTopologySchema,
  customTopologySchema,
]);

/**
 * Link-level flow control of switch inputs: InfiniBand-style credits, or lossless Ethernet's
 * PAUSE with XOFF at `xoffBytes` and XON below `xonBytes` (chrysos sec. II-III).
 */
export const flowControlSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("credits") }),
  z.strictObject({
    kind: z.literal("pause"),
    xoffBytes: bufferBytes,
    xonBytes: bufferBytes,
    /** From a PAUSE frame's last byte to when its receiver honours it; default 3.072 us (802.3 Annex 31B at 10 Gb/s). */
    reactionDelayNs: timeNs.optional(),
    pauseFrameBytes: packetBytes.optional(),
  }),
]);

/** Fields every switch organisation has. Buffers: `bufferPackets` or `inputBufferBytes`, not both. */
const switchCommon = {
  flowControl: flowControlSchema.default({ kind: "credits" }),
  /** Input buffer per port, in maximum-size packets (default 4 when `inputBufferBytes` is not given). */
  bufferPackets: packetCount.optional(),
  /** Input buffer per port, in bytes (rounded down to whole credit blocks). */
  inputBufferBytes: bufferBytes.optional(),
  forwardingDelayNs: timeNs.default(40),
  creditBytes: packetBytes.default(64),
};

export const switchSchema = z.discriminatedUnion("kind", [
  z
    .strictObject({
      kind: z.literal("input-buffered"),
      ...switchCommon,
      maxBypass: count(0, MAX_PACKETS).default(4),
      /**
       * Which free output an input holding packets for several serves first (santos-2002
       * leaves it open; see @losslab/switch `OutputOrder`): "rotate" (a rotating first
       * output), "longest-idle" (the output idle longest), "oldest-packet" (the output whose
       * candidate packet arrived earliest).
       */
      outputOrder: z
        .enum(OUTPUT_ORDERS)
        .default("rotate")
        .describe(
          'which free output an input holding packets for several serves first: "rotate", "longest-idle" or "oldest-packet" (@losslab/switch OutputOrder)',
        ),
      /** Virtual lanes per port, each with its own input buffer (the buffer size above) and credits. */
      vls: count(1, MAX_VLS).default(1),
      /** Weighted round-robin VL arbitration at each output (the hosts' too), packets per turn per VL; default all 1. */
      vlWeights: z.array(count(1, MAX_VL_WEIGHT)).max(MAX_VLS).optional(),
    })
    .describe("santos-2002 Table 1: per-output FIFO with bounded bypass"),
  z
    .strictObject({ kind: z.literal("fifo"), ...switchCommon })
    .describe("strict FIFO input queues (head-of-line blocking)"),
  z
    .strictObject({
      kind: z.literal("voq"),
      ...switchCommon,
      islipIterations: count(1, MAX_ISLIP_ITERATIONS).default(1),
    })
    .describe("virtual output queues at the inputs, iSLIP allocator"),
  z
    .strictObject({
      kind: z.literal("cioq"),
      ...switchCommon,
      /** Crossbar speedup (ferrer-2012 sec. 5.1: 2). */
      speedup: z.number().min(1).max(MAX_SPEEDUP).default(2),
      /** Output buffer per port in bytes; default: the input buffer's size. */
      outputBufferBytes: bufferBytes.optional(),
      /** Input buffer organisation: strict FIFO (ferrer-2012) or VOQs (chrysos). */
      inputQueues: z.enum(["fifo", "voq"]).default("fifo"),
      islipIterations: count(1, MAX_ISLIP_ITERATIONS).default(1),
    })
    .describe("combined input-output queued, crossbar speedup, output buffers"),
]);

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
  return kindSchema(kinds.traffic, (family) => familyOf(kinds, family)) as unknown as z.ZodType<
    GeneratorSpec,
    GeneratorSpec
  >;
}

/** Fields of turner-2001's controllers (sec. 5.1-5.2); ranges are checked by `@losslab/response`. */
const turnerRateFields = {
  response: z.enum(["lipd", "fimd", "aimd"]),
  /** Decrease factor of fimd and aimd (default 2). */
  m: factor.gt(1).optional(),
  /** Largest IPD (default 255): Rmin = link rate / (1 + maxIpd). */
  maxIpd: count(1, MAX_IPD).optional(),
  /** SIPD, the static IPD of path discovery (default 0): CIPD never goes below it. */
  staticIpd: ipd.optional(),
};

/**
 * Per-flow congestion controllers of `@losslab/response`. `per-ack` is santos-2002 sec. 6:
 * every ACK applies f_inc or f_dec; rates start at Rmax (the link rate), Rmin = Rmax/256.
 */
export const controllerSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({
    kind: z.literal("per-ack"),
    response: z.enum(["lipd", "fimd", "aimd"]),
    /** Decrease factor of fimd and aimd (default 2); lipd takes none. */
    m: factor.gt(1).optional(),
    /** "discrete": the 256 InfiniBand IPD rates Rmax/(1+ipd) (santos-2002 sec. 6.3.1). */
    mode: z.enum(["continuous", "discrete"]).default("continuous"),
    /** Window in packets (santos-2002: 1). */
    window: packetCount.default(1),
    /** Rmin as a fraction of Rmax. */
    rminFraction: fraction.default(1 / 256),
    /**
     * Keep a controller's state per (source, destination) across consecutive flows, so a
     * new flow starts where the previous one of its pair left off (santos-2002 sec. 6.3.2).
     */
    persistent: z.boolean().default(false),
  }),
  z
    .strictObject({
      kind: z.literal("hybrid"),
      ...turnerRateFields,
      /** Starting IPD (default staticIpd). */
      initialIpd: ipd.optional(),
      /** Largest window in packets (default 8); 1 fixes the window. */
      maxWindow: packetCount.optional(),
      /** Starting window (default 1, turner's minimum). */
      initialWindow: packetCount.optional(),
      /** Response function of the window (default: `response`). */
      windowResponse: z.enum(["lipd", "fimd", "aimd"]).optional(),
    })
    .describe("turner-2001 sec. 5.1: hybrid rate/window control of reliable flows"),
  z
    .strictObject({
      kind: z.literal("turner-rate"),
      ...turnerRateFields,
      /** Start at staticIpd + this offset: sec. 5.2's slow start (default 0). */
      initialIpdOffset: ipd.optional(),
    })
    .describe("turner-2001 sec. 5.2: rate control of unreliable flows (CN packets, no ACKs)"),
  z.strictObject({
    kind: z.literal("mvcm"),
    /** k: switch radix; default the topology's k (k-ary-n-tree, k-ary-n-fly). */
    radix: arity.optional(),
    /** n: network stages; default the topology's n. */
    stages: stages.optional(),
    /** DWmax: largest dynamic window, packets (ferrer-2012: 2). */
    maxWindow: packetCount.default(2),
    /** Raise the waiting slots at most n times (ferrer-2012 sec. 5.2.3: true). */
    limitWaitingSlots: z.boolean().default(true),
    /** Switch hops of the minimum round trip; default 2n-1 (bidirectional) or n (butterfly). */
    hops: count(1, 2 * MAX_STAGES).optional(),
    /** t_hop of sec. 4.3's RTT_min, ns; default 3 byte times of the link. */
    hopDelayNs: timeNs.optional(),
    /** One waiting slot, ns; default RTT_min (sec. 4.3). */
    slotTimeNs: positiveNs.optional(),
  }),
  z.strictObject({
    kind: z.literal("qcn"),
    /** Gd (802.1Qau): CR *= 1 - Gd x QntzFb on a CNM; default 1/128. */
    decreaseGain: z.number().positive().max(1).optional(),
    /** Rmin as a fraction of the link bandwidth; default 100 Mb/s. */
    minRateFraction: fraction.optional(),
    fastRecoveryCycles: count(1, MAX_PACKETS).optional(),
    /** R_AI and R_HAI in Mb/s (at most the fastest link, 8e6 Mb/s); defaults 5 and 50. */
    activeIncreaseMbps: z
      .number()
      .positive()
      .max((MAX_BANDWIDTH * 8) / 1e6)
      .optional(),
    hyperIncreaseMbps: z
      .number()
      .positive()
      .max((MAX_BANDWIDTH * 8) / 1e6)
      .optional(),
    /** BC_LIMIT, bytes; default 150,000. */
    byteLimit: bufferBytes.optional(),
    /** T, ms; default 15. */
    timerMs: positiveMs.optional(),
  }),
  z.strictObject({
    kind: z.literal("ib-cca"),
    /** CCTI_Timer period, us: the index drops by one each period without notifications. */
    timerPeriodUs: positiveUs,
    /** CCTI_Increase per notification (default 1). */
    indexIncrease: count(1, MAX_CCT_ENTRIES).optional(),
    /** Indices into the congestion control table (@losslab/response DEFAULT_CCT: 128 entries). */
    indexMin: count(0, MAX_CCT_ENTRIES - 1).optional(),
    indexLimit: count(0, MAX_CCT_ENTRIES - 1).optional(),
  }),
]);

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
     * resolved from the scenario file's directory, or paths relative to it. The losslab CLI
     * loads them; in code, give `parseScenario` and `runScenario` the kinds (`withPlugins`).
     */
    plugins: z.array(name).max(MAX_LIST).optional(),
    name: text.default("scenario"),
    seed: count(0, Number.MAX_SAFE_INTEGER).default(1),
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
    topology: topologySchema,
    switch: switchSchema.default({
      kind: "input-buffered",
      flowControl: { kind: "credits" },
      forwardingDelayNs: 40,
      maxBypass: 4,
      outputOrder: "rotate",
      vls: 1,
      creditBytes: 64,
    }),
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
     * Traffic generators of @losslab/traffic (on-off, bernoulli, poisson, hot-spot, trace) and
     * plugins, started with the run, in addition to `flows`; each checked against its
     * definition, its destination pattern and size distribution too (`traffic[i]...`).
     */
    traffic: z.array(trafficSchema(kinds)).max(MAX_LIST).default([]),
    controller: controllerSchema.default({ kind: "none" }),
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
  });

export type FlowInput = z.output<typeof flowSchema>;
/** A scenario's fields, each in its range, before the cross-field rules and derived defaults. */
export type ScenarioFields = z.output<ReturnType<typeof scenarioFieldsSchema>>;
