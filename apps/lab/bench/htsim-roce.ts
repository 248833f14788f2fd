/**
 * htsim_roce's experiment as a losslab scenario: the 3-tier k-ary fat tree htsim builds for
 * `-nodes k^3/4`, its connection matrix replayed as a trace, and its link, packet, PFC and
 * host parameters (docs/benchmarks.md, "Matched against htsim (K = 16)", says where in
 * htsim's source each one is set and what still differs). The run it matches:
 *
 *     htsim_roce -nodes 1024 -tm perm1024.cm -strat ecmp_host -paths 1 -queue_type lossless_input
 *                -q 1000 -pfc_thresholds 20 30 -linkspeed 100000 -hop_latency 1 -mtu 9000 -end 1000
 *
 * The switch organisation is a parameter: any `switch` object a scenario takes (a plugin's or
 * one still being written included). `htsimSwitch(kind)` gives losslab's organisations with
 * htsim's thresholds and queue sizes; by default `shared-buffer`, the one htsim models
 * (output queues with PFC by ingress accounting).
 */
import { RandomStream } from "@losslab/engine";
import type { ScenarioInput } from "@losslab/scenario";
import type { MatrixFlow } from "@losslab/traffic";

/** 100 Gb/s (`-linkspeed 100000`, Mb/s; also htsim's default HOST_NIC), in bytes per second. */
export const HTSIM_LINK_BYTES_PER_SECOND = 12.5e9;
/** `-hop_latency 1`: 1 us on every link (htsim's default). */
export const HTSIM_LINK_DELAY_NS = 1000;
/** `-mtu 9000`: the payload of a data packet; RoCE adds a 64 B header (htsim's ACKSIZE) on the wire. */
export const HTSIM_MTU_BYTES = 9000;
export const HTSIM_HEADER_BYTES = 64;
/** A data packet on the wire, and its serialization time at 100 Gb/s: 725.12 ns. */
export const HTSIM_DATA_PACKET_BYTES = HTSIM_MTU_BYTES + HTSIM_HEADER_BYTES;
export const HTSIM_DATA_PACKET_NS = (HTSIM_DATA_PACKET_BYTES / HTSIM_LINK_BYTES_PER_SECOND) * 1e9;
/** ACKs are 64 B, one per data packet. */
export const HTSIM_ACK_BYTES = 64;
/**
 * `-pfc_thresholds 20 30`: htsim multiplies each by the MTU (9000 B), not by the 9064 B a
 * packet occupies: XOFF once an input holds more than 270 000 B (its 30th data packet), XON
 * once it holds less than 180 000 B (down to 19).
 */
export const HTSIM_XOFF_BYTES = 30 * HTSIM_MTU_BYTES;
export const HTSIM_XON_BYTES = 20 * HTSIM_MTU_BYTES;
/** `-q 1000`: queues of 1000 MTUs, 9 000 000 B. */
export const HTSIM_QUEUE_BYTES = 1000 * HTSIM_MTU_BYTES;

/** The permutation's flow size (gen_permutation.py's `flowsize` in the recipe). */
export const HTSIM_FLOW_BYTES = 2_000_000;

/** The largest `maxBypass` input-buffered switches take: no limit in practice. */
export const HTSIM_UNLIMITED_BYPASS = 1_000_000;

/** The switch organisations that `htsimSwitch` fills in. */
export const HTSIM_SWITCH_KINDS = ["shared-buffer", "input-buffered", "voq", "fifo", "cioq"] as const;
export type HtsimSwitchKind = (typeof HTSIM_SWITCH_KINDS)[number];

/** A scenario's `switch` object, of any organisation. */
export type SwitchSpec = { kind: string } & Record<string, unknown>;

/**
 * A switch of organisation `kind` set up as htsim's: PAUSE at htsim's thresholds,
 * honoured as soon as the frame arrives (htsim's queues stop after the packet they are
 * sending, with no reaction delay), buffers of htsim's 1000-packet queues, and a forwarding
 * delay of one data packet's serialization time, so that a data packet leaves a switch when
 * its last byte has arrived, as in htsim's store-and-forward switches (with no switching
 * latency). `input-buffered` lets an output bypass its FIFO's head without limit when the
 * head's input is busy: htsim's output queues never wait for an input, and with santos'
 * limit of 4 flows finish 3-7 % later than in htsim (docs/benchmarks.md). `cioq` takes VOQ
 * inputs with speedup 2, as the earlier comparison did.
 *
 * `shared-buffer` is the organisation htsim's `lossless_input` queues model: output queues
 * (htsim's LosslessOutputQueue) with PFC by what each input holds (its LosslessInputQueue,
 * XOFF above 30 MTUs, XON below 20). The egress queues are not limited (alpha 10^6: htsim's
 * lossless output queues never drop; PFC bounds them), the PFC threshold is static, and the
 * pool, 1000 MTUs, holds every input's 270 000 B below XOFF for up to 33 ports (k <= 32), so
 * it never binds; the rest of an input's 9 MB is headroom, which htsim does not bound either.
 */
export function htsimSwitch(kind: HtsimSwitchKind): SwitchSpec {
  const common = {
    inputBufferBytes: HTSIM_QUEUE_BYTES,
    forwardingDelayNs: HTSIM_DATA_PACKET_NS,
    flowControl: { kind: "pause", xoffBytes: HTSIM_XOFF_BYTES, xonBytes: HTSIM_XON_BYTES, reactionDelayNs: 0 },
  };
  switch (kind) {
    case "shared-buffer":
      return { kind, sharedBufferBytes: HTSIM_QUEUE_BYTES, alphas: [1e6], pfcThreshold: "static", ...common };
    case "input-buffered":
      return { kind, maxBypass: HTSIM_UNLIMITED_BYPASS, ...common };
    case "voq":
    case "fifo":
      return { kind, ...common };
    case "cioq":
      return { kind, inputQueues: "voq", speedup: 2, outputBufferBytes: HTSIM_QUEUE_BYTES, ...common };
  }
}

