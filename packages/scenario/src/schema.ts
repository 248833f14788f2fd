import { OUTPUT_ORDERS } from "@losslab/switch";
import { z } from "zod";

/**
 * The scenario file format, validated. Every time field names its unit (`durationMs`,
 * `delayNs`, `staggerUs`); rates of flows are fractions of the link bandwidth (0..1].
 * Defaults are santos-2002 Table 1 (see README).
 */

const positiveInt = z.number().int().positive();
const fraction = z.number().gt(0).lte(1);
/** Bytes per second of every link; default 1e9, or 1 byte per cycle when `cycleNs` is set. */
const bandwidth = z.number().positive().optional();
const delayNs = z.number().min(0).default(10);

export const twoSwitchTopologySchema = z
  .strictObject({
    kind: z.literal("two-switch"),
    /** L: local sources B1..BL. */
    local: z.number().int().min(0),
    /** R: remote sources A1..AR. */
    remote: z.number().int().min(0),
    /** Include the victim pair AV -> BV. */
    victim: z.boolean().default(true),
    bandwidth,
    /** Propagation delay of every link, ns. */
    delayNs,
  })
  .describe("santos-2002 Fig. 1: switches A and B, remote sources on A, local sources on B");

export const singleSwitchTopologySchema = z.strictObject({
  kind: z.literal("single-switch"),
  hosts: z.number().int().min(2),
  bandwidth,
  delayNs,
});

const arity = z.number().int().min(2);
const stages = z.number().int().min(1);

export const kAryNTreeTopologySchema = z
  .strictObject({ kind: z.literal("k-ary-n-tree"), k: arity, n: stages, bandwidth, delayNs })
  .describe("bidirectional k-ary n-tree fat tree (ferrer-2012's bidirectional k-ary n-fly): k^n hosts H0..");

export const kAryNFlyTopologySchema = z
  .strictObject({ kind: z.literal("k-ary-n-fly"), k: arity, n: stages, bandwidth, delayNs })
  .describe("unidirectional k-ary n-fly butterfly: hosts inject into stage 0 and receive from stage n-1");

export const spineLeafTopologySchema = z
  .strictObject({
    kind: z.literal("spine-leaf"),
    leaves: z.number().int().min(1),
    spines: z.number().int().min(1),
    hostsPerLeaf: z.number().int().min(1),
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
    xoffBytes: positiveInt,
    xonBytes: positiveInt,
    /** From a PAUSE frame's last byte to when its receiver honours it; default 3.072 us (802.3 Annex 31B at 10 Gb/s). */
    reactionDelayNs: z.number().min(0).optional(),
    pauseFrameBytes: positiveInt.optional(),
  }),
]);

/** Fields every switch organisation has. Buffers: `bufferPackets` or `inputBufferBytes`, not both. */
const switchCommon = {
  flowControl: flowControlSchema.default({ kind: "credits" }),
  /** Input buffer per port, in maximum-size packets (default 4 when `inputBufferBytes` is not given). */
  bufferPackets: positiveInt.optional(),
  /** Input buffer per port, in bytes (rounded down to whole credit blocks). */
  inputBufferBytes: positiveInt.optional(),
  forwardingDelayNs: z.number().min(0).default(40),
  creditBytes: positiveInt.default(64),
};

