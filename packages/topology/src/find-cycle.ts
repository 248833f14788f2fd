/** One cycle of a directed graph (vertices 0..length-1) in edge order, iterative DFS. */
export function findCycle(edges: readonly Set<number>[]): number[] | undefined {
  const WHITE = 0;
  const GREY = 1;
  const BLACK = 2;
  const colour = new Uint8Array(edges.length);
  for (let root = 0; root < edges.length; root++) {
    if (colour[root] !== WHITE) continue;
    const stack: number[] = [root];
    const iterators: Iterator<number>[] = [(edges[root] as Set<number>).values()];
    colour[root] = GREY;
    while (stack.length > 0) {
      const next = (iterators[iterators.length - 1] as Iterator<number>).next();
      if (next.done) {
        colour[stack.pop() as number] = BLACK;
        iterators.pop();
      } else if (colour[next.value] === GREY) {
        return stack.slice(stack.indexOf(next.value));
      } else if (colour[next.value] === WHITE) {
        colour[next.value] = GREY;
        stack.push(next.value);
        iterators.push((edges[next.value] as Set<number>).values());
      }
    }
  }
  return undefined;
}
