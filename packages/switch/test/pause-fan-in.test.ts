/**
 * Fan-in under PAUSE (chrysos sec. III's setting without QCN): four hosts send to one at line
 * rate through lossless Ethernet switches. Scenario Q's numbers (reproductions.md): 10 Gb/s
 * links (1.25e9 B/s), 1522 B frames + 20 B overhead, 150 KB input buffers with XOFF at
 * 110 KB and XON at 44 KB, 150 KB output buffers (CIOQ with VOQ inputs, the leaf of
 * chrysos sec. II), 100 ns propagation, the default 3.072 us reaction delay everywhere.
 */
import { PacketKind, PacketStore, XOFF_QUANTA } from "@losslab/core";
import { Engine, ns } from "@losslab/engine";
import { dataPacket } from "@losslab/test-kit/data-packet";
import { RecordingSink } from "@losslab/test-kit/recording-sink";
import { ScriptedSource } from "@losslab/test-kit/scripted-source";
import type { Transmission } from "@losslab/test-kit/transmission";
import { duplex, wire } from "@losslab/test-kit/wire";
import { describe, expect, it } from "vitest";
import { createSwitch, type SwitchModelOptions, type SwitchOrganisation } from "../src/index.js";

const RATE = 1.25e9;
const FRAME = 1522;
const KB = 1024;
const LINK = { bandwidth: RATE, delay: ns(100), overheadBytes: 20 };
const PACKETS = 300;

function switchOptions(
  name: string,
  ports: number,
  routes: number[],
  packets: PacketStore,
  organisation: SwitchOrganisation,
  inputQueues: "fifo" | "voq",
): SwitchModelOptions {
  return {
    name,
    ports,
    routes,
    inputBufferBytes: 150 * KB,
    maxPacketBytes: FRAME,
    flowControl: { kind: "pause", xoffBytes: 110 * KB, xonBytes: 44 * KB },
    packets,
    ...(organisation === "cioq" ? { outputBufferBytes: 150 * KB, inputQueues } : {}),
  };
}

/** Fraction of [first start, last end] the link was transmitting (overhead included). */
function utilisation(sent: readonly Transmission[]): number {
  const busy = sent.reduce((sum, t) => sum + (t.end - t.start), 0);
  return busy / (sent.at(-1)!.end - sent[0]!.start);
}

/** Fraction of [0, end] during which `source` honoured a PAUSE. */
function pausedFraction(source: ScriptedSource, end: number): number {
  let paused = 0;
  let since = -1;
  for (const change of source.pauses) {
    if (change.paused) since = change.at;
    else paused += change.at - since;
  }
  return paused / end;
}

const xoffs = (sent: readonly Transmission[]) =>
  sent.filter((t) => t.packet.kind === PacketKind.Pause && t.packet.seq === XOFF_QUANTA).length;

/** H0-H3 -> S ports 0-3 (both directions) -> D on port 4; each host queues 300 frames for D at 0. */
function oneSwitch(organisation: SwitchOrganisation, inputQueues: "fifo" | "voq") {
  const engine = new Engine();
  const packets = new PacketStore();
  const sw = createSwitch(
    engine,
    organisation,
    switchOptions("S", 5, [0, 1, 2, 3, 4], packets, organisation, inputQueues),
  );
  const hosts = [0, 1, 2, 3].map((host) => new ScriptedSource(engine, `H${host}`, 3_072_000));
  const ports = hosts.map((host, port) => duplex(engine, host, 0, sw, port, LINK));
  const d = new RecordingSink(engine, "D");
  const out = wire(engine, sw, 4, d, 0, LINK);
  hosts.forEach((host, index) => {
    for (let seq = 0; seq < PACKETS; seq++) host.send(dataPacket(packets, index, 4, seq, FRAME), 0);
  });
  engine.run();
  return { engine, sw, hosts, ports, d, out };
}

