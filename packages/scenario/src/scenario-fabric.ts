import type { MarkingPolicyFactory, PacketStore } from "@losslab/core";
import type { Engine } from "@losslab/engine";
import { type Time, transmissionTime, us } from "@losslab/engine";
import { buildFabric, type Fabric, type HostSpec, type SwitchSpec } from "@losslab/fabric";
import { commonSwitchOptions, DEFAULT_TRIM_THRESHOLD_BYTES, type FlowControlOption } from "@losslab/switch";
import type { Routes, Topology } from "@losslab/topology";
import { baseRoundTrip } from "./base-round-trip.js";
import { bandwidthOf, largestPacketBytesOf } from "./derived-values.js";
import { asFieldError } from "./model-error.js";
import { type OptionFields, switchOptionFields } from "./option-fields.js";
import { asScenarioError } from "./scenario-error.js";
import type { ScenarioKinds } from "./scenario-kinds.js";
import type { Scenario } from "./schema.js";
import { switchLanes } from "./switch-lanes.js";

/**
 * The scenario's fabric (@losslab/fabric's `buildFabric`): its switch organisation and
 * buffers on every switch, with the marking policy except on non-compliant ones (turner-2001
 * sec. 6.1), and its adapter options on every host. When the controller kind needs feedback
 * beyond marks (its `feedback` trait), the adapters measure RTTs ("rtt", TIMELY) or the
 * switches push INT records and the adapters ask for them ("telemetry", HPCC). The fields
 * each model option comes from are recorded as the options are built, so a model's refusal
 * (`OptionError`) names its field. `degradedLinks` (from `degradedLinks`, degraded-links.ts)
 * slows those link directions and the thresholds of the switch outputs sending on them.
 */
export function scenarioFabric(
  engine: Engine,
  topology: Topology,
  routes: Routes,
  scenario: Scenario,
  kinds: ScenarioKinds,
  packets: PacketStore,
  marking?: MarkingPolicyFactory,
  degradedLinks: ReadonlyMap<string, number> = new Map(),
): Fabric {
  const fields = switchOptionFields(scenario.switch, kinds);
  const flowControl = kinds.flowControl.create(scenario.switch.flowControl, undefined, "switch.flowControl");
  const feedback = asScenarioError("controller", () => kinds.controller.definitionOf(scenario.controller)).feedback;
  const hostOptions = hostSpec(scenario, kinds, routes, fields, flowControl, feedback);
  const notifies = asScenarioError("marking", () => kinds.marking.definitionOf(scenario.marking)).notifies === true;
  const common = switchOptions(scenario, kinds, flowControl, notifies, feedback === "telemetry");
  const organisations = kinds.switch;
  const marked: SwitchSpec = {
    organisation: scenario.switch.kind,
    organisations,
    options: marking === undefined ? common : { ...common, marking },
  };
  const unmarked: SwitchSpec = { organisation: scenario.switch.kind, organisations, options: common };
  const nonCompliant = scenario.nonCompliant;
  fields
    .set("telemetry", "controller")
    .set("overheadBytes", "packets.wireOverheadBytes")
    .set("adaptiveRouting", "adaptiveRouting");
  const entropy =
    scenario.multipath === undefined ? undefined : kinds.multipath.create(scenario.multipath, undefined, "multipath");
  const adaptive = scenario.adaptiveRouting;
  return asFieldError(
    "switch",
    () =>
      buildFabric(engine, topology, routes, {
        packets,
        switches: (node) => (nonCompliant.switches.includes(node.id) ? unmarked : marked),
        hosts: (node) => ({
          ...hostOptions,
          compliant: !nonCompliant.hosts.includes(node.id),
          ...(entropy === undefined ? {} : { entropy }),
        }),
        wireOverheadBytes: scenario.packets.wireOverheadBytes,
        degradedLinks,
        ...(adaptive === undefined || adaptive === "off"
          ? {}
          : { adaptiveRouting: { pauseAware: adaptive === "queue-pause" } }),
      }),
    fields,
  );
}

/**
 * The options every host of a scenario shares, each recorded in `fields` with the field it
 * comes from: the switches' VLs and their arbitration (their organisation's `lanes`), the
 * adapter's fields, the subnet manager's, the reaction delay the flow control assumes of
 * hosts, and the feedback the controller kind needs.
 */
