/**
 * The kinds of the engine events a host adapter schedules on itself. The adapter is the
 * engine's handler for all of them and hands each to the part that owns it, so the parts
 * add no handler objects and no closures to the event path.
 */
export const FLOW_START = 0;
export const FLOW_STOP = 1;
export const TRANSMIT_DONE = 2;
export const RECEIVED = 3;
export const WAKE = 4;
export const CONTROLLER_TIMER = 5;
export const PAUSE_TAKES_EFFECT = 6;
export const ACK_TIMEOUT = 7;
export const PULL_DUE = 8;
export const RETRANSMIT_TIMEOUT = 9;
export const CREDIT_UPDATE_ARRIVED = 10;
export const OVERSUBSCRIBED_CC_TICK = 11;
