/**
 * The scenario package's verdict on an editor's text, placed in the text: the errors of
 * `parseScenarioText` (YAML syntax, then the schema's, which name the field like the CLI's:
 * `topology.local: ...`), each at the field it names, or at the nearest enclosing field the
 * text has when the field is missing. No second validator: the messages are the package's.
 */
import type { Scenario } from "@losslab/scenario";
import { type Document, isMap, isNode, isScalar, parseDocument } from "yaml";
import { parseScenarioText } from "./scenario-text.js";

export interface Problem {
  /** Offsets in the text of what the message is about. */
  from: number;
  to: number;
  message: string;
}

export type Verdict = { scenario: Scenario; problems: [] } | { message: string; problems: Problem[] };

/** A field path at the start of a schema message: `flows[0].source: unknown host ...`. */
const FIELD = /^\s*([A-Za-z_$][\w$-]*(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*): (.+)$/;

export function checkScenarioText(text: string): Verdict {
  try {
    return { scenario: parseScenarioText(text), problems: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { message, problems: place(text, message) };
  }
}

function place(text: string, message: string): Problem[] {
  const document = parseDocument(text);
  if (document.errors.length > 0) {
    return document.errors.map((error) => ({ from: error.pos[0], to: Math.max(error.pos[1], error.pos[0]), message }));
  }
  const lines = message.split("\n").filter((line) => FIELD.test(line));
  // A message that names no field (e.g. about the whole file) goes at the start.
  if (lines.length === 0) return [{ from: 0, to: Math.min(text.length, text.indexOf("\n") >>> 0), message }];
  return lines.map((line) => {
    const [, field = "", rest = ""] = FIELD.exec(line) ?? [];
    const path = field.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== "");
    const [from, to] = rangeOf(
      document,
      path.map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    );
    return { from, to, message: `${field}: ${rest}` };
  });
}

type Path = Array<string | number>;

/**
 * The text range of the value at `path` when it is a scalar, else of its key (a mapping or
 * sequence spans lines); for a field the text lacks, the key of its nearest ancestor it has.
 */
function rangeOf(document: Document, path: Path): [number, number] {
  for (let depth = path.length; depth > 0; depth--) {
    const at = path.slice(0, depth);
    const node = document.getIn(at, true);
    if (!isNode(node)) continue;
    if (depth === path.length && isScalar(node) && node.range) return [node.range[0], node.range[1]];
    const key = keyRange(document, at);
    if (key !== undefined) return key;
    if (node.range) return [node.range[0], node.range[1]];
  }
  return [0, 0];
}

function keyRange(document: Document, path: Path): [number, number] | undefined {
  const parent = path.length === 1 ? document.contents : document.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === path.at(-1));
  return isScalar(pair?.key) && pair.key.range ? [pair.key.range[0], pair.key.range[1]] : undefined;
}
