/**
 * `Engine.runOnly`, a part of a split run (docs/spec/parallel.md sec. 6): it runs its own
 * devices' events and the run's own (device 0), drops the others' (not counted as handled),
 * refuses one of its devices scheduling for another part's, and keeps the rank of the event
 * it runs (`eventScheduledAt`, `eventScheduler`, `eventSequence`), a `soon` event taken back
 * counting as its own.
 */
import { describe, expect, it } from "vitest";
import { Engine, EngineError, type EventHandler } from "../src/index.js";

describe("Engine.runOnly", () => {
  it("runs its devices' events and the run's own, and drops the others' uncounted", () => {
    const engine = new Engine();
    const log: string[] = [];
    const note = (label: string) => () => log.push(`${label}@${engine.device}`);
    for (const device of [1, 2, 3]) engine.asDevice(device, () => engine.at(10, note(`d${device}`)));
    engine.at(5, note("run")); // device 0
    // The run schedules for device 2 (another part's): each part's copy of the run does, its part runs it.
    engine.at(20, note("run-for-2"), 0, undefined, 2);
    engine.runOnly(new Uint8Array([0, 1, 0, 1]));
    const ran = engine.run();
    expect(log).toEqual(["run@0", "d1@1", "d3@3"]);
    expect(ran.events).toBe(3);
    expect(engine.eventsHandled).toBe(3);
    expect(engine.runEventsHandled).toBe(1);
  });

  it("refuses an event one of its devices scheduled for another part's device", () => {
    const engine = new Engine();
    engine.asDevice(1, () => engine.at(10, () => engine.at(30, () => {}, 0, undefined, 2)));
    engine.runOnly(new Uint8Array([0, 1, 0]));
    expect(() => engine.run()).toThrow(EngineError);
    expect(() => new Engine().runOnly(new Uint8Array(1))).not.toThrow();
  });

  it("says the rank of the event it runs: when it was scheduled, by which device, its sequence", () => {
    const engine = new Engine();
    const ranks: number[][] = [];
    const rank = () => ranks.push([engine.now, engine.eventScheduledAt, engine.eventScheduler, engine.eventSequence]);
    engine.asDevice(4, () => {
      engine.at(7, rank); // device 4's sequence 0
      engine.at(7, () => {
        rank(); // sequence 1
        engine.at(9, rank); // scheduled at 7 by device 4 as its sequence 2
      });
    });
    engine.runOnly(new Uint8Array(5).fill(1));
    engine.run();
    expect(ranks).toEqual([
      [7, 0, 4, 0],
      [7, 0, 4, 1],
      [9, 7, 4, 2],
    ]);
  });

  it("gives a soon event taken back its own rank", () => {
    const engine = new Engine();
    const ranks: number[][] = [];
    const worker: EventHandler = {
      handleEvent: (kind) => {
        if (kind === 1) {
          engine.soon(worker, 2); // device 3's sequence 1, at 5
          if (engine.takeSoon(worker, 2)) worker.handleEvent(2, undefined);
        } else ranks.push([engine.eventScheduledAt, engine.eventScheduler, engine.eventSequence]);
      },
    };
    engine.asDevice(3, () => engine.at(5, worker, 1));
    engine.runOnly(new Uint8Array(4).fill(1));
    engine.run();
    expect(ranks).toEqual([[5, 3, 1]]);
    expect(engine.eventsHandled).toBe(2);
  });
});