describe("four hosts into one through one switch", () => {
  it.each([
    ["cioq", "voq"],
    ["cioq", "fifo"],
    ["voq", "voq"],
    ["fifo", "fifo"],
    ["input-buffered", "fifo"],
  ] as const)(
    "%s (inputs %s): nothing lost, every input paused, the output busy all the time",
    (organisation, inputQueues) => {
      const { hosts, ports, d, out } = oneSwitch(organisation, inputQueues);
      expect(d.arrivals).toHaveLength(4 * PACKETS);
      for (const host of hosts) {
        expect(host.backlog).toBe(0);
        expect(host.pauses.filter((p) => p.paused).length).toBeGreaterThan(0);
      }
      for (const port of ports) expect(xoffs(port.backward.sent)).toBeGreaterThan(0);
      expect(out.sent.every((t) => t.packet.kind === PacketKind.Data)).toBe(true);
      expect(utilisation(out.sent)).toBeGreaterThan(0.9999);
    },
  );

  it("cioq with VOQs: each input pauses its host several times and the output runs at line rate", () => {
    const { ports, out, d, hosts } = oneSwitch("cioq", "voq");
    // 1200 frames of 1542 wire bytes at 1.25e9 B/s: 1.48 ms, back to back.
    const span = out.sent.at(-1)!.end - out.sent[0]!.start;
    expect(span).toBe(4 * PACKETS * 1_233_600);
    // Measured: three XOFF/XON cycles per input; each host paused 47 % of the run (0.4727-0.4744).
    expect(ports.map((port) => xoffs(port.backward.sent))).toEqual([3, 3, 3, 3]);
    for (const host of hosts) {
      expect(host.pauses.map((p) => p.paused)).toEqual([true, false, true, false, true, false]);
      expect(pausedFraction(host, out.sent.at(-1)!.end)).toBeCloseTo(0.47, 2);
    }
    // FIFO per source at the destination: each host's frames arrive in order.
    for (let host = 0; host < 4; host++) {
      const seqs = d.arrivals.filter((a) => a.packet.source === host).map((a) => a.packet.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i));
    }
  });
});

/**
 * Two switches: H0, H1 -> S1 -> S2; H2, H3 -> S2; S2 -> D. S2's input from S1 pauses S1's
 * output, whose backlog pauses H0 and H1 (congestion spreading, chrysos sec. I-A).
 */
function twoSwitches() {
  const engine = new Engine();
  const packets = new PacketStore();
  // Hosts H0..H3 are 0..3, D is 4.
  const s1 = createSwitch(engine, "cioq", switchOptions("S1", 3, [0, 1, 2, 2, 2], packets, "cioq", "voq"));
  const s2 = createSwitch(engine, "cioq", switchOptions("S2", 4, [0, 0, 1, 2, 3], packets, "cioq", "voq"));
  const hosts = [0, 1, 2, 3].map((host) => new ScriptedSource(engine, `H${host}`, 3_072_000));
  const links = [
    duplex(engine, hosts[0]!, 0, s1, 0, LINK),
    duplex(engine, hosts[1]!, 0, s1, 1, LINK),
    duplex(engine, s1, 2, s2, 0, LINK),
    duplex(engine, hosts[2]!, 0, s2, 1, LINK),
    duplex(engine, hosts[3]!, 0, s2, 2, LINK),
  ];
  const d = new RecordingSink(engine, "D");
  const out = wire(engine, s2, 3, d, 0, LINK);
  hosts.forEach((host, index) => {
    for (let seq = 0; seq < PACKETS; seq++) host.send(dataPacket(packets, index, 4, seq, FRAME), 0);
  });
  engine.run();
  return { engine, hosts, links, d, out };
}

describe("four hosts into one through two switches", () => {
  it("loses nothing, pauses every host and the switch-to-switch link, and keeps the output busy", () => {
    const { hosts, links, d, out } = twoSwitches();
    expect(d.arrivals).toHaveLength(4 * PACKETS);
    for (const host of hosts) expect(host.pauses.some((p) => p.paused)).toBe(true);
    const s1ToS2 = links[2]!;
    expect(xoffs(s1ToS2.backward.sent)).toBeGreaterThan(0); // S2 paused S1's output 2
    expect(xoffs(s1ToS2.forward.sent)).toBe(0); // nothing flows into S1 port 2
    expect(utilisation(out.sent)).toBeGreaterThan(0.9999);
    // S2 serves its three inputs in turn: while all are backlogged, H2 and H3 get a third of the
    // output each and H0, H1 share S1's third (PAUSE is not fair to flows, chrysos sec. I-A).
    // Measured over the first 600 frames: exactly 100, 100, 200, 200.
    const first = out.sent.slice(0, 600).map((t) => t.packet.source);
    expect([0, 1, 2, 3].map((host) => first.filter((source) => source === host).length)).toEqual([100, 100, 200, 200]);
  });

  it("is deterministic: two runs put the same frames on every link at the same times", () => {
    const fingerprint = () => {
      const { links, out } = twoSwitches();
      const all = [...links.flatMap((l) => [l.forward.sent, l.backward.sent]), out.sent];
      return JSON.stringify(all.map((sent) => sent.map((t) => [t.packet.id, t.start, t.end])));
    };
    expect(fingerprint()).toBe(fingerprint());
  });
});
