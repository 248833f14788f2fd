/**
 * The traffic sink's per-destination queues: one flow id per (source, destination) for good,
 * reopened with a new controller when its adapter forgot it while idle.
 */
import type { FlowOptions, HostAdapter } from "@losslab/adapter";
import { Engine } from "@losslab/engine";
import type { Controller } from "@losslab/response";
import { describe, expect, it } from "vitest";
import { AdapterSink, type AdapterSinkOptions, type FlowCompletion } from "../src/adapter-sink.js";
import { QueueIds } from "../src/queue-ids.js";

/** A host adapter that records what the sink asks of it and forgets a queue when told to. */
class RecordingHost {
  readonly calls: Array<[string, number, number | undefined, boolean | undefined]> = [];
  readonly controllers: Array<Controller | undefined> = [];
  readonly open = new Set<number>();
  addFlow(options: FlowOptions) {
    this.record("add", options);
    return { id: options.id } as never;
  }
  hasFlow(id: number) {
    return this.open.has(id);
  }
  enqueue(id: number, count: number) {
    this.calls.push(["enqueue", id, count, undefined]);
  }
  reopenQueue(options: FlowOptions) {
    this.record("reopen", options);
  }
  private record(call: string, options: FlowOptions) {
    this.calls.push([call, options.id, options.packets, options.forgetWhenIdle]);
    this.controllers.push(options.controller);
    this.open.add(options.id);
  }
}

function sink(forgetIdleQueues: boolean) {
  const hosts = { A: new RecordingHost(), B: new RecordingHost(), C: new RecordingHost() };
  let made = 0;
  const options: AdapterSinkOptions = {
    engine: new Engine(),
    hosts: new Map(Object.entries(hosts)) as unknown as ReadonlyMap<string, HostAdapter>,
    hostIndex: (id) => ["A", "B", "C"].indexOf(id),
    packetBytes: 100,
    payloadBytes: 50,
    limitsOf: () => ({ window: 4 }),
    controllers: () => ({ made: made++ }) as unknown as Controller,
    nonCompliant: new Set(),
    lineRate: 1e9,
    persistent: false,
    queues: "per-destination",
    forgetIdleQueues,
    firstFlowId: 10,
    listen: false,
    onFlow: () => {},
    onComplete: () => {},
  };
  return { sink: new AdapterSink(options), hosts };
}

describe("AdapterSink's per-destination queues", () => {
  it("open one queue per pair, enqueue while it is open, and reopen it under the same id once forgotten", () => {
    const { sink: s, hosts } = sink(true);
    s.sendMessage({ source: "A", destination: "C", bytes: 120, group: "g" }); // 3 packets
    s.sendMessage({ source: "A", destination: "B", bytes: 50, group: "g" });
    s.sendMessage({ source: "A", destination: "C", bytes: 50, group: "g" });
    hosts.A.open.delete(10); // the adapter forgot A -> C while idle
    s.sendMessage({ source: "A", destination: "C", bytes: 100, group: "other" });
    s.sendMessage({ source: "B", destination: "C", bytes: 50, group: "g" });
    expect(hosts.A.calls).toEqual([
      ["add", 10, 3, true],
      ["add", 11, 1, true],
      ["enqueue", 10, 1, undefined],
      ["reopen", 10, 2, true],
    ]);
    expect(hosts.B.calls).toEqual([["add", 12, 1, true]]);
    // The reopened queue gets a new controller, not the one it was opened with.
    expect(hosts.A.controllers).toEqual([{ made: 0 }, { made: 1 }, { made: 2 }]);
  });

  it("never marks a queue forgettable where flows may hear of congestion outside their ACKs", () => {
    const { sink: s, hosts } = sink(false);
    s.sendMessage({ source: "A", destination: "C", bytes: 50, group: "g" });
    expect(hosts.A.calls).toEqual([["add", 10, 1, undefined]]);
  });
});

