import { OptionError } from "@losslab/kinds";

/**
 * The order in which the input-buffered switch offers its free outputs a packet in one
 * arbitration, which decides the output an input holding packets for several free outputs
 * serves first: the first output offered whose FIFO picks a packet of that input takes it,
 * and the input is busy for the others until that packet's last byte has left.
 *
 * santos-2002 leaves this open: sec. 3 and Table 1 specify one FIFO per output with
 * bounded bypass ("FIFO with possible bypass of older packets when crossbar is busy (max
 * by pass: 4)") and say which packet an output sends, not which output a free input
 * serves when several want it; sec. 3 adds that the congestion scheme "is orthogonal to the
 * particular switch scheduling adopted".
 *
 * Every order offers each free output (link free, packets waiting) once per arbitration,
 * and each output then picks its packet by the same FIFO-with-bypass rule. Ties, and the
 * order among outputs that do not compete, follow the rotating order.
 *
 * - `"rotate"` (default): port order, starting one port further on at each arbitration.
 * - `"longest-idle"`: the output whose link has been free of data the longest first, i.e.
 *   the earliest end of its last data packet (time 0 if it has sent none). Frames the switch
 *   generates itself (PAUSE, congestion notifications) do not count.
 * - `"oldest-packet"`: the output whose candidate packet arrived earliest (its header at
 *   this switch) first; then, among the outputs not yet offered, again the one whose
 *   candidate is now the oldest, and so on (the candidates change as inputs become busy).
 *   An output's candidate is the packet it would send if offered now: its FIFO's head if
 *   the head's input is free, else, while the head may still be bypassed, the oldest newer
 *   packet whose input is free; with several VLs, that of the first VL in its round-robin
 *   turn that has one. Credits are not looked at for the order: an output whose candidate
 *   lacks them sends nothing when offered, as in any order. Outputs without a candidate
 *   cannot send in this arbitration.
 */
export type OutputOrder = "rotate" | "longest-idle" | "oldest-packet";

export const OUTPUT_ORDERS: readonly OutputOrder[] = ["rotate", "longest-idle", "oldest-packet"];

/** Validates the `outputOrder` option (default "rotate"). Throws RangeError naming it and what is allowed. */
export function resolveOutputOrder(name: string, order: OutputOrder | undefined): OutputOrder {
  if (order === undefined) return "rotate";
  if (!OUTPUT_ORDERS.includes(order)) {
    throw OptionError.of(name, "outputOrder", `must be ${OUTPUT_ORDERS.map((o) => `"${o}"`).join(", ")}`, {
      value: order,
    });
  }
  return order;
}
