/**
 * A switch organisation and a flow control kind added as CONTRIBUTING.md says: one file each
 * (fixtures/crossbar-fifo.ts, fixtures/pause-kib.ts) and one line in a registry (here
 * `withPlugins`, where a built-in kind's line goes in `builtIn`). Nothing else is edited for
 * them, yet a scenario naming them parses with their defaults, is described by the JSON
 * Schema, runs as the built-in kinds they imitate (ideal path times and PAUSE meter
 * included), and a bad parameter is named by its field, whether the scenario's checks or a
 * model refuses it.
 */

import { errorOf } from "@losslab/test-kit/errors";
import { describe, expect, it } from "vitest";
import {
  builtInKinds,
  parseScenario,
  runScenario,
  type Scenario,
  ScenarioError,
  scenarioJsonSchema,
  withPlugins,
} from "../src/index.js";
import { crossbarFifo } from "./fixtures/crossbar-fifo.js";
import { pauseKib } from "./fixtures/pause-kib.js";

const kinds = withPlugins(builtInKinds, [crossbarFifo, pauseKib]);

/** Three messages from H0 to H2 far enough apart that each is alone, and H1 sending to H2 in between. */
const scenario = (sw: object) => ({
  durationMs: 0.5,
  topology: { kind: "single-switch", hosts: 3 },
  switch: sw,
  traffic: [
    {
      kind: "trace",
      entries: [2048, 20_480, 204_800].map((bytes, i) => ({ timeUs: 60 * i, source: "H0", destination: "H2", bytes })),
    },
  ],
  flows: [{ source: "H1", destination: "H2", startUs: 400 }],
});

/** H0 and H1 send raw Ethernet to H2 through one switch under PAUSE (pfc.test.ts's fan-in). */
const ethernet = (flowControl: object) => ({
  durationMs: 0.05,
  topology: { kind: "single-switch", hosts: 3, bandwidth: 1e9, delayNs: 10 },
  switch: { kind: "input-buffered", inputBufferBytes: 9216, flowControl },
  packets: { dataBytes: 1000, headerBytes: 20 },
  adapter: { acks: false },
  flows: [
    { source: "H0", destination: "H2", stopUs: 12 },
    { source: "H1", destination: "H2", stopUs: 12 },
  ],
});

/** The message of the ScenarioError `act` throws. */
const refusal = (act: () => unknown): string => errorOf(ScenarioError, act).message;

/** `parsed` with `change` made to its switch, as code may build a scenario past the parser. */
const withSwitch = (parsed: Scenario, change: object) =>
  ({ ...parsed, switch: { ...parsed.switch, ...change } }) as Scenario;

