/**
 * Completion of a YAML scenario from the scenario package's JSON Schema (`scenarioJsonSchema`,
 * what `losslab schema` prints): at the cursor, the fields the mapping it is in may hold
 * (not those it already has), or after `field: ` the values the schema allows (`const`,
 * `enum`, booleans). The mapping is found from the indentation of the lines above (block
 * YAML, as the page and `losslab` write scenarios); a `kind` already given narrows a union
 * of kinds to that kind's fields. Kept free of the editor so that tests run it in Node.
 */

/** A JSON Schema node, as z.toJSONSchema writes them (no $ref). */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  prefixItems?: SchemaNode[];
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
  const?: unknown;
  enum?: unknown[];
  description?: string;
  default?: unknown;
}

export interface SchemaCompletion {
  label: string;
  /** "property" (a field name) or "enum" (a value). */
  type: "property" | "enum";
  /** What the editor inserts. */
  apply: string;
  /** The field's type and default, shown beside it. */
  detail?: string;
  /** The field's description from the schema. */
  info?: string;
}

export interface CompletionResult {
  /** Where the word being completed starts. */
  from: number;
  options: SchemaCompletion[];
}

interface LineShape {
  indent: number;
  /** Whether the line starts a sequence item (`- `). */
  item: boolean;
  /** The column of the line's key (after `- ` for an item). */
  keyColumn: number;
  key?: string;
  value?: string;
}

const KEY = /^([A-Za-z_$][\w$-]*|"[^"]*"|'[^']*'):(?:\s+(.*))?$/;

