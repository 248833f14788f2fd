import { didYouMean, formatValue } from "@losslab/core";
import { type AnyKindDefinition, KindError, type Registry } from "@losslab/kinds";

/**
 * `registry.create(spec, context, path)`, with a hint for a misspelt kind: `traffic.kind:
 * unknown "on-of" (did you mean "on-off"?); allowed: ...`.
 */
export function createKind<D extends AnyKindDefinition>(
  registry: Registry<D>,
  spec: unknown,
  context: Parameters<D["create"]>[1],
  path: string,
): ReturnType<D["create"]> {
  const kind = typeof spec === "object" && spec !== null ? (spec as { kind?: unknown }).kind : undefined;
  const hint = typeof kind === "string" && registry.get(kind) === undefined ? didYouMean(kind, registry.kinds) : "";
  if (hint !== "") {
    throw new KindError(
      `${path}.kind`,
      `${path}.kind: unknown ${formatValue(kind)}${hint}; allowed: ${registry.kinds.join(", ")}`,
    );
  }
  return registry.create(spec, context, path);
}

/** Builds a spec nested in another (a generator's `destinations`, `size`) at `path`. */
export function createNested<D extends AnyKindDefinition>(
  registry: Registry<D>,
  spec: unknown,
  path: string,
): ReturnType<D["create"]> {
  return createKind(registry, spec, { path } as Parameters<D["create"]>[1], path);
}
