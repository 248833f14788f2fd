/**
 * Building DOM from data: text always goes in as text nodes (never parsed as HTML), so a
 * string from a scenario or a URL shows as typed.
 */
type Child = Node | string | number | null | undefined | false;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  append(node, children);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

export function svgElement(
  tag: string,
  attributes: Record<string, string | number> = {},
  ...children: Child[]
): SVGElement {
  const node = document.createElementNS(SVG, tag) as SVGElement;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  append(node, children);
  return node;
}

function append(node: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`the page has no #${id}`);
  return node as T;
}
