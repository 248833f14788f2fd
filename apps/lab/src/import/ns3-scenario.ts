/**
 * `losslab import ns3-hpcc`: the HPCC artifact's ns-3 inputs (topology.txt, flow.txt and a
 * config) as one losslab scenario: a `custom` topology, the flows as a `trace`, the congestion
 * control CC_MODE names with the config's parameters, and the artifact's switch (a shared
 * buffer with dynamic PFC, switch-mmu.cc). docs/formats.md lists every key and field, mapped
 * or dropped.
 */
import { MAX_BUFFER_BYTES } from "@losslab/kinds";
import { datacenterPackets } from "@losslab/reproductions";
import type { ScenarioInput } from "@losslab/scenario";
import { type Ns3Topology, parseNs3Topology, type Topology } from "@losslab/topology";
import { type Ns3Flows, parseNs3Flows } from "@losslab/traffic";
import { UserError } from "../user-error.js";
import { importedSwitch } from "./imported-switch.js";
import { Ns3Config } from "./ns3-config.js";
import { kindErrorsAsUserErrors, type PeerFile } from "./peer-file.js";

/** An imported scenario and what the import could not carry over, one line each. */
export interface ImportedScenario {
  readonly scenario: ScenarioInput;
  readonly warnings: readonly string[];
}

/** CC_MODE values losslab runs, and the controller kind each is. */
const CC_MODES: Record<number, "dcqcn" | "hpcc" | "timely"> = { 1: "dcqcn", 3: "hpcc", 7: "timely" };

/** The artifact's RoCEv2 headers, as datacenterPackets counts them: payload + 48 B per data packet. */
const HEADER_BYTES = datacenterPackets.headerBytes;

/**
 * ns-3's base round trip of the fabric (third.cc, CalculateRoute and the maxRtt loop): per host
 * pair, twice the path's propagation delay plus one PACKET_PAYLOAD_SIZE packet's
 * serialisation on each hop; the largest over all pairs (GLOBAL_T 1), in picoseconds. Paths are
 * breadth-first shortest ones through switches, as ns-3 takes them.
 */
