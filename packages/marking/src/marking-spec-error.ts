/**
 * An invalid marking spec: unknown kind, unknown field or bad parameter. The message names
 * the field and what is allowed (`marking.outputThreshold must be a positive integer, got
 * -1`); `field` holds the path alone so a caller embedding the spec can re-prefix it.
 */
export class MarkingSpecError extends Error {
  override name = "MarkingSpecError";

  /** The offending field's path, `marking.kind`, `marking.outputThreshold`, ... */
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}
