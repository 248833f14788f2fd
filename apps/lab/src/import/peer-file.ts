/** A peer simulator's input file as `losslab import` reads it: its name (for messages) and text. */
import { KindError } from "@losslab/kinds";
import { UserError } from "../user-error.js";

export interface PeerFile {
  /** The path as the user gave it: every error names it. */
  readonly name: string;
  readonly text: string;
}

/** Runs `parse`; a parser's `KindError` (it names the file, line and field) becomes the user's mistake. */
export function kindErrorsAsUserErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof KindError) throw new UserError(error.message);
    throw error;
  }
}