/**
 * A switch named on a command line or in an environment variable (`source`, for the
 * message): an organisation `htsimSwitch` knows, or a JSON switch object; undefined when empty.
 */
export function parseHtsimSwitch(text: string | undefined, source: string): HtsimSwitchKind | SwitchSpec | undefined {
  if (text === undefined || text === "") return undefined;
  if (text.trimStart().startsWith("{")) return JSON.parse(text) as SwitchSpec;
  if ((HTSIM_SWITCH_KINDS as readonly string[]).includes(text)) return text as HtsimSwitchKind;
  throw new Error(`${source} must be one of ${HTSIM_SWITCH_KINDS.join(", ")} or a JSON switch object; got "${text}"`);
}

/** The organisation the matched scenario uses unless told otherwise (docs/benchmarks.md says why). */
export const HTSIM_DEFAULT_SWITCH: HtsimSwitchKind = "shared-buffer";

/** Options of `htsimScenario`. */
export interface HtsimScenarioOptions {
  /** The matrix's hosts: k^3/4 for an even k (1024: k = 16; 8192: k = 32). */
  nodes: number;
  /** Its flows, hosts 0..nodes-1 (htsim's host h is losslab's `H<h>`: both number hosts ToR by ToR). */
  flows: readonly MatrixFlow[];
  /** Simulated time, ms (htsim's `-end`, in us there). Default 1. */
  durationMs?: number;
  /** The switch: an organisation by name (`htsimSwitch`) or any `switch` object. Default `HTSIM_DEFAULT_SWITCH`. */
  switch?: HtsimSwitchKind | SwitchSpec;
  /**
   * Give each flow a group of its own, `<source>-><destination>`, so that the result's
   * `completions` hold every flow's completion time (htsim prints one line per flow); by
   * default all flows are the one group "perm".
   */
  groupPerFlow?: boolean;
  /** Scenario seed. Default 1. (losslab salts its ECMP hashes by switch, not by seed: see `ecmpDraw`.) */
  seed?: number;
  /**
   * Another draw of the ECMP paths: losslab hashes a packet's flow id (with its source,
   * destination and the switch's salt) to pick an uplink, and numbers a trace's flows in the
   * order of its rows; draw n > 0 replays the rows in an order shuffled by the seeded stream
   * `ecmp-draw/<n>`, so that every flow gets another id and so another path, the flows
   * themselves unchanged. 0 (default): the matrix's order. htsim's own paths change from run
   * to run (docs/benchmarks.md), so its FCT distribution is compared with several draws.
   */
  ecmpDraw?: number;
}

/** The fat tree's k for `nodes` hosts (k^3/4), or throws. */
export function fatTreeK(nodes: number): number {
  const k = Math.round(Math.cbrt(4 * nodes));
  if (k % 2 !== 0 || (k * k * k) / 4 !== nodes) {
    throw new RangeError(
      `${nodes} hosts: htsim's 3-tier fat tree has k^3/4 hosts for an even k (128, 432, 1024, 8192)`,
    );
  }
  return k;
}

/** The flows in the order of ECMP draw `draw` (0: as given). */
function drawOrder(flows: readonly MatrixFlow[], draw: number): readonly MatrixFlow[] {
  if (draw === 0) return flows;
  const rng = new RandomStream("ecmp-draw", `ecmp-draw/${draw}`);
  const order = [...flows];
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(rng.next() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** The flows as a trace CSV, one group for all or one per flow. */
function traceCsv(flows: readonly MatrixFlow[], groupPerFlow: boolean): string {
  const rows = flows.map(({ source, destination, startPs, bytes }) => {
    const group = groupPerFlow ? `${source}->${destination}` : "perm";
    return `${startPs / 1e6},H${source},H${destination},${bytes},${group}`;
  });
  return ["time_us,source,destination,bytes,group", ...rows].join("\n");
}

/** The matched experiment as a scenario (see the module comment). */
export function htsimScenario(options: HtsimScenarioOptions): ScenarioInput {
  const { nodes, flows, durationMs = 1, groupPerFlow = false, seed = 1, ecmpDraw = 0 } = options;
  const k = fatTreeK(nodes);
  const spec = options.switch ?? HTSIM_DEFAULT_SWITCH;
  const switchSpec = typeof spec === "string" ? htsimSwitch(spec) : spec;
  return {
    name: `htsim_roce matched: ${flows.length} flows on a k = ${k} fat tree (${nodes} hosts), ${switchSpec.kind} switches${ecmpDraw === 0 ? "" : `, ECMP draw ${ecmpDraw}`}`,
    seed,
    durationMs,
    topology: { kind: "fat-tree", k, bandwidth: HTSIM_LINK_BYTES_PER_SECOND, delayNs: HTSIM_LINK_DELAY_NS },
    switch: switchSpec,
    packets: { dataBytes: HTSIM_DATA_PACKET_BYTES, headerBytes: HTSIM_HEADER_BYTES, ackBytes: HTSIM_ACK_BYTES },
    controller: { kind: "none" },
    flows: [],
    traffic: [{ kind: "trace", csv: traceCsv(drawOrder(flows, ecmpDraw), groupPerFlow) }],
  } as ScenarioInput;
}