export const switchSchema = z.discriminatedUnion("kind", [
  z
    .strictObject({
      kind: z.literal("input-buffered"),
      ...switchCommon,
      maxBypass: z.number().int().min(0).default(4),
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
      vls: z.number().int().min(1).max(15).default(1),
      /** Weighted round-robin VL arbitration at each output (the hosts' too), packets per turn per VL; default all 1. */
      vlWeights: z.array(positiveInt).optional(),
    })
    .describe("santos-2002 Table 1: per-output FIFO with bounded bypass"),
  z
    .strictObject({ kind: z.literal("fifo"), ...switchCommon })
    .describe("strict FIFO input queues (head-of-line blocking)"),
  z
    .strictObject({ kind: z.literal("voq"), ...switchCommon, islipIterations: positiveInt.default(1) })
    .describe("virtual output queues at the inputs, iSLIP allocator"),
  z
    .strictObject({
      kind: z.literal("cioq"),
      ...switchCommon,
      /** Crossbar speedup (ferrer-2012 sec. 5.1: 2). */
      speedup: z.number().min(1).default(2),
      /** Output buffer per port in bytes; default: the input buffer's size. */
      outputBufferBytes: positiveInt.optional(),
      /** Input buffer organisation: strict FIFO (ferrer-2012) or VOQs (chrysos). */
      inputQueues: z.enum(["fifo", "voq"]).default("fifo"),
      islipIterations: positiveInt.default(1),
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
  ackCoalescing: positiveInt.default(1),
  /** With `ackCoalescing` > 1 (then required): the longest an unmarked packet waits for its ACK, us. */
  ackCoalescingTimeoutUs: z.number().positive().optional(),
});

export const packetsSchema = z.strictObject({
  /** Data packet on the wire: 20 B header + 2048 B payload. */
  dataBytes: positiveInt.default(2068),
  /** Header bytes of a data packet (the rest is payload: a message of B bytes is ceil(B / payload) packets). */
  headerBytes: z.number().int().min(0).default(20),
  ackBytes: positiveInt.default(20),
  /** Bytes every frame costs on the wire beyond its size (Ethernet: 20 = preamble 8 + interframe gap 12). */
  wireOverheadBytes: z.number().int().min(0).default(0),
  /** Size of a congestion notification frame (QCN CNM: 64 B). */
  notificationBytes: positiveInt.default(64),
});

const limitSchema = z.strictObject({
  /** Packets outstanding; omit for no window. */
  window: positiveInt.optional(),
  /** Rate limit as a fraction of the link bandwidth; omit for none. */
  rate: fraction.optional(),
});

export const flowSchema = z
  .strictObject({
    source: z.string().min(1),
    destination: z.string().min(1),
    group: z.string().min(1).default("flows"),
    startUs: z.number().min(0).default(0),
    stopUs: z.number().positive().optional(),
    window: positiveInt.optional(),
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
    vl: z.number().int().min(0).default(0),
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
      local: z.number().int().min(0),
      remote: z.number().int().min(0),
      meanOnMs: z.number().positive(),
    })
    .optional(),
  /** One flow starts every `staggerUs`, local flows first, then remote (santos-2002 sec. 3). */
  staggerUs: z.number().min(0).default(100),
  /** When the victim flow AV -> BV is active, [start, stop] in ms; null: always. */
  victimMs: z
    .tuple([z.number().min(0), z.number().positive()])
    .refine(([start, stop]) => stop > start, "the victim must stop after it starts ([start, stop] with start < stop)")
    .nullable()
    .default([40, 60]),
});

/** Buffer thresholds of ferrer-2012's markers: a fraction of the capacity, judged in bytes or packets. */
const thresholdFraction = z.number().min(0).lt(1).optional();
const thresholdUnit = z.enum(["bytes", "packets"]).optional();

/**
 * Marking policies of `@losslab/marking`: santos-2002 sec. 5, ferrer-2012 sec. 3.1 and 4.1,
 * InfiniBand CCA. Parameter ranges are checked by the marking package and reported as `marking.<field>`.
 */
