/**
 * Whether record `a` of `x` comes before record `b` of `y`, records of `stride` numbers each,
 * compared on their first `fields` numbers in turn: the (time, scheduled at, scheduler,
 * sequence) of the event that made them (docs/spec/parallel.md sec. 1), and whatever orders
 * a record within its event after that. How a split run merges what its parts logged (packets
 * made, notifications sent, trace lines) into the single run's order.
 */
export function rankBefore(
  x: ArrayLike<number>,
  a: number,
  y: ArrayLike<number>,
  b: number,
  stride: number,
  fields = stride,
): boolean {
  for (let field = 0, i = stride * a, j = stride * b; field < fields; field++, i++, j++) {
    if (x[i] !== y[j]) return x[i]! < y[j]!;
  }
  return false;
}