function hostSpec(
  scenario: Scenario,
  kinds: ScenarioKinds,
  routes: Routes,
  fields: OptionFields,
  flowControl: FlowControlOption,
  feedback: string | undefined,
): HostSpec {
  const { vls, vlScheduling, vlWeights, vlQuantaBytes: quanta } = switchLanes(scenario, kinds);
  const several = vls > 1;
  // Hosts know no packet size of their own: their DWRR quanta default as the switches' (packets.dataBytes).
  const vlQuantaBytes =
    several && vlScheduling === "dwrr"
      ? (quanta ?? new Array<number>(vls).fill(scenario.packets.dataBytes))
      : undefined;
  // What the hosts share with the switches comes from the switch's fields.
  const fromSwitch = (option: string) => fields.fieldOf(option) ?? "switch";
  const { adapter, subnetManager: manager } = scenario;
  const inPs = (value: number | undefined) => (value === undefined ? undefined : us(value));
  // turner-2001 sec. 6.2: destinations report marked packets of non-compliant sources to the manager.
  const reporting = manager !== undefined;
  const flow = kinds.flowControl.get(scenario.switch.flowControl.kind);
  return fields.options<HostSpec>({
    ackBytes: ["packets.ackBytes", scenario.packets.ackBytes],
    creditBytes: [fromSwitch("creditBytes"), scenario.switch.creditBytes],
    vls: [fromSwitch("vls"), several ? vls : undefined],
    vlScheduling: [fromSwitch("vlScheduling"), several ? vlScheduling : undefined],
    vlWeights: [fromSwitch("vlWeights"), vlWeights],
    vlQuantaBytes: [fromSwitch("vlQuantaBytes"), vlQuantaBytes],
    controlVl: ["adapter.controlVl", adapter.controlVl],
    acks: ["adapter.acks", adapter.acks],
    pacing: ["adapter.pacing", adapter.pacing],
    ackCoalescing: ["adapter.ackCoalescing", adapter.ackCoalescing],
    ackCoalescingTimeout: ["adapter.ackCoalescingTimeoutUs", inPs(adapter.ackCoalescingTimeoutUs)],
    retransmitTimeout: ["adapter.retransmitTimeoutUs", retransmitTimeoutOf(scenario)],
    // Derived from lossy priorities, only their flows retransmit; set explicitly, every flow does.
    retransmitPriorities: [
      "switch.lossyPriorities",
      adapter.retransmitTimeoutUs === undefined ? lossyPrioritiesOf(scenario) : undefined,
    ],
    cnpInterval: ["adapter.cnpIntervalUs", inPs(adapter.cnpIntervalUs)],
    managerHost: ["subnetManager.host", reporting ? routes.nodeIndex(manager.host) : undefined],
    nonCompliantSources: [
      "nonCompliant.hosts",
      reporting ? scenario.nonCompliant.hosts.map((id) => routes.nodeIndex(id)) : undefined,
    ],
    // Hosts honour PAUSE with the reaction delay the switches assume of them (their headroom rule).
    pauseReactionDelay: [fromSwitch("flowControl"), flow?.hostReactionDelay?.(flowControl)],
    rttSamples: ["controller", feedback === "rtt" ? true : undefined],
    telemetry: ["controller", feedback === "telemetry" ? true : undefined],
    receiverCredits: ["adapter.receiverCredits", receiverCredits(scenario, routes)],
  });
}

/**
 * RCCC's options from `adapter.receiverCredits`: rates of the hosts' link, the window in BDPs
 * of the fabric's largest unloaded round trip (uet-htsim sizes configured_maxwnd so, `uec.cpp:166`),
 * and that round trip as the RTS spacing.
 */
function receiverCredits(scenario: Scenario, routes: Routes): HostSpec["receiverCredits"] {
  const credits = scenario.adapter.receiverCredits;
  if (credits === undefined) return undefined;
  const { bandwidth } = scenario.topology;
  const { dataBytes, ackBytes, wireOverheadBytes } = scenario.packets;
  const rtt = baseRoundTrip(routes, dataBytes + wireOverheadBytes, ackBytes + wireOverheadBytes);
  return {
    creditPerPull: credits.creditPerPullBytes,
    pullRate: credits.pullRateFraction * bandwidth,
    windowBytes: (credits.windowBdps * bandwidth * rtt) / 1e12,
    // uet-htsim spaces a flow's RTS by network_rtt, the same largest unloaded round trip (`uec.cpp:2174`),
    // and its OversubscribedCC's periods by it (`dc/main_uec.cpp:726-727`).
    rtsInterval: rtt,
    ...(credits.oversubscribed === undefined
      ? {}
      : { oversubscribed: { ...credits.oversubscribed, baseRtt: Math.round(rtt) } }),
  };
}

/**
 * The options every switch of a scenario shares: those of the fields every switch has
 * (`commonSwitchOptions`; `flowControl` built by its registry), the largest packet (with
 * notifications when the marking policy `notifies`), the organisation's own parameters as the
 * scenario gives them, and INT records when the controller needs them.
 */
function switchOptions(
  scenario: Scenario,
  kinds: ScenarioKinds,
  flowControl: FlowControlOption,
  notifies: boolean,
  telemetry: boolean,
): SwitchSpec["options"] {
  const values = scenario.switch as unknown as Readonly<Record<string, unknown>>;
  const parameters = kinds.switch.get(scenario.switch.kind)?.parameters ?? {};
  const own = Object.keys(parameters).filter((name) => values[name] !== undefined);
  return {
    ...commonSwitchOptions(scenario.switch, scenario.packets.dataBytes, flowControl),
    maxPacketBytes: largestPacketBytesOf(scenario, notifies),
    ...Object.fromEntries(own.map((name) => [name, values[name]])),
    ...(telemetry ? { telemetry } : {}),
  };
}

/**
 * The hosts' retransmission timeout: the scenario's, or with lossy priorities uet-htsim's
 * rule, 15 us + 6 x the time one trimming queue (`switch.trimThresholdBytes`) takes to drain
 * at the links' bandwidth (`dc/main_uec.cpp:694-695`); undefined (no retransmission) otherwise.
 */
export function retransmitTimeoutOf(scenario: Scenario): Time | undefined {
  if (scenario.adapter.retransmitTimeoutUs !== undefined) return us(scenario.adapter.retransmitTimeoutUs);
  if (lossyPrioritiesOf(scenario) === undefined) return undefined;
  const values = scenario.switch as unknown as { trimThresholdBytes?: number };
  const threshold = values.trimThresholdBytes ?? DEFAULT_TRIM_THRESHOLD_BYTES;
  return us(15) + 6 * transmissionTime(threshold, bandwidthOf(scenario));
}

/** The switch's lossy priorities (shared-buffer `lossyPriorities`); undefined when it has none. */
function lossyPrioritiesOf(scenario: Scenario): readonly number[] | undefined {
  const lossy = (scenario.switch as unknown as { lossyPriorities?: readonly number[] }).lossyPriorities;
  return lossy === undefined || lossy.length === 0 ? undefined : lossy;
}
