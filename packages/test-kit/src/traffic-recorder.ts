/**
 * A TrafficSink that records every call with its time, and a helper that runs generators on
 * a real Engine into one. Deliveries are scripted: `deliver(n)` adds n delivered packets and
 * fires the `onDelivered` callbacks whose count has been reached; `complete(id)` delivers the
 * last packet of flow `id`.
 */
import { Engine, type Time } from "@losslab/engine";
import {
  type GeneratorContext,
  startGenerators,
  type TrafficFlow,
  type TrafficGenerator,
  type TrafficMessage,
  type TrafficSink,
} from "@losslab/traffic";
import { GBPS } from "./santos-link.js";

export type SinkCall =
  | ({ call: "start"; time: Time; id: number } & TrafficFlow)
  | { call: "stop"; time: Time; id: number }
  | ({ call: "message"; time: Time } & TrafficMessage);

export type MessageCall = Extract<SinkCall, { call: "message" }>;

export class TrafficRecorder implements TrafficSink {
  readonly calls: SinkCall[] = [];
  delivered = 0;
  private nextId = 0;
  private readonly waiting: { count: number; callback: () => void }[] = [];
  private readonly completions = new Map<number, () => void>();

  constructor(private readonly engine: Engine) {}

  startFlow(flow: TrafficFlow, onComplete?: () => void): number {
    const id = this.nextId++;
    this.calls.push({ call: "start", time: this.engine.now, id, ...flow });
    if (onComplete !== undefined) this.completions.set(id, onComplete);
    return id;
  }

  /** Flow `id` (started with an `onComplete`) delivers its last packet now: calls its `onComplete`. */
  complete(id: number): void {
    const done = this.completions.get(id);
    if (done === undefined) throw new Error(`TrafficRecorder.complete: flow ${id} has no completion pending`);
    this.completions.delete(id);
    done();
  }

  /** The ids of the flows whose completion is pending, in start order. */
  get pending(): number[] {
    return [...this.completions.keys()];
  }

  stopFlow(id: number): void {
    this.calls.push({ call: "stop", time: this.engine.now, id });
  }

  sendMessage(message: TrafficMessage): void {
    this.calls.push({ call: "message", time: this.engine.now, ...message });
  }

  onDelivered(count: number, callback: () => void): void {
    this.waiting.push({ count, callback });
    this.fireReached();
  }

  /** `count` more data packets have been delivered now. */
  deliver(count: number): void {
    this.delivered += count;
    this.fireReached();
  }

  get messages(): MessageCall[] {
    return this.calls.filter((call): call is MessageCall => call.call === "message");
  }

  private fireReached(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const entry = this.waiting[i] as { count: number; callback: () => void };
      if (this.delivered >= entry.count) {
        this.waiting.splice(i, 1);
        entry.callback();
      } else i++;
    }
  }
}

/** Hosts of santos-2002 Fig. 1 with L = 2, R = 2. */
export const santosHosts = ["A1", "A2", "AV", "B1", "B2", "BC", "BV"] as const;

export interface GeneratorRunOptions {
  seed?: number | string;
  hosts?: readonly string[];
  endTime: Time;
  bandwidth?: number;
  /** Called after start, before the run (to script deliveries). */
  script?: (engine: Engine, sink: TrafficRecorder) => void;
  /** Hears of each collective that completes (`GeneratorContext.onCollective`). */
  onCollective?: GeneratorContext["onCollective"];
}

/** Starts the generators on a fresh engine, runs to `endTime` and returns what the sink saw. */
export function runGenerators(
  generators: TrafficGenerator | readonly TrafficGenerator[],
  options: GeneratorRunOptions,
): { engine: Engine; sink: TrafficRecorder } {
  const engine = new Engine({ seed: options.seed ?? 1 });
  const sink = new TrafficRecorder(engine);
  const context: GeneratorContext = {
    engine,
    sink,
    hosts: options.hosts ?? santosHosts,
    linkBandwidth: () => options.bandwidth ?? GBPS,
    endTime: options.endTime,
    ...(options.onCollective === undefined ? {} : { onCollective: options.onCollective }),
  };
  startGenerators(Array.isArray(generators) ? generators : [generators as TrafficGenerator], context);
  options.script?.(engine, sink);
  engine.run({ until: options.endTime });
  return { engine, sink };
}
