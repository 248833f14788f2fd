import { formatValue } from "@losslab/core";
import { type Engine, type RandomStream, type Time, us } from "@losslab/engine";
import { KindError } from "@losslab/kinds";
import { knownHost } from "./check-spec.js";
import type { GeneratorContext, TrafficSink } from "./traffic-sink.js";

/** One generator's view of one run: checked context, its streams, its time window. Internal. */
export interface RunScope {
  readonly engine: Engine;
  readonly sink: TrafficSink;
  readonly hosts: readonly string[];
  /** Throws a `KindError` naming `field` unless `host` is in the network. */
  checkHost(host: string, field: string): void;
  /** `checkHost` for each of a list (if given), naming `field[index]`. */
  checkHosts(hosts: readonly string[] | undefined, field: string): void;
  /** The link bandwidth of `host` in bytes/s, checked to be a positive number. */
  bandwidthOf(host: string): number;
  /** The stream `traffic/<name>/<suffix>`. */
  stream(suffix: string): RandomStream;
  /** First instant of the generator: `startUs`, or now if that has passed. */
  readonly start: Time;
  /** Nothing is scheduled at or after this: `stopUs` or the end of the simulation, whichever is first. */
  readonly end: Time;
  /** The explicit stop time, when one was given and falls before the end of the simulation. */
  readonly stop: Time | undefined;
}

/** Checks the context and opens the generator's scope. */
export function openScope(
  context: GeneratorContext,
  name: string,
  window: { startUs?: number | undefined; stopUs?: number | undefined },
): RunScope {
  const { engine, sink, hosts, endTime, linkBandwidth } = context;
  if (!Number.isSafeInteger(endTime) || endTime < 0) {
    throw new KindError(
      "context.endTime",
      `context.endTime must be a time in picoseconds >= 0, got ${formatValue(endTime)}`,
    );
  }
  const hostSet = new Set(hosts);
  const stopPs = window.stopUs === undefined ? undefined : us(window.stopUs);
  const stop = stopPs !== undefined && stopPs < endTime ? stopPs : undefined;
  return {
    engine,
    sink,
    hosts,
    checkHost: (host, field) => knownHost(host, field, hostSet, hosts),
    checkHosts(list, field) {
      for (const [index, host] of (list ?? []).entries()) knownHost(host, `${field}[${index}]`, hostSet, hosts);
    },
    bandwidthOf(host) {
      const bandwidth = linkBandwidth(host);
      if (!(typeof bandwidth === "number" && Number.isFinite(bandwidth) && bandwidth > 0)) {
        throw new KindError(
          "context.linkBandwidth",
          `context.linkBandwidth("${host}") must be a positive number of bytes per second, got ${formatValue(bandwidth)}`,
        );
      }
      return bandwidth;
    },
    stream: (suffix) => engine.rng.stream(`traffic/${name}/${suffix}`),
    start: Math.max(us(window.startUs ?? 0), engine.now),
    end: stop ?? endTime,
    stop,
  };
}
