/** Trace formats (CSV and JSON) and traceReplay. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ms, us } from "@losslab/engine";
import { runGenerators, santosHosts } from "@losslab/test-kit/traffic-recorder";
import { describe, expect, it } from "vitest";
import { createGenerator, parseTraceCsv, parseTraceJson, traceReplay } from "../src/index.js";

const examples = join(import.meta.dirname, "..", "..", "..", "examples");

describe("parseTraceCsv", () => {
  it("reads the documented format: header, optional group, comments and blank lines, CRLF", () => {
    const csv = [
      "# a comment",
      "time_us,source,destination,bytes,group",
      "0,B1,BC,2048,local",
      "",
      " 12.5 , A1 , BC , 20000 , remote ",
      "100,AV,BV,4096,",
    ].join("\r\n");
    expect(parseTraceCsv(csv)).toEqual([
      { timeUs: 0, source: "B1", destination: "BC", bytes: 2048, group: "local" },
      { timeUs: 12.5, source: "A1", destination: "BC", bytes: 20000, group: "remote" },
      { timeUs: 100, source: "AV", destination: "BV", bytes: 4096 },
    ]);
  });

  it("takes the columns in any order, group optional", () => {
    expect(parseTraceCsv("bytes,destination,source,time_us\n2048,BC,B2,7\n")).toEqual([
      { timeUs: 7, source: "B2", destination: "BC", bytes: 2048 },
    ]);
    expect(parseTraceCsv("time_us,source,destination,bytes\n")).toEqual([]);
  });
});

describe("parseTraceJson", () => {
  it("reads an array of { timeUs, source, destination, bytes, group? }, as text or as a value", () => {
    const entries = [
      { timeUs: 0, source: "B1", destination: "BC", bytes: 2048, group: "local" },
      { timeUs: 1.5, source: "A1", destination: "BC", bytes: 3000 },
    ];
    expect(parseTraceJson(JSON.stringify(entries))).toEqual(entries);
    expect(parseTraceJson(entries)).toEqual(entries);
  });
});

describe("the example trace (examples/trace-example.csv and .json)", () => {
  const csv = parseTraceCsv(readFileSync(join(examples, "trace-example.csv"), "utf8"), "trace-example.csv");
  const json = parseTraceJson(readFileSync(join(examples, "trace-example.json"), "utf8"), "trace-example.json");

  it("holds the same messages in both formats", () => {
    expect(json).toEqual(csv);
  });

  it("has a few dozen messages of 2048..20000 bytes over 2 ms between santos-2002 hosts (L = 2, R = 2)", () => {
    expect(csv.length).toBeGreaterThanOrEqual(24);
    const hosts = new Set<string>(santosHosts);
    for (const entry of csv) {
      expect(hosts.has(entry.source) && hosts.has(entry.destination)).toBe(true);
      expect(entry.bytes).toBeGreaterThanOrEqual(2048);
      expect(entry.bytes).toBeLessThanOrEqual(20000);
      expect(entry.timeUs).toBeGreaterThanOrEqual(0);
      expect(entry.timeUs).toBeLessThan(2000);
    }
    expect(new Set(csv.map((entry) => entry.group))).toEqual(new Set(["local", "remote", "victim", "reply"]));
  });

  it("replays exactly: every message at its time, with its contents", () => {
    const text = readFileSync(join(examples, "trace-example.csv"), "utf8");
    const { sink } = runGenerators(traceReplay({ csv: text }), { endTime: ms(2) });
    expect(sink.messages).toEqual(
      csv.map((entry) => ({
        call: "message",
        time: us(entry.timeUs),
        source: entry.source,
        destination: entry.destination,
        group: entry.group,
        bytes: entry.bytes,
      })),
    );
  });
});

describe("traceReplay", () => {
  const entries = [
    { timeUs: 5, source: "B1", destination: "BC", bytes: 2048 },
    { timeUs: 1.25, source: "A1", destination: "BC", bytes: 4096, group: "remote" },
    { timeUs: 5, source: "B2", destination: "BC", bytes: 100 },
    { timeUs: 900, source: "AV", destination: "BV", bytes: 9000 },
  ];

  it("sends each entry at startUs + timeUs, sorted by time, equal times in trace order, default group", () => {
    const { sink } = runGenerators(traceReplay({ entries, startUs: 10, group: "replayed" }), { endTime: ms(1) });
    expect(sink.calls).toEqual([
      { call: "message", time: us(11.25), source: "A1", destination: "BC", group: "remote", bytes: 4096 },
      { call: "message", time: us(15), source: "B1", destination: "BC", group: "replayed", bytes: 2048 },
      { call: "message", time: us(15), source: "B2", destination: "BC", group: "replayed", bytes: 100 },
      { call: "message", time: us(910), source: "AV", destination: "BV", group: "replayed", bytes: 9000 },
    ]);
  });

  it("drops entries at or after the end of the simulation; group defaults to trace", () => {
    const { sink } = runGenerators(traceReplay({ entries }), { endTime: us(900) });
    expect(sink.messages.map((m) => m.time)).toEqual([us(1.25), us(5), us(5)]);
    expect(sink.messages.map((m) => m.group)).toEqual(["remote", "trace", "trace"]);
  });

  it("is built by the registry from CSV text or JSON entries, with the same result", () => {
    const csv = "time_us,source,destination,bytes\n5,B1,BC,2048\n1.25,A1,BC,4096\n";
    const fromCsv = runGenerators(createGenerator({ kind: "trace", csv }), { endTime: ms(1) }).sink.calls;
    const fromJson = runGenerators(createGenerator({ kind: "trace", entries: parseTraceCsv(csv) }), { endTime: ms(1) })
      .sink.calls;
    expect(fromCsv).toEqual(fromJson);
    expect(fromCsv.map((call) => call.time)).toEqual([us(1.25), us(5)]);
  });

  it("can be started in two simulations, each replaying the whole trace", () => {
    const generator = traceReplay({ entries });
    expect(runGenerators(generator, { endTime: ms(1) }).sink.messages).toHaveLength(4);
    expect(runGenerators(generator, { endTime: ms(1) }).sink.messages).toHaveLength(4);
  });
});
