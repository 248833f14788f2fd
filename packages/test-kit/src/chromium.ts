/**
 * The headless Chromium the browser tests drive with playwright-core: Debian's (`.ci/run`
 * installs it) or the one at $CHROMIUM_PATH, started with the flags a machine without
 * internet needs (no background networking, component updates or sync).
 */
import { existsSync } from "node:fs";

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
