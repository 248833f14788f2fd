/**
 * A queue head at an input for an output on a VL as one number, the payload of an
 * input-queued switch's eligibility event (no object per packet). On VL 0 it is the bare
 * (input, output) pair, so a one-VL switch decodes it with one comparison more than a pair.
 * `decode` writes the parts into this object's fields, reused from event to event.
 */
export class HeadKey {
  input = 0;
  output = 0;
  vl = 0;
  private readonly ports: number;
  private readonly pairs: number;

  constructor(ports: number) {
    this.ports = ports;
    this.pairs = ports * ports;
  }

  of(input: number, output: number, vl: number): number {
    return input * this.ports + output + vl * this.pairs;
  }

  decode(key: number): void {
    const vl = key < this.pairs ? 0 : Math.floor(key / this.pairs);
    const pair = key - vl * this.pairs;
    this.vl = vl;
    this.output = pair % this.ports;
    this.input = (pair - this.output) / this.ports;
  }
}