function shape(line: string): LineShape | undefined {
  const content = line.replace(/\s+#.*$/, "");
  if (content.trim() === "" || content.trim().startsWith("#")) return undefined;
  const indent = content.length - content.trimStart().length;
  let rest = content.slice(indent);
  const item = rest.startsWith("- ") || rest === "-";
  if (item) rest = rest.slice(2);
  const keyColumn = item ? indent + 2 : indent;
  const match = KEY.exec(rest.trimEnd());
  if (match === null) return { indent, item, keyColumn };
  const key = (match[1] as string).replace(/^["']|["']$/g, "");
  return { indent, item, keyColumn, key, ...(match[2] === undefined ? {} : { value: match[2].trim() }) };
}

/** The path of the mapping whose keys are at `column`, from the lines before `lineIndex` ("[]": a sequence item). */
function mappingPath(lines: string[], lineIndex: number, column: number, item: boolean): string[] {
  const path: string[] = item ? ["[]"] : [];
  let col = column;
  let dash: number | undefined = item ? column - 2 : undefined;
  for (let i = lineIndex - 1; i >= 0 && (col > 0 || dash !== undefined); i--) {
    const line = shape(lines[i] as string);
    if (line === undefined) continue;
    if (dash === undefined) {
      if (line.item && line.keyColumn === col) {
        path.unshift("[]");
        dash = line.indent;
      } else if (line.keyColumn < col) {
        if (line.key === undefined) return [];
        path.unshift(line.key);
        col = line.keyColumn;
        if (line.item) {
          path.unshift("[]");
          dash = line.indent;
        }
      }
    } else if (line.item && line.indent < dash) {
      if (line.key === undefined) return [];
      // `- key:` whose value is the sequence: key is in an item of an outer sequence.
      path.unshift("[]", line.key);
      col = line.keyColumn;
      dash = line.indent;
    } else if (!line.item && line.indent <= dash) {
      if (line.key === undefined) return [];
      path.unshift(line.key);
      col = line.keyColumn;
      dash = undefined;
    }
  }
  return path;
}

/** The keys and values already in the mapping at `column` around line `lineIndex`. */
function siblings(lines: string[], lineIndex: number, column: number): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const scan = (step: number) => {
    for (let i = lineIndex + step; i >= 0 && i < lines.length; i += step) {
      const line = shape(lines[i] as string);
      if (line === undefined) continue;
      if (line.keyColumn < column || (line.item && line.keyColumn === column && step > 0)) break;
      if (line.keyColumn === column && line.key !== undefined) found.set(line.key, line.value);
      if (line.item && line.keyColumn === column) break; // the first key of this item
    }
  };
  scan(-1);
  scan(1);
  return found;
}

/** The schema's alternatives (oneOf, anyOf, allOf) flattened. */
function alternatives(node: SchemaNode): SchemaNode[] {
  const nested = [...(node.oneOf ?? []), ...(node.anyOf ?? []), ...(node.allOf ?? [])];
  return nested.length === 0 ? [node] : nested.flatMap(alternatives);
}

/** The object schemas at `path`, narrowed by a `kind` the mapping already names. */
function objectsAt(root: SchemaNode, path: string[], kind: string | undefined): SchemaNode[] {
  let nodes = alternatives(root);
  for (const segment of path) {
    const next: SchemaNode[] = [];
    for (const node of nodes) {
      if (segment === "[]") {
        if (node.items !== undefined) next.push(node.items);
        next.push(...(node.prefixItems ?? []));
      } else {
        const child = node.properties?.[segment];
        if (child !== undefined) next.push(child);
      }
    }
    nodes = next.flatMap(alternatives);
  }
  const objects = nodes.filter((node) => node.properties !== undefined);
  if (kind === undefined) return objects;
  const unquoted = kind.replace(/^["']|["']$/g, "");
  const matching = objects.filter((node) => node.properties?.kind?.const === unquoted);
  return matching.length > 0 ? matching : objects;
}

function typeOf(node: SchemaNode): string {
  const types = new Set(
    alternatives(node).map((n) => (n.const !== undefined ? JSON.stringify(n.const) : (n.type ?? "any"))),
  );
  return [...types].flat().join(" | ");
}

function valuesOf(node: SchemaNode): unknown[] {
  const values: unknown[] = [];
  for (const n of alternatives(node)) {
    if (n.const !== undefined) values.push(n.const);
    values.push(...(n.enum ?? []));
    if (n.type === "boolean") values.push(true, false);
  }
  return [...new Set(values)];
}

/** The completions at `offset` in `text` (undefined: nothing to offer there). */
export function completeScenario(schema: SchemaNode, text: string, offset: number): CompletionResult | undefined {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineIndex = before.split("\n").length - 1;
  const lines = text.split("\n");
  const typed = before.slice(lineStart);
  const keyMatch = /^(\s*)(- )?([A-Za-z_$][\w$-]*)?$/.exec(typed);
  const valueMatch = /^(\s*)(- )?([A-Za-z_$][\w$-]*):\s+([\w.-]*)$/.exec(typed);
  const match = keyMatch ?? valueMatch;
  if (match === null) return undefined;
  const item = match[2] !== undefined;
  const column = (match[1] as string).length + (item ? 2 : 0);
  const path = mappingPath(lines, lineIndex, column, item);
  const present = siblings(lines, lineIndex, column);
  const objects = objectsAt(schema, path, present.get("kind"));
  if (valueMatch !== null) {
    const field = valueMatch[3] as string;
    const word = valueMatch[4] as string;
    const values = [...new Set(objects.flatMap((node) => valuesOf(node.properties?.[field] ?? {})))];
    if (values.length === 0) return undefined;
    return {
      from: offset - word.length,
      options: values.map((value) => ({ label: String(value), type: "enum", apply: String(value) })),
    };
  }
  const word = (match[3] as string | undefined) ?? "";
  const options = new Map<string, SchemaCompletion>();
  for (const node of objects) {
    for (const [key, property] of Object.entries(node.properties ?? {})) {
      if (options.has(key) || (present.has(key) && key !== word) || key === "$schema") continue;
      const fallback = property.default === undefined ? "" : ` = ${JSON.stringify(property.default).slice(0, 40)}`;
      options.set(key, {
        label: key,
        type: "property",
        apply: `${key}: `,
        detail: `${typeOf(property)}${fallback}`,
        ...(property.description === undefined ? {} : { info: property.description }),
      });
    }
  }
  if (options.size === 0) return undefined;
  return { from: offset - word.length, options: [...options.values()] };
}
