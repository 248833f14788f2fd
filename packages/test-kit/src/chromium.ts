/**
 * The headless Chromium the browser tests drive with playwright-core: Debian's (`.ci/run`
 * installs it) or the one at $CHROMIUM_PATH, started with the flags a machine without
 * internet needs (no background networking, component updates or sync).
 */
import { existsSync } from "node:fs";
import type { Browser, Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when Chromium is there. */
export function chromiumMissing(): Error | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  return new Error(
    `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium; .ci/run does) or set CHROMIUM_PATH`,
  );
}

/** playwright-core's `chromium.launch` options. */
export const chromiumLaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** A page that records what a test of it must find empty or expected: console errors, uncaught errors, requests. */
export interface WatchedPage {
  page: Page;
  /** Console messages of type error, and the messages of uncaught errors. */
  errors: string[];
  /** The URL of every request the page made. */
  requests: string[];
}

/** A new page of `browser`, of the given viewport, watched from before it loads anything. */
export async function watchedPage(browser: Browser, viewport: { width: number; height: number }): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("request", (request) => requests.push(request.url()));
  return { page, errors, requests };
}
