import { MAX_VLS } from "@losslab/core";
import { MAX_BUFFER_BYTES, MAX_FACTOR, MAX_PACKET_BYTES, OptionError, type ValuesOf } from "@losslab/kinds";
import type { ControlledBuffers, PauseSettings } from "./flow-control.js";

/** The shared pool of a switch unless given: 12 MiB, the Broadcom Trident II of DCQCN's testbed (Zhu et al. sec. 6) [?]. */
export const DEFAULT_SHARED_BUFFER_BYTES = 12 * 2 ** 20;

/**
 * The dynamic PFC threshold's alpha unless given: 1/8, the HPCC artifact's `pfc_a_shift` of 3
 * for ports at the hosts' rate (`simulation/scratch/third.cc`, `switch-mmu.cc`).
 */
export const DEFAULT_PFC_ALPHA = 1 / 8;

/**
 * A lossy priority's trimming threshold unless given: uet-htsim's trimming queue of 1 BDP at
 * 100 Gb/s and 1 us per hop, 43 packets of 4150 B (`dc/main_uec.cpp:642-655`, `674-682`).
 */
export const DEFAULT_TRIM_THRESHOLD_BYTES = 43 * 4150;

/** What stays of a trimmed packet: uet-htsim's 64 B header (`-trimsize`, `dc/main_uec.cpp:81`). */
export const DEFAULT_TRIMMED_BYTES = 64;

/**
 * The shared-buffer organisation's own parameters, as scenario files write them (bytes and
 * plain numbers: the model takes them as they are).
 */
export const sharedBufferParameters = {
  sharedBufferBytes: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    default: DEFAULT_SHARED_BUFFER_BYTES,
    description:
      "the switch's shared pool, bytes: every egress queue and every input below XOFF draws on it; the PFC headroom (inputBufferBytes - xoffBytes per input priority) is reserved apart (default 12 MiB, Trident II)",
  },
  alphas: {
    type: "list",
    items: { type: "number", min: 0, minExclusive: true, max: MAX_FACTOR, description: "alpha of one priority" },
    maxItems: MAX_VLS,
    optional: true,
    description:
      "per priority (VL): the egress dynamic threshold's alpha, a queue may grow while below reserveBytes + alpha x the free pool (Choudhury and Hahne 1998); default all 1",
  },
  reserveBytes: {
    type: "integer",
    min: 0,
    max: MAX_BUFFER_BYTES,
    default: 0,
    description:
      "per egress queue (output, priority): bytes it may hold whatever the free pool, below sharedBufferBytes",
  },
  pfcThreshold: {
    type: "choice",
    values: ["static", "dynamic"],
    default: "static",
    description:
      'XOFF of an input priority: "static" once the bytes it holds in the pool reach flowControl.xoffBytes, "dynamic" at min(xoffBytes, pfcAlpha x the free pool) (ns-3 HPCC switch-mmu); XON (xoffBytes - xonBytes) below that threshold',
  },
  pfcAlpha: {
    type: "number",
    min: 0,
    minExclusive: true,
    max: MAX_FACTOR,
    default: DEFAULT_PFC_ALPHA,
    description: 'with pfcThreshold "dynamic": the share of the free pool an input priority may hold before XOFF',
  },
  lossyPriorities: {
    type: "list",
    items: { type: "integer", min: 0, max: MAX_VLS - 1, description: "a lossy priority (VL)" },
    maxItems: MAX_VLS,
    optional: true,
    description:
      "priorities (VLs) declared lossy, with packet trimming (Ultra Ethernet): PFC never pauses them; a data packet that would take its egress queue over trimThresholdBytes (or that the pool or dynamic threshold refuses) has its payload cut and its header forwarded at high priority; headers beyond headerQueueBytes are dropped, counted. Default none: every priority lossless",
  },
  trimThresholdBytes: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    default: DEFAULT_TRIM_THRESHOLD_BYTES,
    description:
      "on a lossy priority: the egress queue (output, priority) bytes above which an arriving data packet is trimmed (default 178450 = 43 x 4150 B, uet-htsim's 1-BDP queue at 100 Gb/s)",
  },
  trimmedBytes: {
    type: "integer",
    min: 1,
    max: MAX_PACKET_BYTES,
    default: DEFAULT_TRIMMED_BYTES,
    description: "on a lossy priority: bytes a trimmed packet keeps on the wire, its header (default 64, uet-htsim)",
  },
  headerQueueBytes: {
    type: "integer",
    min: 1,
    max: MAX_BUFFER_BYTES,
    optional: true,
    description:
      "per output: bytes of headers (trimmed packets, and ACKs, NACKs and notifications of lossy priorities) queued ahead of data before an arriving one is dropped, counted (default 2 x trimThresholdBytes, uet-htsim)",
  },
} as const;

/** The shared-buffer options of a model (`SharedBufferSwitch`), all optional. */
export type SharedBufferOptions = Partial<ValuesOf<typeof sharedBufferParameters>>;

