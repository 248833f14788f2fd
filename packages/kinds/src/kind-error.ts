/**
 * A spec a registry refused: unknown kind, unknown field or a parameter out of its range. The
 * message names the field and what is allowed (`marking.kmax must be an integer from 1 to
 * 1000000000, got -1`); `field` holds the path alone, so a caller can point at it.
 */
export class KindError extends Error {
  override name = "KindError";

  /** The offending field's path: `marking.kind`, `traffic[2].rate`, ... */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
