import { checkValues } from "./check-values.js";
import { formatValue } from "./format-value.js";
import type { AnyKindDefinition } from "./kind-definition.js";
import { KindError } from "./kind-error.js";

/**
 * The kinds of one family, the only list of them: scenario validation, the JSON Schema and
 * the docs tables are derived from it. Immutable: `with` gives a registry with more kinds
 * (a plugin's), so the built-in one is never changed behind a running simulation.
 */
export class Registry<D extends AnyKindDefinition> {
  readonly #byKind: ReadonlyMap<string, D>;

  /** The kinds, in the order docs list them. */
  readonly definitions: readonly D[];

  /**
   * @param family what the kinds are (`"marking"`): a definition of another family is refused.
   * @param definitions the kinds, in the order docs list them: `D`s, or any definitions
   *   (a built-in list of kinds of different parameters), checked here to be of `family`.
   */
  constructor(
    readonly family: string,
    definitions: readonly D[] | readonly AnyKindDefinition[],
  ) {
    this.definitions = definitions as readonly D[];
    const byKind = new Map<string, D>();
    for (const definition of this.definitions) {
      if (definition.family !== family) {
        throw new KindError(
          "kind",
          `kind ${formatValue(definition.kind)} is a ${definition.family} kind, not a ${family} kind`,
        );
      }
      if (byKind.has(definition.kind)) {
        throw new KindError("kind", `${family} kind ${formatValue(definition.kind)} is defined twice`);
      }
      byKind.set(definition.kind, definition);
    }
    this.#byKind = byKind;
  }

  /** The kinds' names, in registry order. */
  get kinds(): readonly string[] {
    return Object.freeze(this.definitions.map((definition) => definition.kind));
  }

  get(kind: string): D | undefined {
    return this.#byKind.get(kind);
  }

  /** This registry and `added` (a plugin's kinds of this family). */
  with(added: readonly AnyKindDefinition[]): Registry<D> {
    return added.length === 0 ? this : new Registry<D>(this.family, [...this.definitions, ...added]);
  }

  /**
   * Builds the kind a spec names: checks it is an object with a known `kind` and known
   * fields, each in its range, fills in the defaults, then calls the kind's factory. Errors
   * are `KindError`s naming `path.field` (path defaults to the family's name).
   */
  create(spec: unknown, context: Parameters<D["create"]>[1], path: string = this.family): ReturnType<D["create"]> {
    const definition = this.definitionOf(spec, path);
    const values = checkValues(path, definition.kind, definition.parameters, spec as Record<string, unknown>);
    return definition.create(values as never, context) as ReturnType<D["create"]>;
  }

  /** The definition a spec names; a `KindError` if it names none. */
  definitionOf(spec: unknown, path: string = this.family): D {
    if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
      throw new KindError(path, `${path} must be an object with a "kind" field, got ${formatValue(spec)}`);
    }
    const kind: unknown = (spec as { kind?: unknown }).kind;
    const allowed = this.kinds.join(", ");
    if (kind === undefined) throw new KindError(`${path}.kind`, `${path}.kind is missing; allowed: ${allowed}`);
    const definition = typeof kind === "string" ? this.#byKind.get(kind) : undefined;
    if (definition === undefined) {
      throw new KindError(`${path}.kind`, `${path}.kind: unknown ${formatValue(kind)}; allowed: ${allowed}`);
    }
    return definition;
  }
}