export const markingSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({ kind: z.literal("naive") }),
  z.strictObject({ kind: z.literal("input-triggered") }),
  z.strictObject({ kind: z.literal("input-output-triggered"), outputThreshold: positiveInt }),
  /** turner-2001 sec. 4: full input VL buffers mark propagating packets and pick roots by output credits. */
  z.strictObject({
    kind: z.literal("turner"),
    /** Sec. 6.1's optimisation: mark packets for an output VL that blocks toward a non-compliant switch. Default false. */
    markBlockedTowardNonCompliant: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal("ipm"), threshold: thresholdFraction, unit: thresholdUnit }),
  z.strictObject({ kind: z.literal("opm"), threshold: thresholdFraction, unit: thresholdUnit }),
  z.strictObject({
    kind: z.literal("mvpm"),
    /** MB above this fraction of the input buffer (ferrer-2012 sec. 4.3: 0.66). */
    inputThreshold: thresholdFraction,
    /** VB above this fraction of the output buffer (0.33). */
    outputThreshold: thresholdFraction,
    unit: thresholdUnit,
  }),
  z.strictObject({
    kind: z.literal("qcn"),
    /** Congestion points at switch outputs (802.1Qau) or inputs (chrysos sec. III). */
    at: z.enum(["output", "input"]).optional(),
    /** Culprit: the sampled arriving frame (standard) or by buffer occupancy (chrysos sec. IV). */
    culprit: z.enum(["arrival", "occupancy-deterministic", "occupancy-random"]).optional(),
    /** Qeq, bytes (chrysos: 60 KB). */
    equilibrium: positiveInt.optional(),
    weight: z.number().positive().optional(),
    /** Base sampling interval, bytes (chrysos: 150 KB). */
    sampleInterval: positiveInt.optional(),
    sampling: z.enum(["adaptive", "fixed"]).optional(),
    sampleJitter: z.number().min(0).lt(1).optional(),
    unitBytes: positiveInt.optional(),
  }),
  z.strictObject({
    kind: z.literal("ib-cca"),
    /** IBA Threshold 0..15 (15: most aggressive). */
    threshold: z.number().int().optional(),
    markingRate: z.number().int().optional(),
    packetSize: z.number().int().optional(),
  }),
]);

/** Fields of turner-2001's controllers (sec. 5.1-5.2); ranges are checked by `@losslab/response`. */
const turnerRateFields = {
  response: z.enum(["lipd", "fimd", "aimd"]),
  /** Decrease factor of fimd and aimd (default 2). */
  m: z.number().gt(1).optional(),
  /** Largest IPD (default 255): Rmin = link rate / (1 + maxIpd). */
  maxIpd: positiveInt.optional(),
  /** SIPD, the static IPD of path discovery (default 0): CIPD never goes below it. */
  staticIpd: z.number().int().min(0).optional(),
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
    m: z.number().gt(1).optional(),
    /** "discrete": the 256 InfiniBand IPD rates Rmax/(1+ipd) (santos-2002 sec. 6.3.1). */
    mode: z.enum(["continuous", "discrete"]).default("continuous"),
    /** Window in packets (santos-2002: 1). */
    window: positiveInt.default(1),
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
      initialIpd: z.number().int().min(0).optional(),
      /** Largest window in packets (default 8); 1 fixes the window. */
      maxWindow: positiveInt.optional(),
      /** Starting window (default 1, turner's minimum). */
      initialWindow: positiveInt.optional(),
      /** Response function of the window (default: `response`). */
      windowResponse: z.enum(["lipd", "fimd", "aimd"]).optional(),
    })
    .describe("turner-2001 sec. 5.1: hybrid rate/window control of reliable flows"),
  z
    .strictObject({
      kind: z.literal("turner-rate"),
      ...turnerRateFields,
      /** Start at staticIpd + this offset: sec. 5.2's slow start (default 0). */
      initialIpdOffset: z.number().int().min(0).optional(),
    })
    .describe("turner-2001 sec. 5.2: rate control of unreliable flows (CN packets, no ACKs)"),
  z.strictObject({
    kind: z.literal("mvcm"),
    /** k: switch radix; default the topology's k (k-ary-n-tree, k-ary-n-fly). */
    radix: z.number().int().min(2).optional(),
    /** n: network stages; default the topology's n. */
    stages: z.number().int().min(1).optional(),
    /** DWmax: largest dynamic window, packets (ferrer-2012: 2). */
    maxWindow: positiveInt.default(2),
    /** Raise the waiting slots at most n times (ferrer-2012 sec. 5.2.3: true). */
    limitWaitingSlots: z.boolean().default(true),
    /** Switch hops of the minimum round trip; default 2n-1 (bidirectional) or n (butterfly). */
    hops: positiveInt.optional(),
    /** t_hop of sec. 4.3's RTT_min, ns; default 3 byte times of the link. */
    hopDelayNs: z.number().min(0).optional(),
    /** One waiting slot, ns; default RTT_min (sec. 4.3). */
    slotTimeNs: z.number().positive().optional(),
  }),
  z.strictObject({
    kind: z.literal("qcn"),
    /** Gd (802.1Qau): CR *= 1 - Gd x QntzFb on a CNM; default 1/128. */
    decreaseGain: z.number().positive().optional(),
    /** Rmin as a fraction of the link bandwidth; default 100 Mb/s. */
    minRateFraction: fraction.optional(),
    fastRecoveryCycles: positiveInt.optional(),
    /** R_AI and R_HAI in Mb/s; defaults 5 and 50. */
    activeIncreaseMbps: z.number().positive().optional(),
    hyperIncreaseMbps: z.number().positive().optional(),
    /** BC_LIMIT, bytes; default 150,000. */
    byteLimit: positiveInt.optional(),
    /** T, ms; default 15. */
    timerMs: z.number().positive().optional(),
  }),
  z.strictObject({
    kind: z.literal("ib-cca"),
    /** CCTI_Timer period, us: the index drops by one each period without notifications. */
    timerPeriodUs: z.number().positive(),
    /** CCTI_Increase per notification (default 1). */
    indexIncrease: positiveInt.optional(),
    indexMin: z.number().int().min(0).optional(),
    indexLimit: z.number().int().min(0).optional(),
  }),
]);

