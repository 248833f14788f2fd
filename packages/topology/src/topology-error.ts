/**
 * An invalid topology, builder option, JSON document or routing request. The message names
 * the problem and the offending ids (`port 2 of switch "A" is used by links[1].b and
 * links[4].a`).
 */
export class TopologyError extends Error {
  override name = "TopologyError";

  /**
   * The field path when the problem is one field (`links[3].bandwidth`), so callers that
   * embed a topology in a larger document can prefix it; `undefined` otherwise.
   */
  readonly path: string | undefined;

  constructor(message: string, path?: string) {
    super(message);
    this.path = path;
  }
}
