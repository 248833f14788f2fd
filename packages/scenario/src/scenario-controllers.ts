import { ms } from "@losslab/engine";
import { type ControllerFactory, hybrid, ibCca, mvcm, perAck, qcn, turnerRate } from "@losslab/response";
import { scenarioGenerators } from "./flows.js";
import { countingResponses, type ResponseCounts } from "./response-counts.js";
import { asScenarioError, ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** The controller factories of reliable and unreliable flows (either undefined: no controller). */
export interface Controllers {
  reliable: ControllerFactory | undefined;
  unreliable: ControllerFactory | undefined;
}

/**
 * The scenario's controller, one instance per flow, counting its responses into `counts` if given.
 * Unreliable flows take the same controller, except under `hybrid`, whose unreliable flows
 * are rate controlled by `turner-rate` with the same parameters (turner-2001 sec. 5.2: "the
 * description of rate control for reliable transport services must be additionally modified").
 * `turner-rate` has no rule for ACKs: reliable flows under it are an error.
 */
export function controllerFactories(scenario: Scenario, counts: Map<string, ResponseCounts> | undefined): Controllers {
  // Counting wraps every controller call: only when the scenario asks for it (`metrics.responses`).
  const counting = (factory: ControllerFactory) =>
    counts === undefined ? factory : countingResponses(factory, counts);
  const spec = scenario.controller;
  if (spec.kind === "none") return { reliable: undefined, unreliable: undefined };
  // One factory for the run: it shares the response function and rate table among flows.
  const factory = asScenarioError("controller", () => buildControllers(spec, scenario));
  // Build one now so a bad parameter is reported as a scenario error before the run.
  asScenarioError("controller", () =>
    factory({ lineRate: scenario.topology.bandwidth, packetSize: scenario.packets.dataBytes }),
  );
  const counted = counting(factory);
  if (spec.kind === "turner-rate") {
    const reliable = Array.isArray(scenario.flows)
      ? scenario.flows.findIndex(
          (flow) => (flow.reliable ?? true) && !flow.rdmaRead && !scenario.nonCompliant.hosts.includes(flow.source),
        )
      : 0;
    if (reliable >= 0 || scenarioGenerators(scenario).length > 0) {
      const where = reliable >= 0 && Array.isArray(scenario.flows) ? `flows[${reliable}].reliable` : "flows";
      throw new ScenarioError(
        `${where}: controller "turner-rate" controls unreliable flows only (turner-2001 sec. 5.2); give every flow \`reliable: false\` (generated and santos-pattern flows are reliable), or use "hybrid"`,
      );
    }
    return { reliable: undefined, unreliable: counted };
  }
  if (spec.kind !== "hybrid") return { reliable: counted, unreliable: counted };
  const rate = asScenarioError("controller", () =>
    turnerRate({
      response: spec.response,
      ...(spec.m === undefined ? {} : { m: spec.m }),
      ...(spec.maxIpd === undefined ? {} : { maxIpd: spec.maxIpd }),
      ...(spec.staticIpd === undefined ? {} : { staticIpd: spec.staticIpd }),
    }),
  );
  return { reliable: counted, unreliable: counting(rate) };
}

function buildControllers(
  spec: Exclude<Scenario["controller"], { kind: "none" }>,
  scenario: Scenario,
): ControllerFactory {
  const bandwidth = scenario.topology.bandwidth;
  switch (spec.kind) {
    case "hybrid":
      return hybrid({
        response: spec.response,
        ...(spec.m === undefined ? {} : { m: spec.m }),
        ...(spec.maxIpd === undefined ? {} : { maxIpd: spec.maxIpd }),
        ...(spec.staticIpd === undefined ? {} : { staticIpd: spec.staticIpd }),
        ...(spec.initialIpd === undefined ? {} : { initialIpd: spec.initialIpd }),
        ...(spec.maxWindow === undefined ? {} : { maxWindow: spec.maxWindow }),
        ...(spec.initialWindow === undefined ? {} : { initialWindow: spec.initialWindow }),
        ...(spec.windowResponse === undefined ? {} : { windowResponse: spec.windowResponse }),
      });
    case "turner-rate":
      return turnerRate({
        response: spec.response,
        ...(spec.m === undefined ? {} : { m: spec.m }),
        ...(spec.maxIpd === undefined ? {} : { maxIpd: spec.maxIpd }),
        ...(spec.staticIpd === undefined ? {} : { staticIpd: spec.staticIpd }),
        ...(spec.initialIpdOffset === undefined ? {} : { initialIpdOffset: spec.initialIpdOffset }),
      });
    case "per-ack":
      return perAck({
        response: spec.response,
        ...(spec.m === undefined ? {} : { m: spec.m }),
        mode: spec.mode,
        window: spec.window,
        Rmax: bandwidth,
        Rmin: bandwidth * spec.rminFraction,
      });
    case "mvcm": {
      // ferrer-2012 sec. 4.3: k and n come from the network; the round trip crosses
      // 2n-1 switches in a bidirectional k-ary n-tree, n in a butterfly.
      const t = scenario.topology;
      const multistage = t.kind === "k-ary-n-tree" || t.kind === "k-ary-n-fly";
      const radix = spec.radix ?? (multistage ? t.k : undefined);
      const stages = spec.stages ?? (multistage ? t.n : undefined);
      if (radix === undefined || stages === undefined) {
        throw new ScenarioError(
          `controller.radix and controller.stages: give both for topology "${t.kind}" (only k-ary-n-tree and k-ary-n-fly imply them)`,
        );
      }
      const hops = spec.hops ?? (t.kind === "k-ary-n-fly" ? stages : undefined);
      return mvcm({
        radix,
        stages,
        maxWindow: spec.maxWindow,
        limitWaitingSlots: spec.limitWaitingSlots,
        ackBytes: scenario.packets.ackBytes,
        ...(hops === undefined ? {} : { hops }),
        ...(spec.hopDelayNs === undefined ? {} : { hopDelay: Math.round(spec.hopDelayNs * 1000) }),
        ...(spec.slotTimeNs === undefined ? {} : { slotTime: Math.round(spec.slotTimeNs * 1000) }),
      });
    }
    case "qcn":
      return qcn({
        ...(spec.decreaseGain === undefined ? {} : { decreaseGain: spec.decreaseGain }),
        ...(spec.minRateFraction === undefined ? {} : { minRate: spec.minRateFraction * bandwidth }),
        ...(spec.fastRecoveryCycles === undefined ? {} : { fastRecoveryCycles: spec.fastRecoveryCycles }),
        ...(spec.activeIncreaseMbps === undefined ? {} : { activeIncrease: (spec.activeIncreaseMbps * 1e6) / 8 }),
        ...(spec.hyperIncreaseMbps === undefined ? {} : { hyperIncrease: (spec.hyperIncreaseMbps * 1e6) / 8 }),
        ...(spec.byteLimit === undefined ? {} : { byteLimit: spec.byteLimit }),
        ...(spec.timerMs === undefined ? {} : { timerPeriod: ms(spec.timerMs) }),
      });
    case "ib-cca":
      return ibCca({
        timerPeriod: Math.round(spec.timerPeriodUs * 1e6),
        ...(spec.indexIncrease === undefined ? {} : { indexIncrease: spec.indexIncrease }),
        ...(spec.indexMin === undefined ? {} : { indexMin: spec.indexMin }),
        ...(spec.indexLimit === undefined ? {} : { indexLimit: spec.indexLimit }),
      });
  }
}