export function ns3MaxRtt(topology: Topology, payloadBytes: number): number {
  const index = new Map(topology.nodes.map((node, i) => [node.id, i]));
  const neighbours: Array<Array<{ to: number; delayPs: number; bandwidth: number }>> = topology.nodes.map(() => []);
  for (const link of topology.links) {
    const a = index.get(link.a.node) as number;
    const b = index.get(link.b.node) as number;
    neighbours[a]!.push({ to: b, delayPs: link.delayPs, bandwidth: link.bandwidth });
    neighbours[b]!.push({ to: a, delayPs: link.delayBackPs ?? link.delayPs, bandwidth: link.bandwidth });
  }
  let max = 0;
  topology.nodes.forEach((node, start) => {
    if (node.kind !== "host") return;
    const delay = new Map([[start, 0]]);
    const tx = new Map([[start, 0]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const now = queue[i] as number;
      for (const { to, delayPs, bandwidth } of neighbours[now]!) {
        if (delay.has(to)) continue;
        delay.set(to, (delay.get(now) as number) + delayPs);
        tx.set(to, (tx.get(now) as number) + (payloadBytes / bandwidth) * 1e12);
        if (topology.nodes[to]!.kind === "switch") queue.push(to);
        else max = Math.max(max, 2 * (delay.get(to) as number) + (tx.get(to) as number));
      }
    }
  });
  return Math.round(max);
}

/** The flows' nodes must be hosts of the topology: a switch or a missing node names the flow's line. */
function checkFlowHosts(flows: Ns3Flows, topology: Ns3Topology, files: { topology: PeerFile; flows: PeerFile }): void {
  const hosts = new Set(topology.hostIds);
  const nodes = topology.topology.nodes.length;
  for (const flow of flows.flows) {
    for (const [field, node] of [
      ["src", flow.sourceNode],
      ["dst", flow.destinationNode],
    ] as const) {
      if (hosts.has(node)) continue;
      const why =
        node >= nodes
          ? `a node id from 0 to ${nodes - 1} (${files.topology.name} has ${nodes} nodes)`
          : `a host of ${files.topology.name}; node ${node} is a switch there`;
      throw new UserError(`${files.flows.name} line ${flow.line}, field ${field}: must be ${why}, got "${node}"`);
    }
  }
}

/**
 * The scenario of an ns-3 topology, flow file and (optional) config; without a config, HPCC
 * with losslab's defaults and the artifact's switch at the hosts' rate, run until every flow
 * could have finished.
 */
export function ns3Scenario(files: { topology: PeerFile; flows: PeerFile; config?: PeerFile }): ImportedScenario {
  const warnings: string[] = [];
  const topology = kindErrorsAsUserErrors(() => parseNs3Topology(files.topology.text, files.topology.name));
  const flows = kindErrorsAsUserErrors(() => parseNs3Flows(files.flows.text, files.flows.name));
  checkFlowHosts(flows, topology, files);
  if (topology.lossyLinks.length > 0) {
    const first = topology.lossyLinks[0]!;
    warnings.push(
      `${files.topology.name}: the error rates of ${topology.lossyLinks.length} link(s) (first: line ${first.line}, ${first.errorRate}) are dropped: a lossless fabric loses no packet`,
    );
  }
  if (topology.ignoredFrom !== undefined) {
    warnings.push(
      `${files.topology.name}: the words from line ${topology.ignoredFrom} on come after the ${topology.topology.links.length} links line 1 announces; ignored, as ns-3 ignores them`,
    );
  }
  if (flows.ignoredFrom !== undefined) {
    warnings.push(
      `${files.flows.name}: the words from line ${flows.ignoredFrom} on come after the ${flows.flows.length} flows line 1 announces; ignored, as ns-3 ignores them`,
    );
  }
  const config = files.config === undefined ? undefined : new Ns3Config(files.config.text, files.config.name);
  for (const { key, line } of config?.unknown ?? []) {
    warnings.push(
      `${files.config?.name} line ${line}: ${key} is not a key third.cc reads; ignored, as ns-3 ignores it`,
    );
  }
  const { nodes, links } = topology.topology;
  // ns-3's NIC rate (get_nic_rate): the rate of the first host's link.
  const firstHost = `H${topology.hostIds[0]}`;
  const hostLink = links.find((link) => link.a.node === firstHost || link.b.node === firstHost);
  if (hostLink === undefined) throw new UserError(`${files.topology.name}: host ${firstHost.slice(1)} has no link`);
  const nicRate = hostLink.bandwidth;
  const hostIds = new Set(topology.hostIds.map((id) => `H${id}`));
  const otherRate = links.find(
    (link) => (hostIds.has(link.a.node) || hostIds.has(link.b.node)) && link.bandwidth !== nicRate,
  );
  if (otherRate !== undefined) {
    warnings.push(
      `${files.topology.name}: hosts' links run at different rates; every host's line rate (its controller's, its pacing) is the first host's, ${nicRate * 8} bit/s, as ns-3's NIC rate`,
    );
  }
  const payload = config?.number("PACKET_PAYLOAD_SIZE", 1, 9000, true) ?? 1000;
  const maxRtt = ns3MaxRtt(topology.topology, payload);
  const ccMode = config?.number("CC_MODE", 0, 2 ** 32 - 1, true) ?? 3;
  const controllerKind = CC_MODES[ccMode];
  if (controllerKind === undefined) {
    throw config!.error(
      config!.line("CC_MODE"),
      "CC_MODE",
      "1 (DCQCN), 3 (HPCC) or 7 (TIMELY); losslab has no DCTCP (8) or HPCC-PINT (10)",
      String(ccMode),
    );
  }
  if (config === undefined)
    warnings.push("no --config: HPCC with losslab's defaults, the artifact's switch of 16 MB per 50 Gb/s of host link");
  const linkDown = config?.words("LINK_DOWN");
  if (linkDown?.some((word) => word !== "0")) {
    throw config!.error(
      config!.line("LINK_DOWN"),
      "LINK_DOWN",
      "0 0 0 (losslab takes no link down during a run)",
      linkDown.join(" "),
    );
  }
  const { controller, marking, adapter } = congestionControl(controllerKind, config, {
    nicRate,
    maxRtt,
    switchRates: switchPortRates(topology.topology),
    warnings,
  });
  const bufferBytes =
    (config?.number("BUFFER_SIZE", 1, MAX_BUFFER_BYTES / 2 ** 20, true) ?? (16 * nicRate * 8) / 50e9) * 2 ** 20;
  const stopS = config?.number("SIMULATOR_STOP_TIME", 0, 1000);
  const lastStartUs = Math.max(0, ...flows.flows.map((flow) => flow.timeUs));
  const totalBytes = flows.flows.reduce((sum, flow) => sum + flow.bytes, 0);
  // Without a stop time: the last start, then time for every byte to cross one host link four times over, then 1 ms.
  const durationMs =
    stopS !== undefined ? stopS * 1000 : Math.ceil((lastStartUs + 4 * (totalBytes / nicRate) * 1e6) / 1000) + 1;
  if (stopS !== undefined && lastStartUs >= stopS * 1e6) {
    warnings.push(`${files.flows.name}: flows start at or after SIMULATOR_STOP_TIME ${stopS} s; they are never sent`);
  }
  for (const warning of droppedKeys(config, controllerKind)) warnings.push(warning);
  const packets = { ...datacenterPackets, dataBytes: payload + HEADER_BYTES };
  const csv = [
    "time_us,source,destination,bytes",
    ...flows.flows.map(
      (flow) => `${Math.round(flow.timeUs * 1e6) / 1e6},${flow.source},${flow.destination},${flow.bytes}`,
    ),
  ].join("\n");
  const scenario: ScenarioInput = {
    name: `ns-3 HPCC artifact: ${files.topology.name}, ${files.flows.name}${files.config === undefined ? "" : `, ${files.config.name}`}`.slice(
      0,
      200,
    ),
    seed: 1,
    durationMs,
    // losslab's adapters take the scenario's bandwidth as every host's line rate: ns-3's NIC rate.
    topology: { kind: "custom", bandwidth: nicRate, delayNs: hostLink.delayPs / 1000, nodes, links },
    switch: importedSwitch(topology.topology, bufferBytes, packets),
    packets,
    marking,
    controller,
    ...(adapter === undefined ? {} : { adapter }),
    traffic: [{ kind: "trace", name: "ns3", group: "ns3", csv }],
  } as ScenarioInput;
  return { scenario, warnings };
}

/** The link rates (bit/s) of every switch port: third.cc wants ECN thresholds for each. */
function switchPortRates(topology: Topology): Set<number> {
  const switches = new Set(topology.nodes.filter((node) => node.kind === "switch").map((node) => node.id));
  const rates = new Set<number>();
  for (const link of topology.links) {
    if (switches.has(link.a.node) || switches.has(link.b.node)) rates.add(Math.round(link.bandwidth * 8));
  }
  return rates;
}

/** The controller, marking and adapter fields of the config's CC_MODE and parameters. */
function congestionControl(
  kind: "dcqcn" | "hpcc" | "timely",
  config: Ns3Config | undefined,
  fabric: { nicRate: number; maxRtt: number; switchRates: Set<number>; warnings: string[] },
): Pick<ScenarioInput, "controller" | "marking" | "adapter"> {
  const mbps = (key: string) => {
    const rate = config?.rate(key);
    return rate === undefined ? undefined : (rate * 8) / 1e6;
  };
  const fraction = (key: string) => {
    const rate = config?.rate(key);
    if (rate === undefined) return undefined;
    if (rate > fabric.nicRate)
      throw config!.error(
        config!.line(key),
        key,
        `at most the hosts' link rate ${fabric.nicRate * 8} bit/s`,
        config!.words(key)?.[0],
      );
    return rate / fabric.nicRate;
  };
  const defined = (fields: Record<string, number | undefined>) =>
    Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (kind === "hpcc") {
    const ai = config?.rate("RATE_AI");
    return {
      marking: { kind: "none" },
      controller: {
        kind: "hpcc",
        // GLOBAL_T 1: every flow's T is the fabric's largest base round trip, as ns-3 computes it.
        baseRttUs: fabric.maxRtt / 1e6,
        ...defined({
          targetUtilization: config?.number("U_TARGET", Number.MIN_VALUE, 1),
          maxStage: config?.number("MI_THRESH", 0, 1e9, true),
          // ns-3 adds RATE_AI to the rate per update; a window adds RATE_AI x T (HPCC sec. 3.3, W_AI).
          additiveIncreaseBytes: ai === undefined ? undefined : ai * (fabric.maxRtt / 1e12),
        }),
      },
    } as Pick<ScenarioInput, "controller" | "marking">;
  }
  if (kind === "timely") {
    const ai = config?.rate("RATE_AI");
    const hai = config?.rate("RATE_HAI");
    return {
      marking: { kind: "none" },
      controller: {
        kind: "timely",
        ...defined({
          additiveIncreaseMbps: mbps("RATE_AI"),
          // ns-3 adds RATE_HAI in hyper-active increase; losslab adds N x delta: N = RATE_HAI / RATE_AI, rounded.
          hyperIncreaseMultiple: ai === undefined || hai === undefined ? undefined : Math.max(1, Math.round(hai / ai)),
          minRateFraction: fraction("MIN_RATE"),
        }),
      },
    } as Pick<ScenarioInput, "controller" | "marking">;
  }
  const controller = {
    kind: "dcqcn",
    ...defined({
      gain: config?.number("EWMA_GAIN", Number.MIN_VALUE, 1),
      alphaPeriodUs: config?.number("ALPHA_RESUME_INTERVAL", Number.MIN_VALUE, 1e9),
      timerUs: config?.number("RP_TIMER", Number.MIN_VALUE, 1e9),
      fastRecoveryCycles: config?.number("FAST_RECOVERY_TIMES", 1, 1e9, true),
      activeIncreaseMbps: mbps("RATE_AI"),
      hyperIncreaseMbps: mbps("RATE_HAI"),
      minRateFraction: fraction("MIN_RATE"),
    }),
    // The artifact's DCQCN (rdma-hw.cc, the "mlx" version) raises the rate on its timer alone: no byte counter.
    byteLimit: MAX_BUFFER_BYTES,
  };
  // RATE_DECREASE_INTERVAL: ns-3 cuts at most once per interval; losslab's receivers send at most one CNP per interval.
  const decreaseUs = config?.number("RATE_DECREASE_INTERVAL", Number.MIN_VALUE, 1e9);
  const adapter = { cnpIntervalUs: decreaseUs ?? 4 };
  const marking = config?.number("ENABLE_QCN", 0, 1, true) === 0 ? { kind: "none" } : redMarking(config, fabric);
  return { controller, marking, adapter } as Pick<ScenarioInput, "controller" | "marking" | "adapter">;
}

/** KMIN_MAP, KMAX_MAP, PMAX_MAP at the hosts' link rate as RED marking (switch-mmu.cc ConfigEcn: K in KB of 1000 B). */
function redMarking(
  config: Ns3Config | undefined,
  fabric: { nicRate: number; switchRates: Set<number>; warnings: string[] },
) {
  const nicBits = Math.round(fabric.nicRate * 8);
  const pick = (key: string, fallback: number): number => {
    const map = config?.map(key);
    if (map === undefined) return fallback;
    for (const rate of fabric.switchRates) {
      if (!map.has(rate)) {
        throw config!.error(
          config!.line(key),
          key,
          `a value for every switch port rate (ns-3 asserts one per link speed); none for ${rate} bit/s`,
          config!.words(key)?.join(" "),
        );
      }
    }
    const values = new Set([...fabric.switchRates].map((rate) => map.get(rate)));
    if (values.size > 1) {
      fabric.warnings.push(
        `${key}: ports of other rates than the hosts' (${nicBits} bit/s) take its value too: losslab's RED has one set of thresholds`,
      );
    }
    return map.get(nicBits) ?? (map.values().next().value as number);
  };
  // Without a config: the artifact's run.py values for 25 Gb/s scaled to the hosts' rate (Kmin 100 KB, Kmax 400 KB per 25 Gb/s).
  const scale = nicBits / 25e9;
  const kmin = pick("KMIN_MAP", 100 * scale) * 1000;
  const kmax = pick("KMAX_MAP", 400 * scale) * 1000;
  const pmax = pick("PMAX_MAP", 0.2);
  if (!(kmax > kmin))
    throw config!.error(
      config!.line("KMAX_MAP"),
      "KMAX_MAP",
      `above KMIN_MAP's ${kmin / 1000} KB at the hosts' rate`,
      kmax / 1000,
    );
  if (!(pmax > 0 && pmax <= 1))
    throw config!.error(config!.line("PMAX_MAP"), "PMAX_MAP", "a probability > 0 and <= 1 at the hosts' rate", pmax);
  return { kind: "red", kmin: Math.round(kmin), kmax: Math.round(kmax), pmax };
}

/** The keys the config gives that losslab does not model, at a value that makes a difference: one warning each. */
function droppedKeys(config: Ns3Config | undefined, kind: "dcqcn" | "hpcc" | "timely"): string[] {
  if (config === undefined) return [];
  const unmodelled: Array<[key: string, modelled: number, only: typeof kind | undefined, why: string]> = [
    ["ERROR_RATE_PER_LINK", 0, undefined, "a lossless fabric loses no packet"],
    ["L2_ACK_INTERVAL", 1, undefined, "losslab acknowledges every packet"],
    ["ACK_HIGH_PRIO", 0, undefined, "ACKs share the data packets' class"],
    ["HAS_WIN", 1, "hpcc", "losslab's HPCC always has its window"],
    ["VAR_WIN", 1, "hpcc", "losslab's HPCC window always varies"],
    ["FAST_REACT", 1, "hpcc", "losslab's HPCC reacts to every ACK"],
    ["MULTI_RATE", 0, "hpcc", "losslab's HPCC keeps one rate for all hops"],
    ["SAMPLE_FEEDBACK", 0, "hpcc", "every data packet carries INT"],
    ["GLOBAL_T", 1, "hpcc", "every flow's T is the fabric's largest round trip"],
    ["CLAMP_TARGET_RATE", 1, "dcqcn", "losslab's DCQCN sets its target rate to the current rate at every cut"],
  ];
  return unmodelled
    .filter(([key, modelled, only]) => {
      const value = config.number(key, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
      return (only === undefined || only === kind) && value !== undefined && value !== modelled;
    })
    .map(
      ([key, modelled, , why]) =>
        `line ${config.line(key)}: ${key} ${config.words(key)?.[0]} is not modelled (${why}, as ${key} ${modelled})`,
    );
}
