import { z } from "zod";

/**
 * The scenario file format, validated. Every time field names its unit (`durationMs`,
 * `delayNs`, `staggerUs`); rates of flows are fractions of the link bandwidth (0..1].
 * Defaults are santos-2002 Table 1 (see README).
 */

const positiveInt = z.number().int().positive();
const fraction = z.number().gt(0).lte(1);

export const twoSwitchTopologySchema = z
  .strictObject({
    kind: z.literal("two-switch"),
    /** L: local sources B1..BL. */
    local: z.number().int().min(0),
    /** R: remote sources A1..AR. */
    remote: z.number().int().min(0),
    /** Include the victim pair AV -> BV. */
    victim: z.boolean().default(true),
    /** Bytes per second of every link. */
    bandwidth: z.number().positive().default(1e9),
    /** Propagation delay of every link, ns. */
    delayNs: z.number().min(0).default(10),
  })
  .describe("santos-2002 Fig. 1: switches A and B, remote sources on A, local sources on B");

export const singleSwitchTopologySchema = z.strictObject({
  kind: z.literal("single-switch"),
  hosts: z.number().int().min(2),
  bandwidth: z.number().positive().default(1e9),
  delayNs: z.number().min(0).default(10),
});

export const topologySchema = z.discriminatedUnion("kind", [twoSwitchTopologySchema, singleSwitchTopologySchema]);

export const switchSchema = z
  .strictObject({
    kind: z.literal("input-buffered"),
    /** Input buffer per port, in maximum-size packets. */
    bufferPackets: positiveInt.default(4),
    forwardingDelayNs: z.number().min(0).default(40),
    maxBypass: z.number().int().min(0).default(4),
    creditBytes: positiveInt.default(64),
  })
  .describe("santos-2002 Table 1 input-buffered switch");

export const packetsSchema = z.strictObject({
  /** Data packet on the wire: 20 B header + 2048 B payload. */
  dataBytes: positiveInt.default(2068),
  /** Header bytes of a data packet (the rest is payload: a message of B bytes is ceil(B / payload) packets). */
  headerBytes: z.number().int().min(0).default(20),
  ackBytes: positiveInt.default(20),
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

/** Marking policies of `@losslab/marking` (santos-2002 sec. 5). */
export const markingSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("none") }),
  z.strictObject({ kind: z.literal("naive") }),
  z.strictObject({ kind: z.literal("input-triggered") }),
  z.strictObject({ kind: z.literal("input-output-triggered"), outputThreshold: positiveInt }),
]);

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
]);

export const metricsSchema = z.strictObject({
  /** Resolution of every byte counter. */
  binUs: z.number().positive().default(10),
  /** Sliding window of the time series (santos-2002: 2 ms, centred). */
  windowMs: z.number().positive().default(2),
  /** Distance between time-series points. */
  stepUs: z.number().positive().default(250),
  /** Interval of the summary averages, [from, to] in ms; default: the whole run. */
  measureMs: z.tuple([z.number().min(0), z.number().positive()]).optional(),
});

export const scenarioSchema = z
  .strictObject({
    /** Editors: the JSON Schema this file follows (ignored by losslab). */
    $schema: z.string().optional(),
    name: z.string().default("scenario"),
    seed: z.number().int().min(0).default(1),
    durationMs: z.number().positive().max(100_000),
    topology: topologySchema,
    switch: switchSchema.default({
      kind: "input-buffered",
      bufferPackets: 4,
      forwardingDelayNs: 40,
      maxBypass: 4,
      creditBytes: 64,
    }),
    packets: packetsSchema.default({ dataBytes: 2068, headerBytes: 20, ackBytes: 20 }),
    marking: markingSchema.default({ kind: "none" }),
    /**
     * Traffic generators of @losslab/traffic (on-off, bernoulli, poisson, hot-spot, trace),
     * started with the run, in addition to `flows`; their parameters are checked by the
     * traffic package and reported as `traffic[i]...`.
     */
    traffic: z.array(z.looseObject({ kind: z.string() })).default([]),
    controller: controllerSchema.default({ kind: "none" }),
    flows: z.union([santosFlowsSchema, z.array(flowSchema)]).default([]),
    /** Window and rate limits: a default for every flow, and per flow group ("local", "remote", "victim"). */
    limits: z
      .strictObject({
        window: positiveInt.optional(),
        rate: fraction.optional(),
        groups: z.record(z.string(), limitSchema).default({}),
      })
      .default({ groups: {} }),
    metrics: metricsSchema.default({ binUs: 10, windowMs: 2, stepUs: 250 }),
  })
  .superRefine((scenario, context) => {
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
    const measure = scenario.metrics.measureMs;
    if (measure !== undefined && !(measure[0] < measure[1] && measure[1] <= scenario.durationMs)) {
      context.addIssue({
        code: "custom",
        path: ["metrics", "measureMs"],
        message: `must be an interval [from, to] with from < to <= durationMs (${scenario.durationMs})`,
      });
    }
  });

/** A scenario as written in a file (defaults optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
/** A validated scenario with every default filled in. */
export type Scenario = z.output<typeof scenarioSchema>;
export type FlowInput = z.output<typeof flowSchema>;
