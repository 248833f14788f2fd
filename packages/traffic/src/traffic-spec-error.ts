/**
 * An invalid traffic spec or trace: unknown kind, unknown field, bad parameter, unknown host.
 * The message names the field and what is allowed (`traffic.load must be a fraction of the
 * host link bandwidth in (0, 1], got 1.5`); `field` holds the path alone, so a caller that
 * embeds the spec (a scenario's `traffic[2]`) can re-prefix it.
 */
export class TrafficSpecError extends Error {
  override name = "TrafficSpecError";

  /** The offending field's path: `traffic.kind`, `traffic.pairs[1].source`, `trace.csv line 5 bytes`, ... */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
