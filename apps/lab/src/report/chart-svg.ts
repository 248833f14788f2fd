/**
 * Whether an SVG file is a chart as losslab draws it (vega's SVG renderer): what a kept
 * chart must be before `reproduce --all` inlines it into index.html. The check is an allow
 * list, read with a strict tokenizer: only the elements and attributes vega writes, no
 * comment, CDATA, doctype or processing instruction after the XML prolog, no event handler
 * attribute, no link but to an id of the same document (`#clip1`), no `url(...)` but to
 * one, entities only as XML spells them. Anything else (a `<script>`, an `onload`, a
 * `<foreignObject>` of HTML) makes the chart not one, and the preset is run again.
 */

/** vega's SVG vocabulary (and a little more that an SVG chart could sensibly hold). */
const ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "rect",
  "line",
  "circle",
  "ellipse",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "clipPath",
  "defs",
  "title",
  "desc",
  "linearGradient",
  "radialGradient",
  "stop",
]);

const NAME = /^[a-zA-Z_][\w:.-]*$/;
const TAG_OPEN = /^<([a-zA-Z][\w:.-]*)((?:\s+[a-zA-Z_:][\w:.-]*\s*=\s*"[^"<]*")*)\s*(\/?)>/;
const TAG_CLOSE = /^<\/([a-zA-Z][\w:.-]*)\s*>/;
const ATTRIBUTE = /([a-zA-Z_:][\w:.-]*)\s*=\s*"([^"<]*)"/g;
const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});/y;
const PROLOG = /^\s*<\?xml[^?<>]*\?>/;

/** Why `value` of attribute `name` is not one a chart has, or undefined if it is fine. */
function attributeProblem(name: string, value: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith("on")) return `an event handler attribute (${name})`;
  if (lower === "href" || lower.endsWith(":href")) {
    return /^#[\w.:-]+$/.test(value) ? undefined : `a link out of the chart (${name})`;
  }
  const text = decodeEntities(value).toLowerCase().replace(/\s+/g, "");
  if (/javascript:|vbscript:|data:|expression\(|@import/.test(text)) return `active content in ${name}`;
  for (const match of text.matchAll(/url\(([^)]*)\)/g)) {
    if (!/^['"]?#[\w.:-]+['"]?$/.test(match[1]!)) return `a url() out of the chart in ${name}`;
  }
  return undefined;
}

/** Numeric and named entities decoded (for the checks on attribute values). */
function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);/g, (_, digits: string) => String.fromCodePoint(Number(digits) % 0x110000))
    .replace(/&(lt|gt|quot|apos);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'" })[name]!)
    .replace(/&amp;/g, "&");
}

/** Whether every `&` of `text` starts an entity as XML spells them. */
function entitiesOk(text: string): boolean {
  for (let at = text.indexOf("&"); at >= 0; at = text.indexOf("&", at + 1)) {
    ENTITY.lastIndex = at;
    if (!ENTITY.test(text)) return false;
  }
  return true;
}

/** Why `svg` is not a chart as losslab draws it, or undefined when it is one. */
export function svgProblem(svg: string): string | undefined {
  let rest = svg.replace(PROLOG, "");
  const open: string[] = [];
  let roots = 0;
  while (rest.length > 0) {
    if (rest.startsWith("<")) {
      const close = TAG_CLOSE.exec(rest);
      if (close !== null) {
        if (open.pop() !== close[1]) return `</${close[1]!.slice(0, 40)}> closes no open element`;
        rest = rest.slice(close[0].length);
        continue;
      }
      const tag = TAG_OPEN.exec(rest);
      if (tag === null) return `markup that is not an element: ${JSON.stringify(rest.slice(0, 20))}`;
      const name = tag[1]!;
      if (!ELEMENTS.has(name)) return `a <${name.slice(0, 40)}> element`;
      if (open.length === 0) {
        roots++;
        if (roots > 1 || name !== "svg") return "more than one <svg> document, or another root";
      }
      for (const [, attribute, value] of tag[2]!.matchAll(ATTRIBUTE)) {
        if (!NAME.test(attribute!)) return `an attribute named ${JSON.stringify(attribute!.slice(0, 40))}`;
        if (!entitiesOk(value!)) return "a stray & in an attribute";
        const problem = attributeProblem(attribute!, value!);
        if (problem !== undefined) return problem;
      }
      if (tag[3] !== "/") open.push(name);
      rest = rest.slice(tag[0].length);
      continue;
    }
    const end = rest.indexOf("<");
    const text = end < 0 ? rest : rest.slice(0, end);
    if (open.length === 0 && text.trim() !== "") return "text outside the <svg> element";
    if (!entitiesOk(text)) return "a stray & in the text";
    rest = end < 0 ? "" : rest.slice(end);
  }
  if (open.length > 0) return `<${open.at(-1)}> is never closed`;
  if (roots === 0) return "no <svg> element";
  return undefined;
}
