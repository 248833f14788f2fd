import type { Topology } from "@losslab/topology";
import { formatList } from "./format-list.js";
import { ScenarioError } from "./scenario-error.js";
import type { Scenario } from "./schema.js";

/** Host and switch names of `nonCompliant` and `subnetManager` must be the topology's. */
export function checkDeviceNames(scenario: Scenario, topology: Topology): void {
  const hosts = topology.nodes.filter((node) => node.kind === "host").map((node) => node.id);
  const switches = topology.nodes.filter((node) => node.kind !== "host").map((node) => node.id);
  const check = (field: string, name: string, known: string[], what: "host" | "switch") => {
    if (!known.includes(name)) {
      throw new ScenarioError(
        `${field}: "${name}" is not a ${what} of the topology; its ${what}s: ${formatList(known)}`,
      );
    }
  };
  for (const [i, name] of scenario.nonCompliant.hosts.entries()) check(`nonCompliant.hosts[${i}]`, name, hosts, "host");
  for (const [i, name] of scenario.nonCompliant.switches.entries()) {
    check(`nonCompliant.switches[${i}]`, name, switches, "switch");
  }
  const manager = scenario.subnetManager;
  if (manager === undefined) return;
  check("subnetManager.host", manager.host, hosts, "host");
  if (scenario.nonCompliant.hosts.length === 0) {
    throw new ScenarioError("subnetManager: nonCompliant.hosts is empty, so the manager has nothing to throttle");
  }
  if (scenario.nonCompliant.hosts.includes(manager.host)) {
    throw new ScenarioError(`subnetManager.host: "${manager.host}" is listed in nonCompliant.hosts`);
  }
}
