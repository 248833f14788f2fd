/** Handler-object form of an event target: no closure per event on the hot path. */
export interface EventHandler<Payload = unknown> {
  handleEvent(kind: number, payload: Payload): void;
}

/** Closure form, convenient outside the hot path. */
export type EventCallback<Payload = unknown> = (payload: Payload) => void;

export type EventTarget<Payload = unknown> = EventHandler<Payload> | EventCallback<Payload>;

/**
 * Identifies one scheduled event for `cancel`. It encodes a storage slot and that slot's
 * generation, so a stale id (the event ran or was cancelled, the slot reused) is harmless.
 */
export type EventId = number;
