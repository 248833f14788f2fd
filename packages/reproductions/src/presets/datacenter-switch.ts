/**
 * The switch the datacenter presets run on (docs/spec/datacenter.md, "Common setup"): by
 * default the shared-buffer organisation, built as their papers' switches are (issue 40); the
 * CIOQ crossbar they ran on before stays as a parameter.
 */
import type { ScenarioInput } from "@losslab/scenario";

/** Which organisation a datacenter preset's switches are: "shared-buffer" (the default) or "cioq" (before issue 40). */
export type DatacenterOrganisation = "shared-buffer" | "cioq";

/** A datacenter switch's buffer as its paper's testbed or simulator has it. */
export interface SwitchProfile {
  /** The whole packet buffer of a switch, bytes: the shared pool and every port's headroom. */
  readonly bufferBytes: number;
  /** The dynamic PFC threshold: an input priority may take this share of the free pool before XOFF. */
  readonly pfcAlpha: number;
}

/**
 * DCQCN's testbed switch (Zhu et al., SIGCOMM 2015, sec. 6: Arista 7050QX32, Broadcom Trident
 * II, 12 MB shared buffer), its PFC threshold dynamic, beta = 8 over 8 priorities (sec. 5,
 * t_PFC = beta (B - 8 n t_flight - s) / 8: alpha 1 for one priority) [? as read; SONiC's
 * Trident II buffer template has the same ingress lossless dynamic_th 0, alpha = 2^0].
 */
export const tridentII: SwitchProfile = { bufferBytes: 12 * 2 ** 20, pfcAlpha: 1 };

/**
 * The HPCC artifact's ns-3 switch (simulation/run.py, scratch/third.cc, switch-mmu.cc): a
 * buffer of 16 MB per 50 Gb/s of host link (32 MB at the paper's 100 Gb/s, 8 MB at our
 * 25 Gb/s) and PFC at the free buffer shifted right by 3 (alpha 1/8) at host-rate ports.
 */
export const hpccArtifact = (hostGbps: number): SwitchProfile => ({
  bufferBytes: ((16 * hostGbps) / 50) * 2 ** 20,
  pfcAlpha: 1 / 8,
});

/** XON once an input is this far below its threshold: switch-mmu.cc's resume_offset, 3 KB. */
const RESUME_OFFSET_BYTES = 3 * 1024;

/**
 * The egress queues' alpha: lossless queues are not limited at egress (switch-mmu.cc's
 * CheckEgressAdmission admits everything; SONiC's egress lossless profile's static threshold
 * is the whole pool), so the inputs' PFC thresholds alone decide.
 */
const EGRESS_ALPHA_UNLIMITED = 1e6;

/** The credit block every buffer size is a whole number of. */
const BLOCK = 64;

/**
 * A datacenter preset's switch under PAUSE. "cioq": `inputBufferBytes` per input with XOFF at
 * 3/4 and XON at 1/2 of it (the headroom above XOFF holds what is in flight), and
 * `outputBufferBytes` per output. "shared-buffer": the same headroom per input (a quarter of
 * `inputBufferBytes`, reserved apart), the rest of `profile`'s buffer on a switch of `ports`
 * ports as the shared pool, PFC at the profile's dynamic threshold, egress unlimited.
 */
export function datacenterSwitch(
  organisation: DatacenterOrganisation,
  sizes: { inputBufferBytes: number; outputBufferBytes: number; profile: SwitchProfile; ports: number },
): ScenarioInput["switch"] {
  const { inputBufferBytes, outputBufferBytes, profile, ports } = sizes;
  if (organisation === "cioq") {
    return {
      kind: "cioq",
      inputBufferBytes,
      outputBufferBytes,
      flowControl: { kind: "pause", xoffBytes: (inputBufferBytes * 3) / 4, xonBytes: inputBufferBytes / 2 },
    };
  }
  const headroom = Math.floor(inputBufferBytes / 4 / BLOCK) * BLOCK;
  const pool = Math.floor((profile.bufferBytes - ports * headroom) / BLOCK) * BLOCK;
  // XOFF capped at the pool: the dynamic threshold (at most alpha x the pool) always binds first.
  return {
    kind: "shared-buffer",
    sharedBufferBytes: pool,
    alphas: [EGRESS_ALPHA_UNLIMITED],
    pfcThreshold: "dynamic",
    pfcAlpha: profile.pfcAlpha,
    inputBufferBytes: pool + headroom,
    flowControl: { kind: "pause", xoffBytes: pool, xonBytes: pool - RESUME_OFFSET_BYTES },
  };
}
