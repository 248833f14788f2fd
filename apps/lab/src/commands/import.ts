/**
 * `losslab import ns3-hpcc` and `losslab import htsim`: a peer simulator's input files as one
 * losslab scenario, written as YAML (stdout, or `--out FILE`). What each format maps and drops
 * is in docs/formats.md; what a particular import drops is said on stderr and at the top of
 * the file.
 */
import { stringify } from "yaml";
import { writeFileAtomic } from "../files/atomic-write.js";
import { readTextFile } from "../files/regular-file.js";
import { htsimScenario } from "../import/htsim-scenario.js";
import { type ImportedScenario, ns3Scenario } from "../import/ns3-scenario.js";
import type { PeerFile } from "../import/peer-file.js";

export interface ImportOptions {
  /** Where the scenario goes (default stdout). */
  out?: string;
}

async function peerFile(name: string, what: string): Promise<PeerFile> {
  return { name, text: await readTextFile(name, what) };
}

/** The scenario as YAML: a header saying where it comes from and what the import dropped. */
function scenarioYaml({ scenario, warnings }: ImportedScenario, command: string): string {
  const header = [
    `# Imported by \`${command}\` (docs/formats.md says what each format maps and drops).`,
    ...warnings.map((warning) => `# - ${warning}`),
  ];
  return `${header.join("\n")}\n${stringify(scenario, { lineWidth: 0 })}`;
}

async function write(imported: ImportedScenario, command: string, options: ImportOptions): Promise<void> {
  for (const warning of imported.warnings) process.stderr.write(`losslab: warning: ${warning}\n`);
  const yaml = scenarioYaml(imported, command);
  if (options.out === undefined) process.stdout.write(yaml);
  else {
    await writeFileAtomic(options.out, yaml);
    process.stderr.write(`wrote ${options.out}; run it with: losslab run ${options.out}\n`);
  }
}

/** `losslab import ns3-hpcc TOPOLOGY FLOWS [--config FILE]`. */
export async function importNs3Command(
  topologyFile: string,
  flowFile: string,
  options: ImportOptions & { config?: string },
): Promise<void> {
  const files = {
    topology: await peerFile(topologyFile, "topology file"),
    flows: await peerFile(flowFile, "flow file"),
    ...(options.config === undefined ? {} : { config: await peerFile(options.config, "config file") }),
  };
  const command = [
    "losslab import ns3-hpcc",
    topologyFile,
    flowFile,
    ...(options.config ? ["--config", options.config] : []),
  ];
  await write(ns3Scenario(files), command.join(" "), options);
}

/** `losslab import htsim MATRIX [--topo FILE]`. */
export async function importHtsimCommand(
  matrixFile: string,
  options: ImportOptions & { topo?: string },
): Promise<void> {
  const files = {
    matrix: await peerFile(matrixFile, "connection matrix"),
    ...(options.topo === undefined ? {} : { topology: await peerFile(options.topo, "topology file") }),
  };
  const command = ["losslab import htsim", matrixFile, ...(options.topo ? ["--topo", options.topo] : [])];
  await write(htsimScenario(files), command.join(" "), options);
}
