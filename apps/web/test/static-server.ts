/**
 * A tiny static file server for the built site (tests and screenshots): 127.0.0.1, a free port,
 * GET only. It sends the headers the site's `_headers` file (public/_headers, the Netlify and
 * Cloudflare Pages format) gives for `/*`, as such a host would: the cross-origin isolation a
 * split run needs. `{ siteHeaders: false }` serves without them, as a host that ignores the file.
 */
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".map": "application/json",
};

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDirectory(root: string, options: { siteHeaders?: boolean } = {}): Promise<StaticServer> {
  const base = normalize(root) + sep;
  const headers = options.siteHeaders === false ? {} : headersForAll(readFileSync(join(base, "_headers"), "utf8"));
  const server: Server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = normalize(join(base, path.endsWith("/") ? `${path}index.html` : path));
    if (request.method !== "GET" || !file.startsWith(base)) {
      response.writeHead(request.method === "GET" ? 403 : 405).end();
      return;
    }
    try {
      const body = await readFile(file);
      response
        .writeHead(200, { ...headers, "content-type": TYPES[extname(file)] ?? "application/octet-stream" })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The headers a `_headers` file gives every path (its `/*` block: the path on a line of its
 * own, then indented `Name: value` lines; `#` starts a comment). Other paths' blocks are not
 * read: the site's file has none. Throws when the file gives none for `/*`.
 */
export function headersForAll(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let path: string | undefined;
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      path = line.trim();
      continue;
    }
    const colon = line.indexOf(":");
    if (path === "/*" && colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  if (Object.keys(headers).length === 0) throw new Error("the site's _headers file gives no headers for /*");
  return headers;
}