/**
 * turner-2001 sec. 6.2's subnet manager on host `host`: destinations send it a CN packet per
 * marked data packet from a non-compliant source; each CN raises that flow's static IPD at
 * its source by `stepIpd` (at most `maxIpd`); with `decayUs`, a flow that got no CN for
 * `decayUs` has its static IPD lowered by one, and again every `decayUs`, down to 0.
 */
export const subnetManagerSchema = z.strictObject({
  host: z.string().min(1),
  stepIpd: positiveInt.default(1),
  maxIpd: positiveInt.default(255),
  decayUs: z.number().positive().optional(),
});

export const metricsSchema = z.strictObject({
  /** Resolution of every byte counter. */
  binUs: z.number().positive().default(10),
  /** Sliding window of the time series (santos-2002: 2 ms, centred). */
  windowMs: z.number().positive().default(2),
  /** Distance between time-series points. */
  stepUs: z.number().positive().default(250),
  /** Interval of the summary averages, [from, to] in ms; default: the whole run. */
  measureMs: z.tuple([z.number().min(0), z.number().positive()]).optional(),
  /**
   * A hot-spot host: latency and delivered traffic are also reported for the classes
   * "hot" (packets addressed to it) and "cold" (all others), ferrer-2012 sec. 5.2.
   */
  hotSpot: z.string().min(1).optional(),
  /**
   * Flow groups whose time waiting at the source is recorded: per bin, the fraction of time
   * some packet of the group had been generated but not yet injected (`sourceWait(group)`).
   */
  sourceWaitGroups: z.array(z.string().min(1)).default([]),
  /**
   * The links (`from->to`) whose utilization is metered; default every link. Large fabrics
   * need a list: every meter holds one number per `binUs` bin.
   */
  linkMeters: z.array(z.string().min(1)).optional(),
  /**
   * Count, per flow, the congestion feedback its controller hears and the decreases it causes
   * (`responses` in the result). Off by default: it wraps every controller call.
   */
  responses: z.boolean().default(false),
});

