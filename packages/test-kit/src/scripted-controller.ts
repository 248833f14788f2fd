/** A controller that tests set by hand and that records what it hears. */
import type { Engine, Time } from "@losslab/engine";
import type { AckEvent, CnpEvent, Controller, LossEvent, SendEvent } from "@losslab/response";

/**
 * A controller (`@losslab/response`'s `Controller`) with settable rate and window that
 * records every ACK, send, notification and loss it hears, with the time. It never asks for a timer.
 */
export class ScriptedController implements Controller {
  readonly acks: Array<{
    at: Time;
    marked: boolean;
    validated: boolean;
    bytes: number;
    packets: number;
    seq: number;
  }> = [];
  readonly sends: Array<{ at: Time; seq: number; limitedBy: string; fromEmptyQueue: boolean }> = [];
  readonly wakeAt: number | undefined = undefined;
  onAckHook: ((controller: ScriptedController) => void) | undefined;

  constructor(
    private readonly engine: Engine,
    public rate = Number.POSITIVE_INFINITY,
    public window = Number.POSITIVE_INFINITY,
  ) {}

  onSend(event: SendEvent): void {
    this.sends.push({
      at: this.engine.now,
      seq: event.seq,
      limitedBy: event.limitedBy,
      fromEmptyQueue: event.fromEmptyQueue ?? false,
    });
  }

  onAck(event: AckEvent): void {
    this.acks.push({
      at: this.engine.now,
      marked: event.marked,
      validated: event.validated ?? false,
      bytes: event.bytes,
      packets: event.packets ?? 1,
      seq: event.seq,
    });
    this.onAckHook?.(this);
  }

  readonly cnps: Array<{ at: Time; feedback: number | undefined; seq: number | undefined }> = [];

  onCnp(event?: CnpEvent): void {
    this.cnps.push({ at: this.engine.now, feedback: event?.feedback, seq: event?.seq });
  }

  readonly losses: LossEvent[] = [];

  onLoss(event: LossEvent): void {
    this.losses.push(event);
  }

  onTimer(): void {}
}
