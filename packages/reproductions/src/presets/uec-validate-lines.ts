/**
 * uet-htsim's three validation plans (`htsim/sim/datacenter/validate_uec_sender.txt`,
 * `validate_uec_rcv.txt`, `validate_uec_both.txt` at 40ccb05; docs/spec/uec.md sec. 6): the same
 * 15 experiments, each a connection matrix, a fabric, parameters and the plan's tail-FCT
 * target, with the tail the consortium recorded (`validate_outputs/*.out`). The matrices are
 * written here by losslab's rebuilds of the peer's generators (no file of the peer's).
 */
import {
  type FlowMatrix,
  incastMatrix,
  type MatrixFlow,
  outcastIncastMatrix,
  permutationMatrix,
} from "@losslab/traffic";

/** The plans: S sends under NSCC alone (`-sender_cc_only`), R under RCCC alone, B both. */
export const plans = ["sender", "rcv", "both"] as const;
export type Plan = (typeof plans)[number];

/** A plan's value per mode. */
type PerPlan = Readonly<Record<Plan, number>>;
const same = (value: number): PerPlan => ({ sender: value, rcv: value, both: value });

/** Where a line runs: a 3-tier fat tree of radix k (uet-htsim's default) or a 2-tier leaf-spine of 32 hosts a leaf. */
export type LineFabric =
  | { readonly kind: "fat-tree"; readonly k: number }
  | { readonly kind: "leaf-spine"; readonly uplinks: number };

export interface PlanLine {
  /** The experiment's place in each plan, 1-15. */
  readonly id: number;
  readonly experiment: string;
  /** How the matrix is made, for the spec's table and the result's params. */
  readonly matrixNote: string;
  readonly matrix: () => FlowMatrix;
  readonly fabric: LineFabric;
  /** `-end`, us: the run's length. */
  readonly endUs: PerPlan;
  /** `-paths`: entropy values (64 unless the plan says; 1 is per-flow ECMP). */
  readonly paths: number;
  /** `-cwnd`, packets: the starting window (and RCCC's speculative one). */
  readonly cwndPackets?: number;
  /**
   * `-failed 1`: uet-htsim's first core-to-aggregation link, core 0 -> aggregation 0 of pod 0,
   * at 25 % of its speed, queue and ECN thresholds, that direction only
   * (`dc/fat_tree_topology.cpp:1013-1018`, docs/spec/uec.md C14).
   */
  readonly degradedLink?: true;
  /** `!tailFCT`, us. */
  readonly target: PerPlan;
  /** `!FCT <flow> <us>`: a flow's own bound (#7's Uec_1_0: the flow 1 -> 0). */
  readonly flowTarget?: { readonly source: number; readonly destination: number; readonly us: number };
  /** The tail uet-htsim recorded in `validate_outputs/validate_uec_<plan>.out`, us. */
  readonly htsim: PerPlan;
  /** The flow target's recorded value, us. */
  readonly htsimFlow?: PerPlan;
}

const MB2 = 2_000_000;
const flow = (source: number, destination: number, bytes = MB2, startPs = 0): MatrixFlow => ({
  source,
  destination,
  startPs,
  bytes,
});

/** The plans' 1024-host permutation: `gen_permutation.py f 1024 1024 2000000 0 13`, the shipped file flow for flow. */
const perm1024 = () => permutationMatrix(1024, 1024, MB2, 13);
const perm1024Note = "gen_permutation.py 1024 1024 2000000 0 13 (the shipped file, rebuilt)";
/**
 * perm_16n_16c_2MB.cm is shipped, and gen_permutation.py writes it for no seed tried: losslab
 * runs the generator's seed-13 permutation of 16 hosts instead, another permutation (C18).
 */
const perm16 = () => permutationMatrix(16, 16, MB2, 13);
const perm16Note =
  "gen_permutation.py 16 16 2000000 0 13: NOT the shipped perm_16n_16c_2MB.cm (which no seed reproduces)";

