/**
 * The definitions of the switch family agree with the models: the fields every switch has
 * set the options their parameters name, each flow control's option passes the lookup the
 * models make, and an organisation's own options are refused by the others.
 */
import { PacketStore } from "@losslab/core";
import { Engine } from "@losslab/engine";
import { DATA_BYTES } from "@losslab/test-kit/santos-link";
import { describe, expect, it } from "vitest";
import {
  commonSwitchOptions,
  createSwitch,
  flowControlOf,
  flowControls,
  inputSettings,
  switchOrganisations,
  switchParameters,
} from "../src/index.js";

describe("switchParameters", () => {
  it("set the options their parameters name (`option`, else the name)", () => {
    const options = commonSwitchOptions({ bufferPackets: 2, forwardingDelayNs: 12.5, creditBytes: 64 }, DATA_BYTES, {
      kind: "credits",
    });
    const named = Object.entries(switchParameters).map(([name, parameter]) =>
      "option" in parameter ? parameter.option : name,
    );
    expect(Object.keys(options).sort()).toEqual([...new Set(named)].sort());
    // 2 packets of 2068 B in 64 B blocks (33 each); 12.5 ns in ps.
    expect(options).toEqual({
      inputBufferBytes: 2 * 33 * 64,
      creditBytes: 64,
      forwardingDelay: 12_500,
      flowControl: { kind: "credits" },
    });
    expect(
      commonSwitchOptions({ inputBufferBytes: 5000, forwardingDelayNs: 40, creditBytes: 64 }, DATA_BYTES, {
        kind: "credits",
      }).inputBufferBytes,
    ).toBe(5000);
  });
});

describe("flowControls", () => {
  const buffers = { name: "S", capacityBytes: 9216, vls: 1, maxPacketBytes: DATA_BYTES };

  it("build options the models take: every field a kind's create makes is one its parameters set", () => {
    const specs = {
      credits: { kind: "credits" },
      pause: { kind: "pause", xoffBytes: 4096, xonBytes: 2048 },
      cbfc: { kind: "cbfc" },
    };
    for (const definition of flowControls.definitions) {
      const option = flowControls.create(specs[definition.kind as keyof typeof specs], undefined);
      expect(flowControlOf(option, "S")).toBe(definition);
    }
    expect(inputSettings({ kind: "credits" }, buffers)).toBeUndefined();
    expect(inputSettings(flowControls.create(specs.pause, undefined), buffers)).toEqual({
      xoffBytes: 4096,
      xonBytes: 2048,
      reactionDelay: 3_072_000,
      pauseFrameBytes: 64,
    });
    // CBFC's buffers run on credits: no PAUSE settings; its updates every 1 us in 64 B frames.
    const cbfc = flowControls.create(specs.cbfc, undefined);
    expect(inputSettings(cbfc, buffers)).toBeUndefined();
    expect(flowControlOf(cbfc, "S").creditUpdates?.(cbfc)).toEqual({ period: 1_000_000, frameBytes: 64 });
  });

  it("refuse a kind they do not list, and a field of another kind, with an OptionError naming it", () => {
    expect(() => flowControlOf({ kind: "pfc" }, "S")).toThrow(
      expect.objectContaining({ name: "OptionError", option: "flowControl.kind" }),
    );
    expect(() => flowControlOf({ kind: "credits", reactionDelay: 5 } as never, "S")).toThrow(
      'S: flowControl.reactionDelay does not apply to kind "credits"; it applies to kind "pause" only',
    );
  });
});

describe("switchOrganisations", () => {
  it("give each option that only other organisations take an OptionError naming them", () => {
    const options = {
      name: "S",
      ports: 2,
      routes: [-1, 1],
      inputBufferBytes: 9216,
      maxPacketBytes: DATA_BYTES,
      packets: new PacketStore(),
    };
    for (const definition of switchOrganisations.definitions) {
      for (const other of switchOrganisations.definitions) {
        for (const option of Object.keys(other.parameters)) {
          if (Object.hasOwn(definition.parameters, option)) continue;
          expect(() => createSwitch(new Engine(), definition.kind, { ...options, [option]: 1 })).toThrow(
            expect.objectContaining({ option, message: expect.stringContaining(`"${other.kind}"`) }),
          );
        }
      }
    }
  });
});
