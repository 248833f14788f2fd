import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeScenario, encodeScenario, MAX_SCENARIO_CHARS, readState, writeState } from "../src/url-state.js";

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

describe("the page's state in its URL", () => {
  it("round-trips a preset, a seed and run=1", async () => {
    const search = await writeState({ preset: "santos-fig2a", seed: 7, run: true });
    expect(search).toBe("?preset=santos-fig2a&seed=7&run=1");
    expect(await readState(search)).toEqual({ preset: "santos-fig2a", seed: 7, run: true });
    expect(await writeState({ preset: "santos-fig2a", seed: 1, run: false })).toBe("?preset=santos-fig2a");
  });

  it("round-trips a scenario's text, compressed, including any characters", async () => {
    const text = 'name: "<img src=x onerror=alert(1)> ü &amp;"\ndurationMs: 2\n'.repeat(20);
    const search = await writeState({ scenario: text, run: true });
    expect(search.length).toBeLessThan(text.length);
    expect(await readState(search)).toEqual({ scenario: text, run: true });
    expect(await decodeScenario(await encodeScenario(""))).toBe("");
  });

  it("refuses a damaged or oversized scenario parameter and a bad seed", async () => {
    await expect(readState("?scenario=@@@")).rejects.toThrow("not base64url");
    await expect(readState(`?scenario=${base64url(new Uint8Array([1, 2, 3, 4]))}`)).rejects.toThrow("damaged");
    const bomb = base64url(deflateRawSync(Buffer.alloc(MAX_SCENARIO_CHARS + 10, 32)));
    await expect(decodeScenario(bomb)).rejects.toThrow("inflates to more than");
    await expect(readState("?preset=x&seed=-1")).rejects.toThrow("seed");
    await expect(readState("?preset=x&seed=1.5")).rejects.toThrow("seed");
  });
});