describe("a switch organisation defined in one file", () => {
  it("parses with its defaults and the fields every switch has", () => {
    expect(parseScenario(scenario({ kind: "crossbar-fifo" }), kinds).switch).toEqual({
      kind: "crossbar-fifo",
      crossbarSpeedup: 2,
      outputBytes: 8192,
      vls: 1,
      vlScheduling: "wrr",
      flowControl: { kind: "credits" },
      bufferPackets: 4,
      forwardingDelayNs: 40,
      creditBytes: 64,
    });
  });

  it("runs as the built-in CIOQ it imitates, its ideal path times from its forwardingRate", () => {
    const own = runScenario(parseScenario(scenario({ kind: "crossbar-fifo", crossbarSpeedup: 3 }), kinds), { kinds });
    const cioq = { kind: "cioq", speedup: 3, outputBufferBytes: 8192, inputQueues: "fifo" };
    const builtIn = runScenario(parseScenario(scenario(cioq)));
    expect(own.delivered).toBeGreaterThan(100);
    expect(own.fingerprint).toBe(builtIn.fingerprint);
    expect(own.slowdown).toEqual(builtIn.slowdown);
    expect(own.slowdown!.all.count).toBe(3);
  });

  it("names a bad parameter by its field: in its range, against the common fields, and when its model refuses it", () => {
    const parse = (sw: object) => refusal(() => parseScenario(scenario({ kind: "crossbar-fifo", ...sw }), kinds));
    expect(parse({ crossbarSpeedup: 0.5 })).toContain("switch.crossbarSpeedup: Too small: expected number to be >=1");
    // Its outputBufferParameter trait: the output buffer holds a packet.
    expect(parse({ outputBytes: 1000 })).toContain(
      "switch.outputBytes: the output buffer cannot hold one packet: 1000 B is 15 credit blocks of switch.creditBytes 64 B",
    );
    // Its lanes trait: weights one per VL.
    expect(parse({ vls: 2, vlWeights: [1] })).toContain("switch.vlWeights: must list one weight per VL (switch.vls 2)");
    // Past the parser, the model's OptionError about outputBufferBytes names the parameter that set it.
    const parsed = parseScenario(scenario({ kind: "crossbar-fifo" }), kinds);
    expect(refusal(() => runScenario(withSwitch(parsed, { outputBytes: 1000 }), { kinds }))).toMatch(
      /^switch\.outputBytes: S: outputBufferBytes cannot hold one 2068 B packet: .*; got 1000$/,
    );
    expect(refusal(() => runScenario(withSwitch(parsed, { crossbarSpeedup: 0.5 }), { kinds }))).toMatch(
      /^switch\.crossbarSpeedup: S\.crossbarSpeedup must be a number >= 1 and <= 8, got 0\.5$/,
    );
  });

  it("is described in the JSON Schema, and unknown without its registry line", () => {
    const schema = JSON.stringify(scenarioJsonSchema(kinds));
    expect(schema).toContain('"const":"crossbar-fifo"');
    expect(schema).toContain(JSON.stringify(crossbarFifo.parameters.outputBytes.description));
    expect(refusal(() => parseScenario(scenario({ kind: "crossbar-fifo" })))).toContain(
      'switch.kind: unknown "crossbar-fifo"',
    );
  });
});

describe("a flow control kind defined in one file", () => {
  it("runs as the built-in PAUSE it imitates, its frames metered (its pauseFrames trait)", () => {
    const own = runScenario(parseScenario(ethernet({ kind: "pause-kib", xoffKib: 3, xonKib: 2 }), kinds), { kinds });
    const builtIn = runScenario(parseScenario(ethernet({ kind: "pause", xoffBytes: 3072, xonBytes: 2048 })));
    expect(own.pause!.frames).toBeGreaterThan(0);
    expect(own.pause).toEqual(builtIn.pause);
    expect(own.fingerprint).toBe(builtIn.fingerprint);
  });

  it("names a bad parameter by its field, at parse time and when a switch refuses it", () => {
    // 9216 - 4096 = 5120 B above XOFF; 5156 B can still arrive (1 GB/s, 10 ns links, 3.072 us reaction, 1000 B frames).
    const headroom = "switch.flowControl.xoffKib: leaves 5120 B of the 9216 B input buffer above XOFF, but 5156 B";
    expect(refusal(() => parseScenario(ethernet({ kind: "pause-kib", xoffKib: 4, xonKib: 2 }), kinds))).toContain(
      headroom,
    );
    expect(refusal(() => parseScenario(ethernet({ kind: "pause-kib", xoffKib: 3, xonKib: 4 }), kinds))).toContain(
      "switch.flowControl.xonKib: must be at most xoffBytes (3072)",
    );
    const parsed = parseScenario(ethernet({ kind: "pause-kib", xoffKib: 3, xonKib: 2 }), kinds);
    const past = withSwitch(parsed, { flowControl: { kind: "pause-kib", xoffKib: 4, xonKib: 2 } });
    expect(refusal(() => runScenario(past, { kinds }))).toMatch(
      /^switch\.flowControl\.xoffKib: S input \d: flowControl\.xoffBytes leaves 5120 B .*; got 4096$/,
    );
  });
});
