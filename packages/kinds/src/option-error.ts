import { formatValue } from "./format-value.js";

/** What an `OptionError` says besides its message. */
export interface OptionErrorDetails {
  /** What is wrong, without the device and the option: `must be below the input buffer's 9216 B`. */
  readonly problem?: string;
  /** The bound the value broke, when one number says it (the buffer's bytes, the most VLs). */
  readonly limit?: number;
}

/**
 * A model refused one of its options (a switch's `flowControl.xoffBytes`, an adapter's
 * `controlVl`, a link's `overheadBytes`): the message names the device, the option and what
 * is allowed; `option` holds the option's path as the model names it, so whoever built the
 * options from a file (@losslab/scenario) can name the field it came from without reading
 * the message. A `RangeError`, as the models threw before.
 */
export class OptionError extends RangeError {
  override name = "OptionError";

  /** The option's path in the model's options: `flowControl.xoffBytes`, `vls`, `overheadBytes`. */
  readonly option: string;
  /** What is wrong, without the device and the option (the whole message when not given). */
  readonly problem: string;
  /** The bound the value broke, when one number says it. */
  readonly limit: number | undefined;

  constructor(option: string, message: string, details: OptionErrorDetails = {}) {
    super(message);
    this.option = option;
    this.problem = details.problem ?? message;
    this.limit = details.limit;
  }

  /**
   * The error of `where` (a device, `S` or `S input 3`) about `option`:
   * `S: flowControl.xonBytes must be at most xoffBytes (4000); got 4001`.
   *
   * @param problem what is wrong, as a sentence after the option's name
   * @param value the value given, quoted at the end (`; got ...`) when present
   */
  static of(
    where: string,
    option: string,
    problem: string,
    details: { readonly value?: unknown; readonly limit?: number } = {},
  ): OptionError {
    const got = "value" in details ? `; got ${formatValue(details.value)}` : "";
    return new OptionError(option, `${where}: ${option} ${problem}${got}`, {
      problem,
      ...(details.limit === undefined ? {} : { limit: details.limit }),
    });
  }
}
