import { formatValue, OptionError } from "@losslab/kinds";

/**
 * Weighted round-robin VL arbitration of the outputs of a switch or an adapter (InfiniBand's
 * VL arbitration table reduced to one weight per VL; turner-2001 sec. 2). Each output serves its VLs in
 * turn, starting from the VL whose turn it is: the first VL in that order with a packet that
 * can go sends, and a VL may send `weights[vl]` packets in a row before the turn passes to
 * the next VL. A VL with nothing to send when its turn comes loses the rest of its turn.
 * The granularity is packets, whatever their size.
 */
export class VlArbitration {
  private readonly weights: Int32Array;
  /** Per output: the VL whose turn it is, and the packets it sent in this turn. */
  private readonly turn: Int32Array;
  private readonly sentInTurn: Int32Array;

  constructor(name: string, outputs: number, vls: number, weights: readonly number[] | undefined) {
    const given = weights ?? new Array<number>(vls).fill(1);
    if (!Array.isArray(given) || given.length !== vls) {
      const got = Array.isArray(given) ? `${given.length}` : formatValue(given);
      throw OptionError.of(name, "vlWeights", `must list one weight per VL (${vls}); got ${got}`, { limit: vls });
    }
    for (const weight of given) {
      if (!Number.isInteger(weight) || weight < 1) {
        throw OptionError.of(name, "vlWeights", "must be positive integers (packets per turn)", { value: weight });
      }
    }
    this.weights = Int32Array.from(given);
    this.turn = new Int32Array(outputs);
    this.sentInTurn = new Int32Array(outputs);
  }

  /** The VL `output` tries first: the one whose turn it is. The others follow in VL order, wrapping. */
  first(output: number): number {
    return this.turn[output]!;
  }

  /** `output` started a packet of `vl`: the turn moves to `vl`, and on once `vl` has sent its weight. */
  sent(output: number, vl: number): void {
    if (vl !== this.turn[output]) {
      this.turn[output] = vl;
      this.sentInTurn[output] = 0;
    }
    if (++this.sentInTurn[output]! >= this.weights[vl]!) {
      this.turn[output] = (vl + 1) % this.weights.length;
      this.sentInTurn[output] = 0;
    }
  }
}
