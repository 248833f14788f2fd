/** The controller kinds' registry: each kind defined once, in scenario units (issue 25). */

import { errorOf } from "@losslab/test-kit/errors";
import { readmeOf } from "@losslab/test-kit/readme-examples";
import { describe, expect, it } from "vitest";
import {
  type ControllerContext,
  controllers,
  type HybridController,
  KindError,
  type MvcmController,
  type TurnerRateController,
} from "../src/index.js";

const flow = { lineRate: 1e9, packetSize: 2048 };
const context: ControllerContext = { lineRate: 1e9, packetBytes: 2048, ackBytes: 22 };

describe("controllers", () => {
  it("lists every built-in kind, `none` first", () => {
    expect(controllers.kinds).toEqual([
      "none",
      "per-ack",
      "hybrid",
      "turner-rate",
      "mvcm",
      "qcn",
      "ib-cca",
      "dcqcn",
      "timely",
      "hpcc",
      "nscc",
    ]);
  });

  it("makes per-ack for every flow, its rates from the link rate, persistent as asked", () => {
    const made = controllers.create({ kind: "per-ack", response: "lipd", mode: "discrete", persistent: true }, context);
    expect(made.unreliable).toBe(made.reliable);
    expect(made.persistent).toBe(true);
    const c = made.reliable!(flow);
    c.onCnp();
    expect(c.rate).toBe(5e8);
    expect(controllers.create({ kind: "per-ack", response: "lipd" }, context).persistent).toBe(false);
  });

  it("makes hybrid for reliable flows and turner-rate with its rate parameters for unreliable ones", () => {
    const made = controllers.create({ kind: "hybrid", response: "fimd", maxIpd: 3, maxWindow: 4 }, context);
    expect((made.reliable!(flow) as HybridController).window).toBe(1);
    const rate = made.unreliable!(flow) as TurnerRateController;
    expect(rate.window).toBe(Number.POSITIVE_INFINITY);
    rate.onCnp({ seq: 0 });
    rate.onCnp({ seq: 1 });
    expect(rate.ipd).toBe(3); // fimd with m = 2 on ipd 0..3: 1 -> 1/2 -> 1/4 (ipd 3)
  });

  it("makes turner-rate for unreliable flows only, and none for no flow", () => {
    const made = controllers.create({ kind: "turner-rate", response: "lipd" }, context);
    expect(made.reliable).toBeUndefined();
    expect(made.unreliable).toBeDefined();
    expect(controllers.get("turner-rate")?.reliableFlows).toMatch(/hybrid/);
    expect(controllers.create({ kind: "none" }, context)).toEqual({});
  });

  it("takes mvcm's radix and stages from the network, hops n on a butterfly", () => {
    const network = { name: "k-ary-n-fly", radix: 4, stages: 3, unidirectional: true };
    const fly = controllers.create({ kind: "mvcm" }, { ...context, network }).reliable!(flow) as MvcmController;
    const tree = controllers.create(
      { kind: "mvcm" },
      { ...context, network: { ...network, name: "k-ary-n-tree", unidirectional: false } },
    ).reliable!(flow) as MvcmController;
    // RTT_min = 2 h t_hop + (packet + ack) byte times, t_hop 3 byte times: h = 3 on the fly, 5 on the tree.
    expect(fly.slotTime).toBe(Math.round(((2 * 3 * 3 + 2048 + 22) / 1e9) * 1e12));
    expect(tree.slotTime).toBe(Math.round(((2 * 5 * 3 + 2048 + 22) / 1e9) * 1e12));
    const slot = controllers.create({ kind: "mvcm", slotTimeNs: 500 }, { ...context, network });
    expect((slot.reliable!(flow) as MvcmController).slotTime).toBe(500_000);
    expect(() => controllers.create({ kind: "mvcm" }, { ...context, network: { name: "two-switch" } })).toThrow(
      'controller.radix and controller.stages: give both for topology "two-switch"',
    );
  });

  it("reports an unknown kind, an unknown field and a value out of range naming the field", () => {
    const problem = (spec: unknown) => errorOf(KindError, () => controllers.create(spec, context)).message;
    expect(problem({ kind: "swift" })).toBe(
      'controller.kind: unknown "swift"; allowed: none, per-ack, hybrid, turner-rate, mvcm, qcn, ib-cca, dcqcn, timely, hpcc, nscc',
    );
    expect(problem({ kind: "per-ack", response: "lipd", window: 0 })).toBe(
      "controller.window must be an integer from 1 to 1000000, got 0",
    );
    expect(problem({ kind: "qcn", timerUs: 5 })).toMatch(/^controller\.timerUs: unknown field for kind "qcn"/);
    expect(problem({ kind: "ib-cca" })).toMatch(/^controller\.timerPeriodUs is missing/);
  });

  it("documents every kind in the README", () => {
    const readme = readmeOf("response");
    for (const kind of controllers.kinds) expect(readme).toContain(`\`${kind}\``);
  });
});