export const scenarioSchema = z
  .strictObject({
    /** Editors: the JSON Schema this file follows (ignored by losslab). */
    $schema: z.string().optional(),
    name: z.string().default("scenario"),
    seed: z.number().int().min(0).default(1),
    /** Length of a cycle in ns, for cycle-based models (ferrer-2012: links of 1 byte/cycle). */
    cycleNs: z.number().positive().optional(),
    /** Simulated time in ms; or give `durationCycles` (with `cycleNs`). */
    durationMs: z.number().positive().max(100_000).optional(),
    durationCycles: z.number().positive().optional(),
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
    marking: markingSchema.default({ kind: "none" }),
    /**
     * Traffic generators of @losslab/traffic (on-off, bernoulli, poisson, hot-spot, trace),
     * started with the run, in addition to `flows`; their parameters are checked by the
     * traffic package and reported as `traffic[i]...`.
     */
    traffic: z.array(z.looseObject({ kind: z.string() })).default([]),
    controller: controllerSchema.default({ kind: "none" }),
    /**
     * Devices that do not implement congestion control (turner-2001 sec. 6): hosts whose
     * flows take no controller and ignore marks, switches that mark nothing.
     */
    nonCompliant: z
      .strictObject({
        hosts: z.array(z.string().min(1)).default([]),
        switches: z.array(z.string().min(1)).default([]),
      })
      .default({ hosts: [], switches: [] }),
    /** The subnet manager that throttles non-compliant sources (turner-2001 sec. 6.2; see README). */
    subnetManager: subnetManagerSchema.optional(),
    flows: z.union([santosFlowsSchema, z.array(flowSchema)]).default([]),
    /** Window and rate limits: a default for every flow, and per flow group ("local", "remote", "victim"). */
    limits: z
      .strictObject({
        window: positiveInt.optional(),
        rate: fraction.optional(),
        groups: z.record(z.string(), limitSchema).default({}),
      })
      .default({ groups: {} }),
    metrics: metricsSchema.default({ binUs: 10, windowMs: 2, stepUs: 250, sourceWaitGroups: [], responses: false }),
  })
  .superRefine((scenario, context) => {
    if ((scenario.durationMs === undefined) === (scenario.durationCycles === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["durationMs"],
        message: "give durationMs or durationCycles (not both)",
      });
    }
    if (scenario.durationCycles !== undefined && scenario.cycleNs === undefined) {
      context.addIssue({ code: "custom", path: ["durationCycles"], message: "needs cycleNs (the length of a cycle)" });
    }
    const sw = scenario.switch;
    if (sw.bufferPackets !== undefined && sw.inputBufferBytes !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["switch", "inputBufferBytes"],
        message: "give bufferPackets or inputBufferBytes, not both",
      });
    }
    if (Array.isArray(scenario.flows) && scenario.flows.length === 0 && scenario.traffic.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["flows"],
        message: "nothing to send: give at least one flow, or traffic generators in `traffic`",
      });
    }
    if (scenario.packets.headerBytes >= scenario.packets.dataBytes) {
      context.addIssue({
        code: "custom",
        path: ["packets", "headerBytes"],
        message: `must be smaller than packets.dataBytes (${scenario.packets.dataBytes})`,
      });
    }
    const adapter = scenario.adapter;
    if (adapter.ackCoalescing > 1 && adapter.ackCoalescingTimeoutUs === undefined) {
      context.addIssue({
        code: "custom",
        path: ["adapter", "ackCoalescingTimeoutUs"],
        message: "needed when adapter.ackCoalescing > 1 (the longest an unmarked packet waits for its ACK)",
      });
    }
    const measure = scenario.metrics.measureMs;
    const durationMs = resolveDurationMs(scenario);
    if (measure !== undefined && !(measure[0] < measure[1] && measure[1] <= durationMs)) {
      context.addIssue({
        code: "custom",
        path: ["metrics", "measureMs"],
        message: `must be an interval [from, to] with from < to <= durationMs (${durationMs})`,
      });
    }
  })
  .transform((scenario) => ({
    ...scenario,
    durationMs: resolveDurationMs(scenario),
    // Input buffers of 4 maximum-size packets unless sized in bytes (santos-2002 Table 1).
    switch:
      scenario.switch.inputBufferBytes === undefined
        ? { ...scenario.switch, bufferPackets: scenario.switch.bufferPackets ?? 4 }
        : scenario.switch,
    topology: {
      ...scenario.topology,
      // 1 byte per cycle in cycle-based models (ferrer-2012 sec. 5.1).
      bandwidth: scenario.topology.bandwidth ?? (scenario.cycleNs === undefined ? 1e9 : 1e9 / scenario.cycleNs),
    },
  }));

function resolveDurationMs(scenario: { durationMs?: number; durationCycles?: number; cycleNs?: number }): number {
  return scenario.durationMs ?? ((scenario.durationCycles ?? 0) * (scenario.cycleNs ?? 0)) / 1e6;
}

/** A scenario as written in a file (defaults optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
/** A validated scenario with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
export type FlowInput = z.output<typeof flowSchema>;
