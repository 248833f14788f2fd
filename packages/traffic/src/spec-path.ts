/** What a nested spec's factory gets: where its spec is, for errors (`traffic[2].destinations`). */
export interface SpecPath {
  readonly path: string;
}
