import { formatValue } from "./format-value.js";
import { KindError } from "./kind-error.js";

/**
 * The whitespace-separated words of a text file, line by line: how the peers' plain-text
 * formats (the HPCC artifact's ns-3 inputs, htsim's matrices and topologies) are read, so that
 * every error can name the line it comes from.
 */
export interface TokenLine {
  /** 1-based line number in the text. */
  readonly line: number;
  /** The line's words, in order; never empty. */
  readonly tokens: readonly string[];
}

/** The lines of `text` that hold a word, with their numbers; blank lines are left out. */
export function tokenLines(text: string): TokenLine[] {
  const lines: TokenLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const tokens = raw.trim().split(/\s+/);
    if (tokens[0] !== "") lines.push({ line: index + 1, tokens });
  });
  return lines;
}

/** One word of a file, with its line. */
export interface Word {
  readonly text: string;
  readonly line: number;
}

/**
 * Reads a file's words in order, as a C++ stream does (`file >> a >> b`), line breaks being
 * mere spaces; every error names `origin`, the line and the field.
 */
export class WordReader {
  private readonly words: Word[];
  private next = 0;

  constructor(
    lines: readonly TokenLine[],
    private readonly origin: string,
  ) {
    this.words = lines.flatMap(({ line, tokens }) => tokens.map((text) => ({ text, line })));
  }

  /** The next word, or an error saying the file ends where `field` should be. */
  word(field: string): Word {
    const word = this.words[this.next++];
    if (word === undefined) {
      const last = this.words[this.words.length - 1]?.line ?? 0;
      throw new KindError(this.origin, `${this.origin}: ends at line ${last}; expected ${field}`);
    }
    return word;
  }

  /** The next word as an integer from `min` to `max`. */
  integer(field: string, min: number, max: number): { value: number; line: number } {
    const { text, line } = this.word(field);
    const value = Number(text);
    if (!/^\+?\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
      throw this.bad(line, field, `an integer from ${min} to ${max}`, text);
    }
    return { value, line };
  }

  /** The error for `text` at `line` not being `expected`. */
  bad(line: number, field: string, expected: string, text: string): KindError {
    const where = `${this.origin} line ${line}, field ${field}`;
    return new KindError(where, `${where}: must be ${expected}, got ${formatValue(text)}`);
  }

  /** The words not read yet. */
  rest(): readonly Word[] {
    return this.words.slice(this.next);
  }
}
