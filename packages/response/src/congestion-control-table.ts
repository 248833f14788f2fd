/** InfiniBand CCA's Congestion Control Table: inter-packet delays indexed by CCTI (IBA 1.2.1 Annex A10). */

/**
 * One CCT entry: the delay after a packet is (T_pkt >> shift) · multiplier, T_pkt being
 * the packet's transmission time (spec/algorithms.md, from IBA 1.2.1 A10).
 */
export interface CctEntry {
  /** 2 bits: 0..3. */
  readonly shift: number;
  /** 14 bits: 0..16383. */
  readonly multiplier: number;
}

/** The most entries a CCT holds (CCTI_Limit <= 127). */
export const MAX_CCT_ENTRIES = 128;

/**
 * The published 128-entry table spec/algorithms.md gives (the "Mellanox default" of LLNL's
 * opensm CC configuration generator): shift 0, multiplier[i] = floor(7·i² / 95² / 0.218).
 * Entries 0..16 are 0 (no delay); entry 127 is 57 packet times.
 */
export const DEFAULT_CCT: readonly CctEntry[] = Object.freeze(
  Array.from({ length: MAX_CCT_ENTRIES }, (_, i) =>
    Object.freeze({ shift: 0, multiplier: Math.trunc((i * i * 7) / (95 * 95) / 0.218) }),
  ),
);

/**
 * An entry's inter-packet delay in packet times: multiplier / 2^shift (the hardware's
 * integer shift of T_pkt taken exactly). The rate it allows is lineRate / (1 + delay).
 *
 * @example
 * ```ts
 * cctDelay({ shift: 1, multiplier: 3 }); // 1.5
 * ```
 */
export function cctDelay(entry: CctEntry): number {
  return entry.multiplier / 2 ** entry.shift;
}

/** Checks a CCT's size and fields (internal). */
export function checkCct(table: readonly CctEntry[], owner: string): void {
  if (!Array.isArray(table) || table.length < 1 || table.length > MAX_CCT_ENTRIES) {
    throw new RangeError(`${owner}: table must hold 1 to ${MAX_CCT_ENTRIES} entries`);
  }
  table.forEach((entry, i) => {
    if (!(Number.isInteger(entry?.shift) && entry.shift >= 0 && entry.shift <= 3)) {
      throw new RangeError(`${owner}: table[${i}].shift must be 0, 1, 2 or 3, got ${String(entry?.shift)}`);
    }
    if (!(Number.isInteger(entry.multiplier) && entry.multiplier >= 0 && entry.multiplier <= 16383)) {
      throw new RangeError(`${owner}: table[${i}].multiplier must be an integer in 0..16383, got ${entry.multiplier}`);
    }
  });
}
