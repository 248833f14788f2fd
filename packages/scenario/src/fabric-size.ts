/** How many devices, links and ports a scenario's topology has, counted without building it. */
export interface FabricSize {
  hosts: number;
  switches: number;
  /** Topology links (each is two unidirectional channels). */
  links: number;
  /** Ports of all switches together. */
  switchPorts: number;
  /** The sum over switches of ports squared: what per-(input, output) state such as VOQs costs. */
  portPairs: number;
}

/** The counting fields of each topology kind (as written, or with defaults filled in). */
export type TopologyCounts =
  | { kind: "two-switch"; local: number; remote: number; victim?: boolean | undefined }
  | { kind: "single-switch"; hosts: number }
  | { kind: "k-ary-n-tree" | "k-ary-n-fly"; k: number; n: number }
  | { kind: "spine-leaf"; leaves: number; spines: number; hostsPerLeaf: number }
  | { kind: "custom"; nodes: readonly { kind?: unknown; ports?: unknown }[]; links: readonly unknown[] };

/**
 * The size of the topology a scenario names, from its parameters alone: the builders of
 * `@losslab/topology` would take minutes and gigabytes to say the same for a fabric too big
 * to run, so checks and estimates count here first. Plain numbers: no overflow, a 1e9-leaf
 * spine-leaf is simply 1e9 leaves. (fabric-size.test.ts compares with the builders.)
 */
export function fabricSize(t: TopologyCounts): FabricSize {
  switch (t.kind) {
    case "two-switch": {
      // A: remote sources, AV, the ISL; B: local sources, BC, BV, the ISL.
      const victim = t.victim === false ? 0 : 1;
      const a = t.remote + victim + 1;
      const b = t.local + 1 + victim + 1;
      const hosts = t.local + t.remote + 1 + 2 * victim;
      return { hosts, switches: 2, links: hosts + 1, switchPorts: a + b, portPairs: a * a + b * b };
    }
    case "single-switch":
      return { hosts: t.hosts, switches: 1, links: t.hosts, switchPorts: t.hosts, portPairs: t.hosts ** 2 };
    case "k-ary-n-tree": {
      // n stages of k^(n-1) switches; all but the top have k ports down and k up.
      const hosts = t.k ** t.n;
      const perStage = t.k ** (t.n - 1);
      const lower = (t.n - 1) * perStage;
      return {
        hosts,
        switches: t.n * perStage,
        links: t.n * hosts,
        switchPorts: lower * 2 * t.k + perStage * t.k,
        portPairs: lower * (2 * t.k) ** 2 + perStage * t.k ** 2,
      };
    }
    case "k-ary-n-fly": {
      // Every switch has k inputs and k outputs; hosts inject into stage 0 and receive from stage n-1.
      const hosts = t.k ** t.n;
      const switches = t.n * t.k ** (t.n - 1);
      return {
        hosts,
        switches,
        links: (t.n + 1) * hosts,
        switchPorts: switches * 2 * t.k,
        portPairs: switches * (2 * t.k) ** 2,
      };
    }
    case "spine-leaf": {
      const hosts = t.leaves * t.hostsPerLeaf;
      const leafPorts = t.hostsPerLeaf + t.spines;
      return {
        hosts,
        switches: t.leaves + t.spines,
        links: hosts + t.leaves * t.spines,
        switchPorts: t.leaves * leafPorts + t.spines * t.leaves,
        portPairs: t.leaves * leafPorts ** 2 + t.spines * t.leaves ** 2,
      };
    }
    case "custom": {
      // Counted from the lists as written (topologyFromJSON checks them when the fabric is built).
      let hosts = 0;
      let switchPorts = 0;
      let portPairs = 0;
      for (const node of t.nodes) {
        const ports = typeof node.ports === "number" && node.ports > 0 ? node.ports : 0;
        if (node.kind === "host") hosts++;
        else {
          switchPorts += ports;
          portPairs += ports ** 2;
        }
      }
      return { hosts, switches: t.nodes.length - hosts, links: t.links.length, switchPorts, portPairs };
    }
  }
}
