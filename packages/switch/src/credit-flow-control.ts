import { defineFlowControl } from "./flow-control.js";

/**
 * Credit-based link-level flow control (InfiniBand style; santos-2002 sec. 1), the default: a
 * sender holds credits for the buffer at the far end of its link and sends a packet only if
 * they cover all of it; the buffer returns them once the packet's last byte has left. The
 * input buffers run on credits when the settings are undefined.
 */
export interface CreditFlowControl {
  readonly kind: "credits";
}

export const creditsDefinition = defineFlowControl({
  kind: "credits",
  description: "InfiniBand-style credits: a sender sends only what the buffer downstream has room for",
  parameters: {},
  create: (): CreditFlowControl => ({ kind: "credits" }),
  inputSettings: () => undefined,
});
