/** The output directory of a command, made before anything runs (output-dir.ts). */
import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prepareOutputDir } from "../src/files/output-dir.js";
import { UserError } from "../src/user-error.js";

describe("prepareOutputDir", () => {
  it("makes one directory for many callers at once (the shards of a job array starting together)", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "losslab-out-")), "a", "b", "points");
    await Promise.all(Array.from({ length: 16 }, () => prepareOutputDir(dir)));
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it("still refuses a file in the way", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "losslab-out-")), "taken");
    writeFileSync(file, "");
    await expect(prepareOutputDir(join(file, "points"))).rejects.toThrow(UserError);
  });
});