/** The options with their defaults, checked against the switch's inputs (`checkSharedBuffer`). */
export interface SharedBufferSettings {
  readonly sharedBufferBytes: number;
  /** One per VL. */
  readonly alphas: readonly number[];
  readonly reserveBytes: number;
  readonly dynamicPfc: boolean;
  readonly pfcAlpha: number;
  /** Per VL: 1 if lossy (trimming). */
  readonly lossy: Uint8Array;
  readonly trimThresholdBytes: number;
  readonly trimmedBytes: number;
  readonly headerQueueBytes: number;
}

/**
 * The shared buffer's options checked against the switch's inputs (their size, VLs and flow
 * control's settings): the pool holds a packet; one alpha per VL; a reserve below the pool;
 * under PAUSE an XOFF the pool can reach (the bytes an input holds below XOFF come from it).
 * Throws `OptionError` naming the option. The model applies it when built, a scenario's checks
 * before (the organisation's `checkBuffers` trait).
 */
export function checkSharedBuffer(
  options: SharedBufferOptions,
  inputs: ControlledBuffers & { readonly settings: PauseSettings | undefined },
): SharedBufferSettings {
  const { name, vls, maxPacketBytes, settings } = inputs;
  const sharedBufferBytes = options.sharedBufferBytes ?? DEFAULT_SHARED_BUFFER_BYTES;
  if (!(Number.isInteger(sharedBufferBytes) && sharedBufferBytes >= maxPacketBytes)) {
    throw OptionError.of(name, "sharedBufferBytes", `cannot hold one ${maxPacketBytes} B packet`, {
      value: sharedBufferBytes,
      limit: maxPacketBytes,
    });
  }
  const alphas = options.alphas ?? Array.from({ length: vls }, () => 1);
  if (alphas.length !== vls || !alphas.every((alpha) => alpha > 0 && Number.isFinite(alpha))) {
    throw OptionError.of(name, "alphas", `must list one alpha > 0 per VL (vls ${vls})`, { value: alphas.length });
  }
  const reserveBytes = options.reserveBytes ?? 0;
  if (!(Number.isInteger(reserveBytes) && reserveBytes >= 0 && reserveBytes < sharedBufferBytes)) {
    throw OptionError.of(name, "reserveBytes", `must be a whole number of bytes below sharedBufferBytes`, {
      value: reserveBytes,
      limit: sharedBufferBytes,
    });
  }
  if (settings !== undefined && settings.xoffBytes > sharedBufferBytes) {
    throw OptionError.of(
      name,
      "flowControl.xoffBytes",
      `must be at most sharedBufferBytes (${sharedBufferBytes}): an input's bytes below XOFF come from the shared pool`,
      { value: settings.xoffBytes, limit: sharedBufferBytes },
    );
  }
  const pfcAlpha = options.pfcAlpha ?? DEFAULT_PFC_ALPHA;
  if (!(pfcAlpha > 0 && Number.isFinite(pfcAlpha))) {
    throw OptionError.of(name, "pfcAlpha", "must be a finite number > 0", { value: pfcAlpha });
  }
  const pfcThreshold = options.pfcThreshold ?? "static";
  if (!sharedBufferParameters.pfcThreshold.values.includes(pfcThreshold)) {
    throw OptionError.of(name, "pfcThreshold", 'must be "static" or "dynamic"', { value: pfcThreshold });
  }
  const dynamicPfc = pfcThreshold === "dynamic";
  const lossy = new Uint8Array(vls);
  for (const vl of options.lossyPriorities ?? []) {
    if (!(Number.isInteger(vl) && vl >= 0 && vl < vls)) {
      throw OptionError.of(name, "lossyPriorities", `must list priorities 0..${vls - 1} (vls ${vls})`, { value: vl });
    }
    lossy[vl] = 1;
  }
  if (lossy.some((flag) => flag === 1) && settings === undefined) {
    throw OptionError.of(
      name,
      "lossyPriorities",
      "need PAUSE/PFC flow control (a lossy priority is one PFC leaves alone; under credits nothing can be lost)",
    );
  }
  const trimThresholdBytes = options.trimThresholdBytes ?? DEFAULT_TRIM_THRESHOLD_BYTES;
  const trimmedBytes = options.trimmedBytes ?? DEFAULT_TRIMMED_BYTES;
  if (!(Number.isInteger(trimmedBytes) && trimmedBytes >= 1 && trimmedBytes <= maxPacketBytes)) {
    throw OptionError.of(
      name,
      "trimmedBytes",
      `must be a whole number of bytes 1..${maxPacketBytes} (the largest packet)`,
      {
        value: trimmedBytes,
        limit: maxPacketBytes,
      },
    );
  }
  const headerQueueBytes = options.headerQueueBytes ?? 2 * trimThresholdBytes;
  return {
    sharedBufferBytes,
    alphas,
    reserveBytes,
    dynamicPfc,
    pfcAlpha,
    lossy,
    trimThresholdBytes,
    trimmedBytes,
    headerQueueBytes,
  };
}
