import { readFileSync } from "node:fs";

/** The version of @losslab/lab: its package.json is one level up from src/ and from dist/. */
export const losslabVersion: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;
