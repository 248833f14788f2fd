/** shellWord: what bash reads back is the word, whatever it holds. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellWord } from "../src/terminal/shell-word.js";

describe("shellWord", () => {
  it("gives bash back every word as it was", () => {
    const words = [
      "plain/path.json",
      "",
      "two words",
      "it's",
      "$HOME",
      "`id`",
      "a\nb",
      "*",
      "~",
      "x;rm -rf y",
      "'",
      "\\",
    ];
    const line = words.map(shellWord).join(" ");
    const echoed = spawnSync("bash", ["-c", `for w in ${line}; do printf '%s\\0' "$w"; done`], { encoding: "utf8" });
    expect(echoed.stdout.split("\0").slice(0, -1)).toEqual(words);
    // A word with nothing to quote is left as it is.
    expect(shellWord("/usr/bin/node")).toBe("/usr/bin/node");
  });
});
