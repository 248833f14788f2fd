/**
 * What a destination of a retransmitting transport has delivered, per flow: every sequence
 * number below `next`, and those above it that came out of order. A copy sent again after a
 * timeout may arrive after the first, and must not be delivered twice.
 */
export class ReceivedSequences {
  private readonly flows = new Map<number, { next: number; above: Set<number> }>();

  /** Records packet `seq` of flow `flow`; false if it was delivered before (a duplicate). */
  add(flow: number, seq: number): boolean {
    let state = this.flows.get(flow);
    if (state === undefined) {
      state = { next: 0, above: new Set() };
      this.flows.set(flow, state);
    }
    if (seq < state.next || state.above.has(seq)) return false;
    if (seq !== state.next) {
      state.above.add(seq);
      return true;
    }
    state.next++;
    while (state.above.delete(state.next)) state.next++;
    return true;
  }
}