describe("QueueIds", () => {
  it.each([3, 5000])("keeps one id per ordered pair, -1 for none (%i hosts: rows, or a map above 4,096)", (count) => {
    const hosts = Array.from({ length: count }, (_, i) => `H${i}`);
    const ids = new QueueIds(hosts);
    expect(ids.get("H0", "H1")).toBe(-1);
    ids.set("H0", "H1", 0);
    ids.set("H1", "H0", 7);
    ids.set(`H${count - 1}`, "H2", 123456);
    expect([ids.get("H0", "H1"), ids.get("H1", "H0"), ids.get(`H${count - 1}`, "H2"), ids.get("H1", "H2")]).toEqual([
      0, 7, 123456, -1,
    ]);
  });
});

describe("flows given in full (a scenario's flows)", () => {
  it("enter through the sink: the next id, their own start, limits and lane, the controller of their transport", () => {
    const added: FlowOptions[] = [];
    const host = {
      addFlow: (options: FlowOptions) => {
        added.push(options);
        return { id: options.id };
      },
    };
    const flowsSeen: Array<[number, string]> = [];
    const adapterSink = new AdapterSink({
      engine: new Engine(),
      hosts: new Map([["A", host]]) as unknown as ReadonlyMap<string, HostAdapter>,
      hostIndex: (id) => ["A", "B"].indexOf(id),
      packetBytes: 100,
      controllers: () => ({ kind: "reliable" }) as unknown as Controller,
      unreliableControllers: () => ({ kind: "unreliable" }) as unknown as Controller,
      lineRate: 1e9,
      listen: false,
      onFlow: (id, group) => flowsSeen.push([id, group]),
    });
    expect(adapterSink.addFlow({ source: "A", destination: "B", group: "g", start: 5, window: 2, vl: 1 })).toBe(0);
    expect(adapterSink.addFlow({ source: "A", destination: "B", group: "h", transport: "unreliable", rate: 1e8 })).toBe(
      1,
    );
    expect(adapterSink.addFlow({ source: "A", destination: "B", group: "h", transport: "read-response" })).toBe(2);
    expect(added.map((o) => [o.id, o.start, o.window, o.rate, o.vl, o.reliable, o.readResponse])).toEqual([
      [0, 5, 2, undefined, 1, true, undefined],
      [1, 0, undefined, 1e8, undefined, false, undefined],
      [2, 0, undefined, undefined, undefined, undefined, true],
    ]);
    expect(added.map((o) => (o.controller as unknown as { kind: string }).kind)).toEqual([
      "reliable",
      "unreliable",
      "unreliable",
    ]);
    expect(flowsSeen).toEqual([
      [0, "g"],
      [1, "h"],
      [2, "h"],
    ]);
  });
});

describe("completions of flows of known size", () => {
  it("report the flow's group, duration, bytes, packets and host indices when its last packet is delivered", () => {
    const engine = new Engine();
    const host = { addFlow: (options: FlowOptions) => ({ id: options.id }) };
    const completed: FlowCompletion[] = [];
    const adapterSink = new AdapterSink({
      engine,
      hosts: new Map([["B", host]]) as unknown as ReadonlyMap<string, HostAdapter>,
      hostIndex: (id) => ["A", "B", "C"].indexOf(id),
      packetBytes: 100,
      payloadBytes: 50,
      listen: false,
      onComplete: (completion) => completed.push(completion),
    });
    // 120 B of payload in 50 B packets: 3 packets (the last not shortened).
    adapterSink.sendMessage({ source: "B", destination: "C", bytes: 120, group: "g" });
    engine.run({ until: 7000 });
    adapterSink.packetDelivered(0);
    adapterSink.packetDelivered(0);
    expect(completed).toEqual([]);
    engine.run({ until: 9000 });
    adapterSink.packetDelivered(0);
    expect(completed).toEqual([{ group: "g", duration: 9000, bytes: 120, packets: 3, source: 1, destination: 2 }]);
  });
});
