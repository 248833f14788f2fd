import { Engine } from "@losslab/engine";
import { FakeSwitch } from "@losslab/test-kit/fake-switch";
import { describe, expect, it } from "vitest";
import {
  countedFactory,
  createMarking,
  defineMarkingPolicy,
  KindError,
  type MarkingContext,
  type MarkingSpec,
  markingPolicies,
} from "../src/index.js";

/** Everything a run may offer a marking policy, each capability recognisable. */
const offered: MarkingContext = {
  random: () => 0.25,
  timers: new Engine({ seed: 1 }),
  notifications: { bytes: 80 },
  subnetManager: { host: 9, nonCompliantHosts: new Set([3]), noticeBytes: 20 },
  fabric: { nextIsNonCompliant: () => false, leadsToHost: () => false, outputRatio: () => 1 },
};

/** A policy that marks nothing and records the context its factory was given. */
function recording<const Uses extends readonly (keyof MarkingContext | `${keyof MarkingContext}?`)[]>(uses?: Uses) {
  const seen: object[] = [];
  const definition = defineMarkingPolicy({
    kind: "recording",
    description: "records its context",
    parameters: {},
    ...(uses === undefined ? {} : { uses }),
    create: (_values, context) => {
      seen.push(context);
      return countedFactory("recording", (view) => ({ switchName: view.name, marked: 0 }));
    },
  });
  const create = (context?: Partial<MarkingContext>) =>
    createMarking({ kind: "recording" } as never, context, markingPolicies.with([definition]));
  return { definition, seen, create };
}

describe("the marking context", () => {
  it("gives a policy exactly the capabilities its definition uses, whatever else is offered", () => {
    const { seen, create } = recording(["random", "fabric?"]);
    create(offered);
    expect(Object.keys(seen[0]!).sort()).toEqual(["fabric", "random"]);
    expect((seen[0] as MarkingContext).random()).toBe(0.25);
  });

  it("gives one that uses nothing an empty context, with or without an offer", () => {
    const { seen, create } = recording();
    create(offered);
    create();
    expect(seen).toEqual([{}, {}]);
  });

  it("leaves out a capability marked `?` that the caller does not offer", () => {
    const { seen, create } = recording(["random", "subnetManager?"]);
    create({ random: offered.random });
    expect(Object.keys(seen[0]!)).toEqual(["random"]);
  });

  it("refuses a needed capability the caller does not offer, naming it and what is offered", () => {
    const { create } = recording(["notifications", "random"]);
    let error: unknown;
    try {
      create({ random: offered.random });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(KindError);
    expect((error as KindError).field).toBe("marking.kind");
    expect((error as KindError).message).toBe(
      'marking.kind: "recording" uses the context\'s "notifications", which its caller does not offer (offered: random)',
    );
    expect(() => create()).toThrow(/"notifications", which its caller does not offer \(offered: none\)/);
  });

  it("refuses a definition that uses something no context has", () => {
    expect(() => recording(["clock" as never])).toThrow(
      'marking "recording" uses "clock", which is no capability of a marking context; known: random, timers, notifications, subnetManager, fabric',
    );
  });

  it("says a policy notifies when it uses notifications", () => {
    expect(recording(["notifications"]).definition.notifies).toBe(true);
    expect(recording(["random"]).definition.notifies).toBe(false);
    expect(markingPolicies.get("qcn")?.notifies).toBe(true);
    expect(markingPolicies.definitions.filter((definition) => definition.notifies).map((d) => d.kind)).toEqual(["qcn"]);
  });

  it("types the context a factory gets from `uses`: what it named, `?` ones possibly absent", () => {
    defineMarkingPolicy({
      kind: "typed",
      description: "only compiles if the context is typed from uses",
      parameters: {},
      uses: ["random", "fabric?"],
      create: (_values, context) => {
        const draw: number = context.random();
        // @ts-expect-error a capability it may use is possibly absent
        context.fabric.nextIsNonCompliant("S", 0);
        // @ts-expect-error a capability it did not name is not there
        context.timers;
        expect(draw).toBeTypeOf("number");
        return countedFactory("typed", (view) => ({ switchName: view.name, marked: 0 }));
      },
    });
  });

  it("lets a policy act at a time of its choosing through the run's timers", () => {
    const engine = new Engine({ seed: 1 });
    const times: number[] = [];
    const definition = defineMarkingPolicy({
      kind: "ticking",
      description: "notes the time of a timer it sets per switch",
      parameters: {},
      uses: ["timers"],
      create: (_values, { timers }) =>
        countedFactory("ticking", (view) => {
          timers.at(timers.now + 1000, () => times.push(timers.now));
          return { switchName: view.name, marked: 0 };
        }),
    });
    const marking = createMarking({ kind: "ticking" } as never, { timers: engine }, markingPolicies.with([definition]));
    new FakeSwitch(marking);
    engine.run();
    expect(times).toEqual([1000]);
  });

  it("is what the built-in policies use: red needs random, qcn notifications, turner what the run has", () => {
    const uses = Object.fromEntries(markingPolicies.definitions.map((d) => [d.kind, d.uses]));
    expect(uses).toMatchObject({
      none: [],
      red: ["random", "fabric?"],
      qcn: ["notifications", "random?"],
      turner: ["fabric?", "subnetManager?"],
    });
    const spec = { kind: "red", kmin: 0, kmax: 10, pmax: 0.5 } as MarkingSpec;
    expect(() => createMarking(spec)).toThrow('marking.kind: "red" uses the context\'s "random"');
    expect(() => createMarking({ kind: "turner" })).not.toThrow();
  });
});
