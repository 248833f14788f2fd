import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  decodeScenario,
  encodeScenario,
  MAX_ENCODED_CHARS,
  MAX_SCENARIO_CHARS,
  MAX_SEARCH_CHARS,
  MAX_THREADS,
  readState,
  writeState,
} from "../src/url-state.js";

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

  it("round-trips a pinned run beside the current one: a preset and seed, or a scenario", async () => {
    const pinnedPreset = { preset: "santos-fig2a", seed: 1, pinned: { preset: "santos-fig2b", seed: 3 }, run: false };
    const search = await writeState(pinnedPreset);
    expect(search).toBe("?preset=santos-fig2a&pin-preset=santos-fig2b&pin-seed=3");
    expect(await readState(search)).toEqual({
      preset: "santos-fig2a",
      pinned: { preset: "santos-fig2b", seed: 3 },
      run: false,
    });
    const both = { scenario: "durationMs: 2\n", pinned: { scenario: "durationMs: 3\n" }, run: true };
    expect(await readState(await writeState(both))).toEqual(both);
  });

  it("round-trips a thread count (1 is left out) and refuses one that is not 1 to MAX_THREADS", async () => {
    const search = await writeState({ scenario: "durationMs: 2\n", threads: 2, pinned: { preset: "a" }, run: true });
    expect(search).toMatch(/^\?scenario=[A-Za-z0-9_-]+&threads=2&pin-preset=a&run=1$/);
    expect(await readState(search)).toEqual({
      scenario: "durationMs: 2\n",
      threads: 2,
      pinned: { preset: "a" },
      run: true,
    });
    expect(await writeState({ preset: "a", threads: 1, run: false })).toBe("?preset=a");
    expect(await readState(`?preset=a&threads=${MAX_THREADS}`)).toEqual({
      preset: "a",
      threads: MAX_THREADS,
      run: false,
    });
    for (const bad of ["0", "-1", "1.5", "", "x", String(MAX_THREADS + 1)]) {
      await expect(readState(`?preset=a&threads=${bad}`), bad).rejects.toThrow(
        `threads must be a whole number from 1 to ${MAX_THREADS}`,
      );
    }
  });

  it("refuses an oversized URL, a damaged pinned scenario, a pinned seed alone and an overlong preset name", async () => {
    await expect(readState(`?scenario=${"A".repeat(MAX_SEARCH_CHARS)}`)).rejects.toThrow("the URL's query is too long");
    await expect(readState(`?pin-scenario=${"A".repeat(MAX_ENCODED_CHARS + 1)}`)).rejects.toThrow(
      "the pin-scenario in the URL is too long",
    );
    await expect(readState("?pin-scenario=@@@")).rejects.toThrow("the pin-scenario in the URL is not base64url text");
    await expect(readState(`?pin-scenario=${base64url(new Uint8Array([1, 2, 3, 4]))}`)).rejects.toThrow(
      "the pin-scenario in the URL is damaged",
    );
    await expect(readState("?preset=a&pin-seed=2")).rejects.toThrow("pin-seed needs pin-preset");
    await expect(readState("?preset=a&pin-preset=b&pin-seed=x")).rejects.toThrow("pin-seed must be a whole number");
    await expect(readState(`?preset=${"x".repeat(101)}`)).rejects.toThrow("preset is too long");
    await expect(readState("?preset=a&seed=")).rejects.toThrow("seed must be a whole number");
  });
});