export const planLines: readonly PlanLine[] = [
  {
    id: 1,
    experiment: "Single Connection",
    matrixNote: "one.cm: 0->13, 2 MB",
    matrix: () => ({ nodes: 16, flows: [flow(0, 13)] }),
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(1000),
    paths: 64,
    target: { sender: 190, rcv: 190, both: 180 },
    htsim: { sender: 176.2, rcv: 177.4, both: 177.4 },
  },
  {
    id: 2,
    experiment: "Bidirectional Connection",
    matrixNote: "bidir.cm: 0->13, 13->0, 2 MB",
    matrix: () => ({ nodes: 16, flows: [flow(0, 13), flow(13, 0)] }),
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(1000),
    paths: 64,
    target: same(190),
    htsim: { sender: 176.8, rcv: 178.2, both: 178.2 },
  },
  {
    id: 3,
    experiment: "Small 16 node incast",
    matrixNote: "incast.cm: 0..14 -> 15 in host order, 2 MB (the shipped file's flows)",
    matrix: () => ({ nodes: 16, flows: Array.from({ length: 15 }, (_, i) => flow(i, 15)) }),
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(3000),
    paths: 64,
    target: { sender: 2550, rcv: 2550, both: 2500 },
    htsim: { sender: 2478.5, rcv: 2464.4, both: 2462.9 },
  },
  {
    id: 4,
    experiment: "128 node incast",
    matrixNote:
      "incast_128.cm: the 127 other hosts -> 33, 2 MB; here in host order (the shipped file lists them in an order no known generator writes)",
    matrix: () => ({
      nodes: 128,
      flows: Array.from({ length: 128 }, (_, i) => i)
        .filter((i) => i !== 33)
        .map((i) => flow(i, 33)),
    }),
    fabric: { kind: "fat-tree", k: 8 },
    endUs: same(30_000),
    paths: 64,
    target: same(23_000),
    htsim: { sender: 21_029.3, rcv: 20_891.4, both: 20_892.4 },
  },
  {
    id: 5,
    experiment: "1024 node incast",
    matrixNote: "gen_incast.py 1024 1023 100000 0 13 0 (the shipped incast_1024_100K.cm, rebuilt)",
    matrix: () => incastMatrix(1024, 1023, 100_000, 13),
    fabric: { kind: "fat-tree", k: 16 },
    endUs: { sender: 15_000, rcv: 10_000, both: 10_000 },
    paths: 64,
    cwndPackets: 50,
    target: same(8950),
    htsim: { sender: 10_556.2, rcv: 8902.3, both: 8802.6 },
  },
  {
    id: 6,
    experiment: "3 to 1 incast with long running flow",
    // htsim reads `start` in picoseconds (connection_matrix.cpp:755): the 40 is 40 ps.
    matrixNote: "incast_3-1_overlapped.tm: 127->0 2 MB at 0; 95->0 and 61->0 250 KB at 40 ps",
    matrix: () => ({ nodes: 128, flows: [flow(127, 0), flow(95, 0, 250_000, 40), flow(61, 0, 250_000, 40)] }),
    fabric: { kind: "fat-tree", k: 8 },
    endUs: same(1000),
    paths: 64,
    cwndPackets: 50,
    target: same(220),
    htsim: { sender: 221.7, rcv: 217.1, both: 217.6 },
  },
  {
    id: 7,
    experiment: "outcast incast",
    matrixNote: "gen_outcast_incast.py 128 3 10 2000000 (the shipped outcast_incast.cm, rebuilt)",
    matrix: () => outcastIncastMatrix(128, 3, 10, MB2),
    fabric: { kind: "fat-tree", k: 8 },
    endUs: same(3000),
    paths: 64,
    target: same(2500),
    flowTarget: { source: 1, destination: 0, us: 215 },
    htsim: { sender: 1638.1, rcv: 1637.8, both: 1634.1 },
    htsimFlow: { sender: 208.0, rcv: 235.1, both: 200.1 },
  },
  {
    id: 8,
    experiment: "Small permutation (16 nodes)",
    matrixNote: perm16Note,
    matrix: perm16,
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(1000),
    paths: 128,
    target: same(210),
    htsim: { sender: 194.0, rcv: 195.7, both: 196.8 },
  },
  {
    id: 9,
    experiment: "Small permutation, INC (16 nodes)",
    matrixNote: perm16Note,
    matrix: perm16,
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(2000),
    paths: 128,
    degradedLink: true,
    target: same(210),
    htsim: { sender: 238.2, rcv: 229.8, both: 238.3 },
  },
  {
    id: 10,
    experiment: "Small permutation, single path",
    matrixNote: perm16Note,
    matrix: perm16,
    fabric: { kind: "fat-tree", k: 4 },
    endUs: same(2000),
    paths: 1,
    target: same(1300),
    htsim: { sender: 527.8, rcv: 515.2, both: 518.7 },
  },
  {
    id: 11,
    experiment: "Large permutation (1024 nodes)",
    matrixNote: perm1024Note,
    matrix: perm1024,
    fabric: { kind: "fat-tree", k: 16 },
    endUs: same(400),
    paths: 128,
    target: same(220),
    htsim: { sender: 200.5, rcv: 203.4, both: 202.6 },
  },
  {
    id: 12,
    experiment: "Large permutation, INC (1024 nodes)",
    matrixNote: perm1024Note,
    matrix: perm1024,
    fabric: { kind: "fat-tree", k: 16 },
    endUs: { sender: 400, rcv: 1500, both: 1000 },
    paths: 128,
    degradedLink: true,
    target: same(220),
    htsim: { sender: 202.3, rcv: 200.9, both: 205.1 },
  },
  {
    id: 13,
    experiment: "Large permutation (1024 nodes), single path",
    matrixNote: perm1024Note,
    matrix: perm1024,
    fabric: { kind: "fat-tree", k: 16 },
    endUs: same(3000),
    paths: 1,
    target: same(1300),
    htsim: { sender: 889.9, rcv: 1063.0, both: 1047.1 },
  },
  {
    id: 14,
    experiment: "(4:1) Oversubscribed permutation with multipath",
    matrixNote: perm1024Note,
    matrix: perm1024,
    fabric: { kind: "leaf-spine", uplinks: 8 },
    endUs: same(2000),
    paths: 128,
    target: same(880),
    htsim: { sender: 785.8, rcv: 749.7, both: 814.1 },
  },
  {
    id: 15,
    experiment: "8:1 oversubscribed permutation with multipath",
    matrixNote: perm1024Note,
    matrix: perm1024,
    fabric: { kind: "leaf-spine", uplinks: 4 },
    endUs: same(2000),
    paths: 128,
    target: same(1760),
    htsim: { sender: 1443.4, rcv: 1459.1, both: 1479.4 },
  },
];

/** The hosts of a line's matrix (uet-htsim sizes its fabric by the matrix's `Nodes`). */
export const lineHosts = (line: PlanLine): number => line.matrix().nodes;
