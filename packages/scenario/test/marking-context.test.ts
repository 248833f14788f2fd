/** What a scenario run offers a marking policy (`MarkingContext`): the policy gets what its definition uses. */
import { Engine, ms } from "@losslab/engine";
import { countedFactory, defineMarkingPolicy, type MarkingUse } from "@losslab/marking";
import { describe, expect, it } from "vitest";
import { builtInKinds, parseScenario, runScenario, type ScenarioInput, withPlugins } from "../src/index.js";

/** A policy that marks nothing, records what its factory was given, and with timers notes the time at 1 ms. */
function probe(uses: readonly MarkingUse[]) {
  const seen: Array<Record<string, unknown>> = [];
  const timed: number[] = [];
  const definition = defineMarkingPolicy({
    kind: "probe",
    description: "records its context",
    parameters: {},
    uses,
    create: (_values, context: Record<string, unknown>) => {
      seen.push(context);
      const timers = context.timers as Engine | undefined;
      timers?.at(ms(1), () => timed.push(timers.now));
      return countedFactory("probe", (view) => ({ switchName: view.name, marked: 0 }));
    },
  });
  return { kinds: withPlugins(builtInKinds, [definition]), seen, timed };
}

/** Two hosts, one switch, one flow, 2 ms; the manager's fields when asked. */
const scenario = (extra: Partial<ScenarioInput> = {}): ScenarioInput => ({
  durationMs: 2,
  seed: 7,
  topology: { kind: "single-switch", hosts: 3 },
  flows: [{ source: "H0", destination: "H1", group: "a" }],
  marking: { kind: "probe" } as never,
  ...extra,
});

describe("the marking context of a scenario run", () => {
  it("gives a policy exactly what it uses: a random stream of its own per switch (marking/<kind>/<device>), the run's timers", () => {
    const { kinds, seen, timed } = probe(["random", "timers", "subnetManager?"]);
    runScenario(parseScenario(scenario(), kinds), { kinds });
    expect(Object.keys(seen[0]!).sort()).toEqual(["random", "timers"]);
    const random = seen[0]!.random as () => number;
    const engine = seen[0]!.timers as Engine;
    const streams = new Engine({ seed: 7 }).rng;
    const [three, five] = [streams.stream("marking/probe/3"), streams.stream("marking/probe/5")];
    // Each device draws its own numbers, whatever the others draw in between.
    expect([engine.asDevice(3, random), engine.asDevice(5, random), engine.asDevice(3, random)]).toEqual([
      three.next(),
      five.next(),
      three.next(),
    ]);
    expect(timed).toEqual([ms(1)]);
  });

  it("offers the subnet manager only to a run that has one, and the fabric's facts always", () => {
    const { kinds, seen } = probe(["fabric", "notifications", "subnetManager?"]);
    runScenario(parseScenario(scenario(), kinds), { kinds });
    const managed = scenario({ nonCompliant: { hosts: ["H0"] }, subnetManager: { host: "H2" } });
    runScenario(parseScenario(managed, kinds), { kinds });
    expect(seen.map((context) => Object.keys(context).sort())).toEqual([
      ["fabric", "notifications"],
      ["fabric", "notifications", "subnetManager"],
    ]);
    expect(seen[1]!.subnetManager).toEqual({ host: 2, nonCompliantHosts: new Set([0]), noticeBytes: 20 }); // ACK-sized
    expect(seen[1]!.notifications).toEqual({ bytes: 64 });
  });

  it("refuses a policy that needs what the run cannot offer, naming the field", () => {
    const { kinds } = probe(["subnetManager"]);
    expect(() => runScenario(parseScenario(scenario(), kinds), { kinds })).toThrow(
      'marking.kind: "probe" uses the context\'s "subnetManager", which its caller does not offer (offered: random, timers, notifications, fabric)',
    );
  });
});
