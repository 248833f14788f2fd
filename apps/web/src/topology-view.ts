/**
 * The topology of a run as an SVG drawing: hosts on the bottom row, each switch one row
 * above the nearest host, each direction of a link its own line coloured by its
 * utilisation at the chosen time, so a saturation tree (the links that fill up behind a
 * hot spot) shows as a red tree. Drawn from the run's link meters (`from->to`): the page
 * needs no topology code of its own.
 */
import { svgElement } from "./dom.js";
import type { LinkView, NodeView, RunView } from "./run-view.js";

interface Layout {
  positions: Map<string, { x: number; y: number }>;
  hosts: Set<string>;
  width: number;
  height: number;
}

const ROW_GAP = 110;
const MARGIN = 40;

/**
 * Rows: hosts at 0, every other node at its hop distance from the nearest host. Without
 * `nodes`, the hosts are the nodes on one link.
 */
export function layoutTopology(links: ReadonlyArray<Pick<LinkView, "from" | "to">>, nodes?: NodeView[]): Layout {
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!neighbours.has(a)) neighbours.set(a, new Set());
    neighbours.get(a)!.add(b);
  };
  for (const { from, to } of links) {
    link(from, to);
    link(to, from);
  }
  for (const node of nodes ?? []) if (!neighbours.has(node.id)) neighbours.set(node.id, new Set());
  const names = [...neighbours.keys()].sort(naturalOrder);
  const hosts = new Set(
    nodes === undefined
      ? names.filter((name) => neighbours.get(name)!.size === 1)
      : nodes.filter((node) => node.host).map((node) => node.id),
  );
  const level = new Map<string, number>();
  let frontier = hosts.size > 0 ? [...hosts] : names.slice(0, 1);
  for (const name of frontier) level.set(name, 0);
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const other of neighbours.get(name)!) {
        if (level.has(other)) continue;
        level.set(other, level.get(name)! + 1);
        next.push(other);
      }
    }
    frontier = next;
  }
  for (const name of names) if (!level.has(name)) level.set(name, 0); // a part not connected to a host
  const top = Math.max(0, ...level.values());
  const rows: string[][] = Array.from({ length: top + 1 }, () => []);
  for (const name of names) rows[level.get(name)!]!.push(name);
  // Top row by name; each row below in the order of the mean position of its neighbours above.
  const order = new Map<string, number>();
  for (let row = top; row >= 0; row--) {
    const nodes = rows[row]!;
    const key = (name: string) => {
      const above = [...neighbours.get(name)!].filter((other) => level.get(other) === row + 1 && order.has(other));
      return above.length === 0
        ? Number.POSITIVE_INFINITY
        : above.reduce((s, o) => s + order.get(o)!, 0) / above.length;
    };
    const keys = new Map(nodes.map((name) => [name, key(name)]));
    nodes.sort((a, b) => keys.get(a)! - keys.get(b)! || naturalOrder(a, b));
    for (const [index, name] of nodes.entries()) order.set(name, (index + 0.5) / nodes.length);
  }
  const widest = Math.max(1, ...rows.map((row) => row.length));
  const width = Math.max(480, Math.min(1400, widest * 46)) + 2 * MARGIN;
  const height = top * ROW_GAP + 2 * MARGIN + 20;
  const positions = new Map<string, { x: number; y: number }>();
  for (const [row, nodes] of rows.entries()) {
    nodes.forEach((name, index) => {
      positions.set(name, {
        x: MARGIN + ((index + 0.5) / nodes.length) * (width - 2 * MARGIN),
        y: MARGIN + (top - row) * ROW_GAP,
      });
    });
  }
  return { positions, hosts, width, height };
}

const naturalOrder = (a: string, b: string): number => a.localeCompare(b, "en", { numeric: true });

/** Light grey (idle) through orange to dark red (saturated). */
export function utilisationColour(value: number): string {
  const u = Math.min(1, Math.max(0, value));
  const stops: Array<[number, [number, number, number]]> = [
    [0, [200, 204, 210]],
    [0.5, [242, 163, 58]],
    [1, [179, 0, 27]],
  ];
  const upper = u <= 0.5 ? 1 : 2;
  const [u0, c0] = stops[upper - 1]!;
  const [u1, c1] = stops[upper]!;
  const f = (u - u0) / (u1 - u0);
  const mix = (k: 0 | 1 | 2) => Math.round(c0[k] + (c1[k] - c0[k]) * f);
  return `rgb(${mix(0)}, ${mix(1)}, ${mix(2)})`;
}

/** A drawn run: `show(index)` recolours the links for time point `index` of the run. */
export interface TopologyDrawing {
  svg: SVGElement;
  show(index: number): void;
}

export function drawTopology(view: RunView): TopologyDrawing {
  const layout = layoutTopology(view.links, view.nodes);
  const svg = svgElement("svg", {
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    width: layout.width,
    height: layout.height,
    role: "img",
    "aria-label": `topology of ${view.name}`,
  });
  const lines: Array<{ line: SVGElement; title: SVGElement; link: LinkView }> = [];
  for (const link of view.links) {
    const a = layout.positions.get(link.from)!;
    const b = layout.positions.get(link.to)!;
    // The two directions of a link side by side: offset to the right of the direction of travel.
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = Math.hypot(dx, dy) || 1;
    const ox = (-dy / length) * 2.5;
    const oy = (dx / length) * 2.5;
    const title = svgElement("title");
    const line = svgElement(
      "line",
      { x1: a.x + ox, y1: a.y + oy, x2: b.x + ox, y2: b.y + oy, "stroke-linecap": "round" },
      title,
    );
    line.dataset.link = `${link.from}->${link.to}`;
    lines.push({ line, title, link });
    svg.appendChild(line);
  }
  const labels = layout.positions.size <= 80;
  for (const [name, { x, y }] of layout.positions) {
    const host = layout.hosts.has(name);
    const shape = host
      ? svgElement("circle", { cx: x, cy: y, r: 7, fill: "#ffffff", stroke: "#23395d", "stroke-width": 1.5 })
      : svgElement("rect", { x: x - 11, y: y - 11, width: 22, height: 22, rx: 3, fill: "#23395d" });
    shape.appendChild(svgElement("title", {}, `${host ? "host" : "switch"} ${name}`));
    svg.appendChild(shape);
    if (labels) {
      svg.appendChild(
        svgElement(
          "text",
          { x, y: host ? y + 22 : y - 16, "text-anchor": "middle", "font-size": 11, fill: "#222" },
          name.length > 14 ? `${name.slice(0, 13)}…` : name,
        ),
      );
    }
  }
  const show = (index: number) => {
    for (const { line, title, link } of lines) {
      if (!link.metered) {
        line.setAttribute("stroke", "#c8ccd2");
        line.setAttribute("stroke-width", "1");
        line.setAttribute("stroke-dasharray", "3 3");
        title.textContent = `${link.from} -> ${link.to}: not metered (metrics.links)`;
        continue;
      }
      const value = link.values[Math.min(index, link.values.length - 1)] ?? 0;
      line.setAttribute("stroke", utilisationColour(value));
      line.setAttribute("stroke-width", String(1.5 + 3 * Math.min(1, Math.max(0, value))));
      title.textContent = `${link.from} -> ${link.to}: utilisation ${value.toFixed(3)}`;
    }
  };
  show(view.timesMs.length - 1);
  return { svg, show };
}
