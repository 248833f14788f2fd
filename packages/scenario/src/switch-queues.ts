import type { Fabric } from "@losslab/fabric";
import { QueueLengths } from "@losslab/metrics";
import { formatList } from "./format-list.js";
import { ScenarioError } from "./scenario-error.js";

/**
 * The switch buffers of a fabric as queues to sample (`metrics.queueLengths`), read through
 * each switch's read-only view: every input buffer, `<switch>:in<port>` (all its VLs
 * together), every output buffer of a switch that has them (CIOQ's output buffers, the
 * shared-buffer switch's egress queues), `<switch>:out<port>`, and a shared pool,
 * `<switch>:shared` (the bytes drawn from it).
 * The buffers `series` names also keep their samples as a time series.
 */
export function switchQueues(fabric: Fabric, series: readonly string[]): QueueLengths {
  const queues = new QueueLengths();
  const wanted = new Set(series);
  const names: string[] = [];
  for (const [name, device] of fabric.switches) {
    const shared = device.sharedOccupancy;
    if (shared !== undefined) {
      names.push(`${name}:shared`);
      queues.add(`${name}:shared`, () => shared.call(device), wanted.has(`${name}:shared`));
    }
    for (let port = 0; port < device.portCount; port++) {
      const input = `${name}:in${port}`;
      names.push(input);
      queues.add(input, () => device.inputOccupancy(port), wanted.has(input));
      if (device.outputCapacity(port) === 0) continue;
      const output = `${name}:out${port}`;
      names.push(output);
      queues.add(output, () => device.outputOccupancy(port), wanted.has(output));
    }
  }
  const known = new Set(names);
  for (const [i, name] of series.entries()) {
    if (!known.has(name)) {
      throw new ScenarioError(
        `metrics.queueLengths.series[${i}]: no switch buffer "${name}"; buffers are named "<switch>:in<port>" (and "<switch>:out<port>" with output buffers, "<switch>:shared" with a shared pool), e.g. ${formatList(names.slice(0, 3))}`,
      );
    }
  }
  return queues;
}
