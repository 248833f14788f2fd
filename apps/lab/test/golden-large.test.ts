/** Golden records of the hours-long -large presets at the short horizon (a file of its own: it runs beside the others). */
import { describe, it } from "vitest";
import { presets } from "../src/presets/index.js";
import { assertGolden, presetShortRecord } from "./golden-kit.js";

describe.each(presets.filter((preset) => preset.long === true))("$name at the short horizon", (preset) => {
  it("matches its golden record", { timeout: 120_000 }, () => {
    assertGolden(preset.name, "short", presetShortRecord(preset));
  });
});
