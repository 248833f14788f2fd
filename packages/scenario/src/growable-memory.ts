/**
 * Shared memory that its one writer grows (ES2024 growable SharedArrayBuffers, which the
 * ES2022 library this repository compiles against does not type): for what a part of a split
 * run hands the others in amounts known only as it runs (a window's trace lines, its switches'
 * blocked buffers). The other threads see the new length; nothing is ever moved or shrunk.
 */
interface Growable extends SharedArrayBuffer {
  readonly maxByteLength: number;
  grow(bytes: number): void;
}

/** At most this much, in bytes: the address space it may take is reserved up front. */
export const GROWABLE_MAX_BYTES = 1 << 28;

/** A shared buffer of `bytes` that `ensureBytes` grows up to `GROWABLE_MAX_BYTES`. */
export function growableMemory(bytes: number): SharedArrayBuffer {
  // Looked up here, not as the module loads: a page that is not cross-origin isolated has no
  // SharedArrayBuffer, and still loads this package to run on one thread.
  const Growable = SharedArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => Growable;
  return new Growable(bytes, { maxByteLength: GROWABLE_MAX_BYTES });
}

/** Grows `memory` (from `growableMemory`) to hold `bytes`; `what` names the contents for the error past the limit. */
export function ensureBytes(memory: SharedArrayBuffer, bytes: number, what: string): void {
  if (memory.byteLength >= bytes) return;
  const growable = memory as Growable;
  // An engine before ES2024 ignores `maxByteLength` and makes a buffer of fixed size.
  if (typeof growable.grow !== "function") {
    throw new Error(`${what} need more shared memory than this JavaScript engine can grow (ES2024)`);
  }
  if (bytes > growable.maxByteLength) {
    throw new Error(`${what} took more than ${growable.maxByteLength / 2 ** 20} MiB of shared memory`);
  }
  growable.grow(Math.min(growable.maxByteLength, Math.max(bytes, 2 * memory.byteLength)));
}
