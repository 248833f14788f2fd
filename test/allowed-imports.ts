/**
 * DESIGN.md's "Packages and what each may import", as data: test/import-rules.test.ts holds every
 * package's sources and manifest to it, and test/architecture-doc.test.ts holds
 * docs/architecture.md's table of packages to it.
 */

/** DESIGN.md: the packages `scenario` builds from, all of them, which it may import. */
export const belowScenario = [
  "@losslab/engine",
  "@losslab/response",
  "@losslab/topology",
  "@losslab/core",
  "@losslab/switch",
  "@losslab/adapter",
  "@losslab/fabric",
  "@losslab/marking",
  "@losslab/traffic",
  "@losslab/metrics",
  "@losslab/kinds",
];

/** DESIGN.md "Packages and what each may import". `typesOnly`: allowed as `import type` only. */
export const allowed: Record<string, { runtime: string[]; typesOnly?: string[] }> = {
  // Not in DESIGN.md's first table: the vocabulary kinds are defined in (issue 25), a leaf
  // with no dependencies that every package may import, so each kind is defined once, next
  // to its implementation, even in response and topology.
  kinds: { runtime: [] },
  response: { runtime: ["@losslab/kinds"] },
  topology: { runtime: ["@losslab/kinds"] },
  engine: { runtime: ["seedrandom", "@losslab/kinds"] },
  core: { runtime: ["@losslab/kinds"], typesOnly: ["@losslab/engine"] },
  switch: { runtime: ["@losslab/core", "@losslab/engine", "@losslab/topology", "@losslab/kinds"] },
  adapter: { runtime: ["@losslab/core", "@losslab/engine", "@losslab/response", "@losslab/kinds"] },
  marking: { runtime: ["@losslab/core", "@losslab/engine", "@losslab/kinds"] },
  traffic: { runtime: ["@losslab/core", "@losslab/engine", "@losslab/kinds"] },
  metrics: { runtime: ["@losslab/core", "@losslab/engine", "@losslab/kinds"] },
  // DESIGN.md: "a small package that wires a fabric from a Topology ... may import core, engine,
  // topology, switch, adapter, marking". Its traffic sink implements traffic's TrafficSink and
  // hands flows response's controllers: types only, so it adds no runtime edge.
  fabric: {
    runtime: [
      "@losslab/core",
      "@losslab/engine",
      "@losslab/topology",
      "@losslab/switch",
      "@losslab/adapter",
      "@losslab/kinds",
    ],
    typesOnly: ["@losslab/response", "@losslab/traffic"],
  },
  scenario: {
    runtime: [
      ...belowScenario,
      // Not in DESIGN.md's table: the validator of the scenario format. zod gives field-path
      // errors and generates the JSON Schema editors use (issue 11); writing our own would not.
      "zod",
    ],
  },
  // DESIGN.md: "the reproductions package: scenario and any package below it"; nothing from
  // the apps, which both import it (issue 39).
  reproductions: { runtime: ["@losslab/scenario", ...belowScenario] },
};
