import { PS_PER_US } from "@losslab/engine";
import { checkValues, type InputOf, KindError, MAX_HOSTS, type SpecOf } from "@losslab/kinds";
import { checkWindow, distinctHosts } from "./check-spec.js";
import { defineGenerator } from "./generator-definition.js";
import { arrivalClock } from "./injection-process.js";
import { openScope } from "./run-scope.js";
import {
  hostId,
  hostList,
  meanUs,
  messageBytes,
  nonEmptyText,
  startUsParameter,
  stopUsParameter,
  streamName,
} from "./traffic-parameters.js";
import type { TrafficGenerator } from "./traffic-sink.js";

const incastParameters = {
  name: streamName("incast"),
  fanIn: {
    type: "integer",
    min: 1,
    max: MAX_HOSTS - 1,
    description: "senders per event, distinct, none of them the receiver",
  },
  bytes: { ...messageBytes, description: "each sender's message, bytes" },
  intervalUs: { ...meanUs, description: "time between events, us (their mean, with poisson arrivals)" },
  arrivals: {
    type: "choice",
    values: ["periodic", "poisson"],
    default: "periodic",
    description: "periodic: an event every intervalUs, the first at startUs; poisson: exponential gaps",
  },
  hosts: {
    ...hostList,
    optional: true,
    description: "the hosts senders (and receivers, unless fixed) are drawn from (default: every host)",
  },
  receiver: { ...hostId, optional: true, description: "a fixed receiver (default: drawn anew each event)" },
  group: { ...nonEmptyText, optional: true, description: "group of every message (default: the generator's name)" },
  startUs: startUsParameter,
  stopUs: stopUsParameter,
} as const;

/** Parameters of the incast generator; see the README's table. */
export type IncastOptions = InputOf<typeof incastParameters>;

/** Throws unless `candidates` hosts leave `fanIn` senders besides the receiver. */
function checkFanIn(fanIn: number, candidates: number, path: string, hostsField: string): void {
  if (fanIn > candidates) {
    throw new KindError(
      `${path}.fanIn`,
      `${path}.fanIn: ${fanIn} senders need ${fanIn} hosts besides the receiver, but ${hostsField} leaves ${candidates}`,
    );
  }
}

/**
 * Incast, the partition/aggregate pattern of DCTCP (Alizadeh et al., SIGCOMM 2010, sec. 2.1, 2.3):
 * at each event, `fanIn` distinct senders each send one message of `bytes` to one receiver,
 * all at the same instant, so their responses meet at the receiver's link. The receiver is
 * `receiver`, or drawn uniformly among `hosts` each event; the senders are a uniform random
 * subset of the other hosts of `hosts`. Events come every `intervalUs` (`periodic`, the
 * first at `startUs`) or with exponential gaps of that mean (`poisson`), until `stopUs`.
 *
 * Streams: `traffic/<name>/arrivals` (poisson event times), `traffic/<name>/hosts` (each
 * event's receiver, if drawn, then its senders).
 *
 * @example
 * incast({ fanIn: 8, bytes: 64000, intervalUs: 1000, arrivals: "poisson" });
 */
export function incast(options: IncastOptions, path = "traffic"): TrafficGenerator {
  const {
    name,
    fanIn,
    bytes,
    intervalUs,
    arrivals,
    hosts: listed,
    receiver: fixedReceiver,
    group = name,
    startUs,
    stopUs,
  } = checkValues(path, "incast", incastParameters, options);
  distinctHosts(listed, `${path}.hosts`);
  checkWindow(startUs, stopUs, path);
  const withoutReceiver = (hosts: readonly string[]) =>
    hosts.length - (fixedReceiver === undefined || hosts.includes(fixedReceiver) ? 1 : 0);
  if (listed !== undefined) checkFanIn(fanIn, withoutReceiver(listed), path, `${path}.hosts`);
  return {
    kind: "incast",
    name,
    start(context) {
      const scope = openScope(context, name, { startUs, stopUs });
      scope.checkHosts(listed, `${path}.hosts`);
      if (fixedReceiver !== undefined) scope.checkHost(fixedReceiver, `${path}.receiver`);
      const hosts = listed ?? scope.hosts;
      checkFanIn(fanIn, withoutReceiver(hosts), path, listed === undefined ? "the network" : `${path}.hosts`);
      // The candidates, reordered in place by each event's draws: the receiver is moved to the
      // end, then a partial Fisher-Yates shuffle of the rest puts a uniform random subset of
      // fanIn senders at the front. Any order of the pool gives the same distribution.
      const pool = fixedReceiver === undefined ? [...hosts] : hosts.filter((host) => host !== fixedReceiver);
      const picks = scope.stream("hosts");
      const clock = arrivalClock(arrivals, scope.stream("arrivals"), intervalUs * PS_PER_US, 1);
      let time = scope.start + clock.first();
      const schedule = (): void => {
        const at = Math.round(time);
        if (at < scope.end) scope.engine.at(at, event);
      };
      const event = (): void => {
        let candidates = pool.length;
        let receiver = fixedReceiver;
        if (receiver === undefined) {
          candidates--;
          swap(pool, picks.uniformInt(0, candidates), candidates);
          receiver = pool[candidates] as string;
        }
        for (let i = 0; i < fanIn; i++) {
          swap(pool, i, picks.uniformInt(i, candidates - 1));
          scope.sink.sendMessage({ source: pool[i] as string, destination: receiver, group, bytes });
        }
        time += clock.gap();
        schedule();
      };
      schedule();
    },
  };
}

function swap(items: string[], i: number, j: number): void {
  const item = items[i] as string;
  items[i] = items[j] as string;
  items[j] = item;
}

/** Registry entry (create-generator.ts). */
export const incastDefinition = defineGenerator({
  kind: "incast",
  description:
    "at each event (periodic or Poisson), `fanIn` distinct senders each send one message of `bytes` to one receiver (DCTCP, SIGCOMM 2010, sec. 2.1, 2.3)",
  parameters: incastParameters,
  create: (values, { path }) => incast(values, path),
});

/** Scenario spec of the incast generator. */
export type IncastSpec = SpecOf<typeof incastDefinition>;
